// The texts of an apply's outcome for a device: why an apply passes it by, and where it stands.
import type { DeviceApplyState, SKIP_REASONS } from '../../../../core/api/config.ts';

export const SKIP_REASON_KEYS = {
  suspended: 'config.skip.suspended',
  offline: 'config.skip.offline',
  standalone: 'config.skip.standalone',
  not_allowed: 'config.skip.notAllowed',
  unavailable: 'config.skip.unavailable',
} as const satisfies Record<(typeof SKIP_REASONS)[number], string>;

export const APPLY_STATE_KEYS = {
  applied: 'config.progress.applied',
  pending: 'config.progress.pending',
  failed: 'config.progress.failed',
  skipped: 'config.progress.skipped',
  not_sent: 'config.progress.notSent',
} as const satisfies Record<DeviceApplyState, string>;
