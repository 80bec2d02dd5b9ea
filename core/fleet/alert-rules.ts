// When each of docs/entities.md's 17 alert types is raised and resolved (docs/alert-rules.md says the same in prose).
import { type AlertData, type AlertParams, encodeAlertData } from '../alerts/alert-params.ts';
import type { AlertType, HealthId, TaskState, TaskType } from '../domain.ts';
import type { AgentEvent, HeartbeatRequest } from './protocol.ts';

/** How bad an open alert of each type makes the device's health (core/fleet/health.ts). */
export const ALERT_HEALTH: Readonly<Record<AlertType, HealthId>> = {
  DEV_CONFIG_FAILED: 'HEALTH_WARNING',
  DEV_UNREACHABLE: 'HEALTH_CRITICAL',
  DEV_REBOOT: 'HEALTH_WARNING',
  BOOTBANK_REVERT: 'HEALTH_CRITICAL',
  POWER_CONSUMPTION: 'HEALTH_WARNING',
  DEV_REQ_ACTION: 'HEALTH_WARNING',
  MEDIA_SYNC_FAILURE: 'HEALTH_WARNING',
  TIME_UNSYNCED: 'HEALTH_WARNING',
  LINK_60G_DOWN: 'HEALTH_CRITICAL',
  STREAM_FAILED: 'HEALTH_WARNING',
  TASK_FAILED: 'HEALTH_WARNING',
  UCI_FILE_SYNC: 'HEALTH_WARNING',
  CHANNEL_CHANGED: 'HEALTH_NORMAL',
  FW_UPGRADED: 'HEALTH_NORMAL',
  FW_DOWNGRADED: 'HEALTH_WARNING',
  DEV_MANAGE_DEVICE_UNREACHABLE: 'HEALTH_CRITICAL',
  // A cloud's, on no device: it holds no device's health down.
  GUEST_CERT_EXPIRING: 'HEALTH_WARNING',
};

/**
 * Alerts that record something that happened rather than a state that lasts: stored already resolved
 * (resolved_at = problem_at), so they tell the story without holding the device's health down.
 */
export const EVENT_ALERTS: ReadonlySet<AlertType> = new Set<AlertType>([
  'DEV_REBOOT',
  'BOOTBANK_REVERT',
  'CHANNEL_CHANGED',
  'FW_UPGRADED',
  'FW_DOWNGRADED',
  'TASK_FAILED',
  'GUEST_CERT_EXPIRING',
]);

/** An alert to store: its type, the condition it stands for (key) and its alert_data_1..3. */
export type AlertDraft = { type: AlertType; key: string; data: AlertData };

/** A condition alert's identity among the device's open ones. */
export const conditionId = (draft: Pick<AlertDraft, 'type' | 'key'>) => `${draft.type}|${draft.key}`;

export function parseConditionId(id: string): { type: AlertType; key: string } {
  const bar = id.indexOf('|');
  return { type: id.slice(0, bar) as AlertType, key: id.slice(bar + 1) };
}

/** Condition alerts whose state every heartbeat reports; a heartbeat that no longer shows one resolves it. */
export const HEARTBEAT_CONDITIONS: ReadonlySet<AlertType> = new Set<AlertType>([
  'DEV_CONFIG_FAILED',
  'POWER_CONSUMPTION',
  'DEV_REQ_ACTION',
  'MEDIA_SYNC_FAILURE',
  'TIME_UNSYNCED',
  'LINK_60G_DOWN',
  'STREAM_FAILED',
  'UCI_FILE_SYNC',
  'DEV_MANAGE_DEVICE_UNREACHABLE',
]);

/** An alert of a type with its values, written as its definition says (core/alerts/alert-params.ts). */
export const draft = <T extends AlertType>(type: T, key: string, values: AlertParams<T>): AlertDraft => ({
  type,
  key,
  data: encodeAlertData(type, values),
});

