// What GET /apiv2/events (Server-Sent Events) carries, shared by the server, which publishes it, and the
// web app, which follows it. Each message's `event` is the kind; its `data` is one of these.
import type { HealthId, StatusId, TaskState, TaskType } from '../domain.ts';
import type { TaskStateCounts } from '../tasks.ts';

type Place = { cloud_id: number; site_id: number | null };

export type AlertEventData = Place & {
  alert_id: number;
  alert_type: string;
  health_id: HealthId;
  device_id: number | null;
  snvr_device_id: number | null;
  change: 'raised' | 'resolved';
};

/** stateCounts keeps the name the task entity gives it (docs/api-conventions.md, One casing). */
export type TaskEventData = Place & {
  task_id: number;
  type_id: TaskType;
  task_state: TaskState;
  stateCounts: TaskStateCounts;
};

export type DeviceEventData = Place & {
  device_id: number | null;
  snvr_device_id: number | null;
  status_id: StatusId;
  health_id: HealthId;
};

/** A device's links changed state: one appeared or went, went up or down (docs/topology.md#link-reports). */
export type LinksEventData = Place & { device_id: number };

export type LiveEvent =
  | { kind: 'alert'; data: AlertEventData }
  | { kind: 'task'; data: TaskEventData }
  | { kind: 'device'; data: DeviceEventData }
  | { kind: 'links'; data: LinksEventData };

export const LIVE_EVENT_KINDS: readonly LiveEvent['kind'][] = ['alert', 'task', 'device', 'links'];
