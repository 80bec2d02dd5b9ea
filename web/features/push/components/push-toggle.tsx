// The push notifications toggle in the Alerts panel (docs/states.md): enabled, disabled, or pending while the
// browser asks for permission, subscribes and the choice is saved.
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { usePushToggle } from '../use-push-toggle.ts';

export function PushToggle({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const { state, checked, setEnabled } = usePushToggle(cloudId);
  const pending = state === 'pending';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 40 }}>
      <FormControlLabel
        sx={{ mr: 0, gap: 0.5 }}
        label={t('push.toggle.label')}
        control={
          <Switch
            size="small"
            checked={checked}
            disabled={pending}
            onChange={(event) => setEnabled(event.target.checked)}
          />
        }
      />
      {pending && <CircularProgress size={16} aria-label={t('push.toggle.pending')} />}
    </Box>
  );
}
