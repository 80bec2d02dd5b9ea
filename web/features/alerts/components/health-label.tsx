// An alert's health as an icon and a word, so colour is never the only signal.

import type { SvgIconComponent } from '@mui/icons-material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import HelpIcon from '@mui/icons-material/Help';
import WarningIcon from '@mui/icons-material/Warning';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { HealthId } from '../../../../core/domain.ts';
import { HEALTH_LABEL_KEYS } from './alert-texts.ts';

const HEALTH_ICONS: Record<HealthId, { icon: SvgIconComponent; color: string }> = {
  HEALTH_UNKNOWN: { icon: HelpIcon, color: 'text.disabled' },
  HEALTH_NORMAL: { icon: CheckCircleIcon, color: 'success.main' },
  HEALTH_WARNING: { icon: WarningIcon, color: 'warning.main' },
  HEALTH_CRITICAL: { icon: ErrorIcon, color: 'error.main' },
};

export function HealthLabel({ health }: { readonly health: HealthId }) {
  const { t } = useTranslation();
  const { icon: Icon, color } = HEALTH_ICONS[health];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      <Icon aria-hidden sx={{ fontSize: 16, color }} />
      {t(HEALTH_LABEL_KEYS[health])}
    </Box>
  );
}
