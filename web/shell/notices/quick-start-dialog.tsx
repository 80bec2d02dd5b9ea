import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routes } from '../../../core/routes.ts';
import { ModalShell } from '../../platform/dialogs/modal-shell.tsx';
import { VideoPlayer } from './video-player.tsx';

/** The welcome video of a trial cloud. */
export const QUICK_START_VIDEO_URL = '/media/videos/getting-started.webm';

/** docs/roles.md: the quick-start guide for the owner of a trial cloud. */
export function QuickStartDialog({
  cloudId,
  onClose,
}: {
  readonly cloudId: number;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const steps = [
    { id: 'site', label: t('shell.quickStart.stepSite'), to: routes.sitesAdd.href({ cloudId }) },
    { id: 'devices', label: t('shell.quickStart.stepDevices'), to: routes.devices.href({ cloudId }) },
    { id: 'users', label: t('shell.quickStart.stepUsers'), to: routes.users.href({ cloudId }) },
  ];
  return (
    <ModalShell
      open
      title={t('shell.quickStart.title')}
      onClose={onClose}
      maxWidth="md"
      actions={
        <Button variant="contained" onClick={onClose}>
          {t('platform.dialogs.close')}
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography>{t('shell.quickStart.intro')}</Typography>
        <VideoPlayer src={QUICK_START_VIDEO_URL} label={t('shell.quickStart.video')} />
        <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.5 }}>
          {steps.map((step) => (
            <li key={step.id}>
              <Link component={RouterLink} to={step.to} onClick={onClose}>
                {step.label}
              </Link>
            </li>
          ))}
        </Box>
      </Box>
    </ModalShell>
  );
}
