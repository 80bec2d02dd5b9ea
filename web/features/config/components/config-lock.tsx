// docs/configuration.md#drift: "Always follow the console": a change made on a device is overwritten with
// the console's document; only members with change_lock_config turn it on or off.
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSaveSiteConfig } from '../api/save-site-config.ts';

export function ConfigLock({
  cloudId,
  siteId,
  locked,
  canChange,
}: {
  readonly cloudId: number;
  readonly siteId: number;
  readonly locked: boolean;
  readonly canChange: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveSiteConfig(cloudId, siteId);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 0.5 }}>
      <FormControlLabel
        control={
          <Switch
            checked={locked}
            disabled={!canChange || save.isPending}
            onChange={(_, checked) => save.mutate({ config_lock: checked })}
          />
        }
        label={t('config.lock.label')}
      />
      <Typography variant="body2" color="text.secondary">
        {t('config.lock.help')}
      </Typography>
    </Paper>
  );
}
