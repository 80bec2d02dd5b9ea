// A device's configuration state: whether it runs what the console last sent, a suspension and the way to
// resume, whether it takes the site's document, and a draft waiting to be applied or discarded.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DeviceConfig } from '../../../../core/api/config.ts';
import { ConfigSection } from './config-section.tsx';

const shortHash = (hash: string | null, none: string) => (hash === null ? none : hash.slice(0, 12));

export function DeviceConfigState({
  config,
  busy,
  onResume,
  onInherit,
  onApply,
  onDiscard,
}: {
  readonly config: DeviceConfig;
  readonly busy: boolean;
  readonly onResume: () => void;
  readonly onInherit: (inherit: boolean) => void;
  readonly onApply: () => void;
  readonly onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const sync =
    config.console_hash === null
      ? t('config.device.notSent')
      : config.console_hash === config.applied_hash
        ? t('config.device.inSync')
        : t('config.device.outOfSync');
  return (
    <ConfigSection title={t('config.device.stateTitle')}>
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
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
                <Button color="inherit" size="small" disabled={busy} onClick={onApply}>
                  {t('config.device.apply')}
                </Button>
                <Button color="inherit" size="small" disabled={busy} onClick={onDiscard}>
                  {t('config.device.discard')}
                </Button>
              </Box>
            )
          }
        >
          {t('config.device.draft')}
        </Alert>
      )}
    </ConfigSection>
  );
}