/** The conditions a heartbeat shows, each a condition alert that is open while it lasts. */
export function heartbeatConditions(report: HeartbeatRequest): AlertDraft[] {
  const found: AlertDraft[] = [];
  const { system } = report;
  if (!report.timeSync.synced) {
    const offsetMs = report.timeSync.offsetMs;
    found.push(
      draft('TIME_UNSYNCED', '', { offset: offsetMs === undefined ? null : Math.abs(offsetMs) / 1000 }),
    );
  }
  if (
    system.powerW !== undefined &&
    system.powerBudgetW !== undefined &&
    system.powerW > system.powerBudgetW
  ) {
    found.push(draft('POWER_CONSUMPTION', '', { used: system.powerW, budget: system.powerBudgetW }));
  }
  if (!report.config.applied)
    found.push(draft('DEV_CONFIG_FAILED', '', { reason: report.config.error ?? null }));
  if (report.config.unsyncedFiles.length > 0) {
    found.push(
      draft('UCI_FILE_SYNC', '', { files: report.config.unsyncedFiles.join(', ').slice(0, 200), keys: null }),
    );
  }
  if (report.actionRequired) found.push(draft('DEV_REQ_ACTION', '', { action: report.actionRequired }));
  for (const link of report.links ?? []) {
    if (link.band === '60' && !link.up)
      found.push(draft('LINK_60G_DOWN', lower(link.peerMac), { peer: lower(link.peerMac) }));
  }
  for (const camera of report.cameras ?? []) {
    if (camera.stream === 'failed')
      found.push(draft('STREAM_FAILED', camera.id, { camera: camera.name, reason: null }));
  }
  if (report.mediaSync && !report.mediaSync.ok) {
    const cameraId = report.mediaSync.cameraId;
    const camera = report.cameras?.find((candidate) => candidate.id === cameraId);
    found.push(
      draft('MEDIA_SYNC_FAILURE', cameraId ?? '', {
        camera: camera?.name ?? cameraId ?? null,
        reason: report.mediaSync.error ?? null,
      }),
    );
  }
  for (const managed of report.managedDevices ?? []) {
    if (!managed.reachable) {
      const mac = lower(managed.mac);
      found.push(draft('DEV_MANAGE_DEVICE_UNREACHABLE', mac, { name: managed.name || null, mac }));
    }
  }
  return found;
}

const lower = (mac: string) => mac.toLowerCase();

/**
 * The alert an event raises, if any: condition alerts stay open until a heartbeat no longer shows the
 * condition; event alerts are stored resolved. A reboot and a firmware change are handled by
 * core/fleet/rules.ts, which also sees them in heartbeats.
 */
export function eventAlert(event: AgentEvent): AlertDraft | null {
  switch (event.type) {
    case 'config_failed':
      return draft('DEV_CONFIG_FAILED', '', { reason: event.data.error });
    case 'channel_changed': {
      const { band, from, to } = event.data;
      return draft('CHANNEL_CHANGED', band, { from, to, band });
    }
    case 'bootbank_revert':
      return draft('BOOTBANK_REVERT', '', { failed: event.data.failed, running: event.data.running });
    case 'link_60g_down':
      return draft('LINK_60G_DOWN', lower(event.data.peerMac), { peer: lower(event.data.peerMac) });
    case 'stream_failed':
      return draft('STREAM_FAILED', event.data.cameraId, {
        camera: event.data.cameraName,
        reason: event.data.error,
      });
    case 'media_sync_failed':
      return draft('MEDIA_SYNC_FAILURE', event.data.cameraId ?? '', {
        camera: event.data.cameraName ?? event.data.cameraId ?? null,
        reason: event.data.error,
      });
    case 'managed_device_unreachable': {
      const mac = lower(event.data.mac);
      return draft('DEV_MANAGE_DEVICE_UNREACHABLE', mac, { name: event.data.name || null, mac });
    }
    case 'action_required':
      return draft('DEV_REQ_ACTION', '', { action: event.data.reason });
    case 'reboot':
    case 'firmware_changed':
    // A failover is kept for the WAN charts (docs/telemetry.md): the WAN that went down raises its own alert.
    case 'wan_failover':
      return null;
  }
}

/** DEV_UNREACHABLE of a device the status sweep took offline: how long it had been silent. */
export function unreachableAlertData(lastHeartbeatAt: Date | null, now: Date): AlertData {
  const silence = lastHeartbeatAt === null ? null : (now.getTime() - lastHeartbeatAt.getTime()) / 1000;
  return encodeAlertData('DEV_UNREACHABLE', { silence });
}

/** TASK_FAILED of a task that ended with targets failed or timed out: its type and how many of them failed. */
export function taskFailedAlertData(
  task: { id: number; type: TaskType },
  counts: Readonly<Record<TaskState, number>>,
): AlertData {
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  return encodeAlertData('TASK_FAILED', {
    task: task.id,
    type: task.type,
    devices: { failed: total - counts.TASK_SUCCESS, total },
  });
}

/**
 * GUEST_CERT_EXPIRING of a cloud's guest access certificate that ends within 30 days
 * (docs/guest-access.md#certificate-and-nas): its subject and the time left.
 */
export function certificateExpiringAlertData(
  certificate: { subject: string; notAfter: Date },
  now: Date,
): AlertData {
  const left = Math.max(0, (certificate.notAfter.getTime() - now.getTime()) / 1000);
  return encodeAlertData('GUEST_CERT_EXPIRING', { subject: certificate.subject, left });
}
