// docs/configuration.md#progress: how many devices are in each state, each count a filter of the list below
// (every state, the first chip, by default).
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import {
  DEVICE_APPLY_STATES,
  type DeviceApplyState,
  type SiteConfigDevices,
} from '../../../../core/api/config.ts';
import { APPLY_STATE_KEYS } from './apply-labels.ts';

export function ProgressChips({
  counts,
  state,
  onState,
}: {
  readonly counts: SiteConfigDevices['counts'];
  /** The state the list is filtered by; undefined for every state. */
  readonly state: DeviceApplyState | undefined;
  readonly onState: (state: DeviceApplyState | undefined) => void;
}) {
  const { t } = useTranslation();
  const total = DEVICE_APPLY_STATES.reduce((sum, one) => sum + counts[one], 0);
  const chip = (value: DeviceApplyState | undefined, label: string, count: number) => {
    const selected = state === value;
    return (
      <Chip
        key={value ?? 'all'}
        label={t('config.progress.chip', { state: label, count })}
        // Failures stand out while there are any; the chip the list is filtered by is filled.
        color={selected ? 'primary' : value === 'failed' && count > 0 ? 'error' : 'default'}
        variant={selected ? 'filled' : 'outlined'}
        aria-pressed={selected}
        onClick={() => onState(value)}
      />
    );
  };
  return (
    <Box
      role="group"
      aria-label={t('config.progress.filter')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
    >
      {chip(undefined, t('config.progress.all'), total)}
      {DEVICE_APPLY_STATES.map((one) => chip(one, t(APPLY_STATE_KEYS[one]), counts[one]))}
    </Box>
  );
}
