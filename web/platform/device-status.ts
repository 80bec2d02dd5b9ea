// A device's status as every page says it (the list, the dashboard): blocked and decommissioned come before
// whether it reports, so the list and the dashboard never disagree.
import type { HealthId, StatusId } from '../../core/domain.ts';
import type { DotTone } from './status-dot.tsx';

export type DeviceStatusFields = {
  readonly online: boolean;
  readonly blocked: boolean;
  readonly decomm?: boolean;
  readonly status_id: StatusId;
};

export function deviceStatus(device: DeviceStatusFields) {
  if (device.decomm) return { key: 'deviceDashboard.status.decommissioned', tone: 'neutral' } as const;
  if (device.blocked) return { key: 'deviceDashboard.status.blocked', tone: 'neutral' } as const;
  if (!device.online) return { key: 'devices.status.offline', tone: 'error' } as const;
  return device.status_id === 'STATUS_SKIPPED_HB'
    ? ({ key: 'deviceDashboard.status.skippedHeartbeat', tone: 'warning' } as const)
    : ({ key: 'devices.status.online', tone: 'success' } as const);
}

export const HEALTH_TONES: Record<HealthId, DotTone> = {
  HEALTH_NORMAL: 'success',
  HEALTH_WARNING: 'warning',
  HEALTH_CRITICAL: 'error',
  HEALTH_UNKNOWN: 'neutral',
};

/**
 * Why the device takes no task now, as an i18n key for the tooltip of the actions it cannot receive; null
 * when it takes them.
 */
export function tasksRefusedKey(device: { readonly blocked: boolean; readonly decomm?: boolean }) {
  if (device.decomm) return 'deviceDashboard.actions.decommissioned' as const;
  if (device.blocked) return 'deviceDashboard.actions.blocked' as const;
  return null;
}
