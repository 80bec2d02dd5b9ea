// A site's health from its devices: how many are critical and warning, each with an icon and a word, so
// colour is never the only signal.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { SiteListItem } from '../../../../core/api/sites.ts';

const part = { display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' } as const;

export function SiteHealth({ site }: { readonly site: SiteListItem }) {
  const { t } = useTranslation();
  if (site.device_count === 0) return <span>{t('sites.health.noDevices')}</span>;
  if (site.critical_count === 0 && site.warning_count === 0) {
    return (
      <Box component="span" sx={{ ...part, whiteSpace: 'normal' }}>
        <CheckCircleIcon aria-hidden sx={{ fontSize: 16, color: 'success.main' }} />
        {t('sites.health.clear')}
      </Box>
    );
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', columnGap: 1.5 }}>
      {site.critical_count > 0 && (
        <Box component="span" sx={part}>
          <ErrorIcon aria-hidden sx={{ fontSize: 16, color: 'error.main' }} />
          {t('sites.health.critical', { count: site.critical_count })}
        </Box>
      )}
      {site.warning_count > 0 && (
        <Box component="span" sx={part}>
          <WarningIcon aria-hidden sx={{ fontSize: 16, color: 'warning.main' }} />
          {t('sites.health.warning', { count: site.warning_count })}
        </Box>
      )}
    </Box>
  );
}
