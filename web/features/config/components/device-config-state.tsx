// A device's configuration state: whether it runs what the console last sent, a suspension and the way to
// resume, whether it takes the site's document, and a draft waiting to be applied.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceConfig } from '../../../../core/api/config.ts';

const shortHash = (hash: string | null, none: string) => (hash === null ? none : hash.slice(0, 12));

export function DeviceConfigState({
  config,
  busy,
  onResume,
  onInherit,
  onApply,
}: {
  readonly config: DeviceConfig;
  readonly busy: boolean;
  readonly onResume: () => void;
  readonly onInherit: (inherit: boolean) => void;
  readonly onApply: () => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const sync =
    config.console_hash === null
      ? t('config.device.notSent')
      : config.console_hash === config.applied_hash
        ? t('config.device.inSync')
        : t('config.device.outOfSync');
  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Typography id={headingId} variant="h2">
        {t('config.device.stateTitle')}
      </Typography>
      <Box>
        <Typography role="status">{sync}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {t('config.device.hashes', {
            console: shortHash(config.console_hash, t('config.device.noHash')),
            device: shortHash(config.applied_hash, t('config.device.noHash')),
          })}
        </Typography>
      </Box>
      {config.suspend_config && (
        <Alert
          severity="warning"
          action={
            config.can_change && (
              <Button color="inherit" size="small" disabled={busy} onClick={onResume}>
                {t('config.device.resume')}
              </Button>
            )
          }
        >
          {t('config.device.suspended')}{' '}
          {config.suspend_reason !== null &&
            t('config.device.suspendReason', { reason: config.suspend_reason })}
        </Alert>
      )}
      {config.site_id !== null && (
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={config.inherit}
                disabled={!config.can_change || busy}
                onChange={(event) => onInherit(event.target.checked)}
              />
            }
            label={t('config.device.inherit')}
          />
          <Typography variant="body2" color="text.secondary">
            {config.inherit ? t('config.device.inheritOn') : t('config.device.inheritOff')}
          </Typography>
        </Box>
      )}
      {config.has_draft && (
        <Alert
          severity="info"
          action={
            config.can_change && (
              <Button color="inherit" size="small" disabled={busy} onClick={onApply}>
                {t('config.device.apply')}
              </Button>
            )
          }
        >
          {t('config.device.draft')}
        </Alert>
      )}
    </Paper>
  );
}
