import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../core/routes.ts';
import { useCachedMe } from '../auth/index.ts';

/** Any address that is not a console page, or a page address with an id that cannot exist. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const defaultCloudId = useCachedMe()?.default_cloud_id ?? null;
  return (
    <Box
      component="section"
      aria-labelledby="page-title"
      sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}
    >
      <Typography id="page-title" variant="h1">
        {t('shell.notFound.title')}
      </Typography>
      <Typography>{t('shell.notFound.body')}</Typography>
      {defaultCloudId === null ? (
        <Link component={RouterLink} to={routes.noCloud.href()}>
          {t('shell.notFound.noCloudLink')}
        </Link>
      ) : (
        <Link component={RouterLink} to={routes.cloudDashboard.href({ cloudId: defaultCloudId })}>
          {t('shell.notFound.dashboardLink')}
        </Link>
      )}
    </Box>
  );
}
