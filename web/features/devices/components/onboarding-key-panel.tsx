// The cloud's onboarding key (docs/security.md, Adoption): what a device must present when it calls home,
// copyable, and rotatable by owners and administrators after a confirmation.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../platform/dialogs/dialog-store.ts';
import { LoadFailed } from '../../../platform/load-failed.tsx';
import { showMessage } from '../../../platform/messages/message-store.ts';
import { useOnboardingKey } from '../api/get-onboarding-key.ts';
import { useRotateOnboardingKey } from '../api/rotate-onboarding-key.ts';

export function OnboardingKeyPanel({ cloudId }: { readonly cloudId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const key = useOnboardingKey(cloudId);
  const rotate = useRotateOnboardingKey(cloudId);

  const copy = async (value: string) => {
    await navigator.clipboard?.writeText(value);
    showMessage({ content: t('devices.onboardingKey.copied') });
  };

  const confirmRotation = async () => {
    const confirmed = await confirmDialog({
      title: t('devices.onboardingKey.rotateTitle'),
      content: t('devices.onboardingKey.rotateContent'),
      confirmLabel: t('devices.onboardingKey.rotateConfirm'),
    });
    if (confirmed)
      rotate.mutate(undefined, {
        onSuccess: () => showMessage({ content: t('devices.onboardingKey.rotated') }),
      });
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 1, sm: 2 }, display: 'grid', gap: 1 }}
    >
      <Typography id={headingId} variant="h6" component="h2">
        {t('devices.onboardingKey.title')}
      </Typography>
      <Typography>{t('devices.onboardingKey.intro')}</Typography>
      {key.isPending && <CircularProgress aria-label={t('platform.listPage.loading')} />}
      {key.isError && <LoadFailed message={t('devices.onboardingKey.loadFailed')} onRetry={key.refetch} />}
      {key.data && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            label={t('devices.onboardingKey.label')}
            value={key.data.onboarding_key}
            size="small"
            slotProps={{ htmlInput: { readOnly: true, spellCheck: false, sx: { fontFamily: 'monospace' } } }}
            onFocus={(event) => event.target.select()}
            sx={{ flex: '1 1 22rem', maxWidth: '28rem' }}
          />
          <Button
            variant="outlined"
            startIcon={<ContentCopyIcon />}
            onClick={() => void copy(key.data.onboarding_key)}
          >
            {t('devices.onboardingKey.copy')}
          </Button>
          {key.data.can_rotate && (
            <Button
              variant="outlined"
              startIcon={<KeyIcon />}
              disabled={rotate.isPending}
              onClick={() => void confirmRotation()}
            >
              {t('devices.onboardingKey.rotate')}
            </Button>
          )}
        </Box>
      )}
    </Paper>
  );
}
