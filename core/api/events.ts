// What GET /apiv2/events (Server-Sent Events) carries, shared by the server, which publishes it, and the
// web app, which follows it. Each message's `event` is the kind; its `data` is one of these.
import type { HealthId, StatusId, TaskState } from '../domain.ts';
import type { TaskStateCounts } from '../tasks.ts';

type Place = { cloudId: number; siteId: number | null };

export type AlertEventData = Place & {
  alertId: number;
  alertType: string;
  healthId: HealthId;
  deviceId: number | null;
  smartNvrId: number | null;
  change: 'raised' | 'resolved';
};

export type TaskEventData = Place & { taskId: number; taskState: TaskState; stateCounts: TaskStateCounts };

export type DeviceEventData = Place & {
  deviceId: number | null;
  smartNvrId: number | null;
  statusId: StatusId;
  healthId: HealthId;
};

export type LiveEvent =
  | { kind: 'alert'; data: AlertEventData }
  | { kind: 'task'; data: TaskEventData }
  | { kind: 'device'; data: DeviceEventData };

export const LIVE_EVENT_KINDS: readonly LiveEvent['kind'][] = ['alert', 'task', 'device'];
