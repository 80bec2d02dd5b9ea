// A guest account's state (docs/guest-access.md#states) as a chip: its name, and a colour besides.
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { GuestAccountState } from '../../../../core/api/guest-accounts.ts';

export const STATE_KEYS = {
  unused: 'guestAccounts.state.unused',
  active: 'guestAccounts.state.active',
  used_up: 'guestAccounts.state.usedUp',
  expired: 'guestAccounts.state.expired',
  revoked: 'guestAccounts.state.revoked',
} as const satisfies Record<GuestAccountState, string>;

// Colours whose text keeps its contrast (an orange chip does not): the label says the state in any case.
const COLORS = {
  unused: 'default',
  active: 'success',
  used_up: 'default',
  expired: 'default',
  revoked: 'error',
} as const satisfies Record<GuestAccountState, 'default' | 'success' | 'error'>;

export function StateChip({ state }: { readonly state: GuestAccountState }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t(STATE_KEYS[state])}
      color={COLORS[state]}
      variant={state === 'unused' || state === 'expired' ? 'outlined' : 'filled'}
    />
  );
}
