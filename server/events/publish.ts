import { sql } from 'drizzle-orm';
import type { HealthId, StatusId, TaskState } from '../../core/domain.ts';
import type { TaskStateCounts } from '../../core/tasks.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';

/** The channel a committed batch of live events is announced on. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

type Place = { cloudId: number; siteId: number | null };

/** What the browser's event stream carries (GET /apiv2/events); `data` is sent as it is. */
export type LiveEvent =
  | (Place & {
      kind: 'alert';
      data: Place & {
        alertId: number;
        alertType: string;
        healthId: HealthId;
        deviceId: number | null;
        smartNvrId: number | null;
        change: 'raised' | 'resolved';
      };
    })
  | (Place & {
      kind: 'task';
      data: Place & { taskId: number; taskState: TaskState; stateCounts: TaskStateCounts };
    })
  | (Place & {
      kind: 'device';
      data: Place & {
        deviceId: number | null;
        smartNvrId: number | null;
        statusId: StatusId;
        healthId: HealthId;
      };
    });

/**
 * Stores live events in the caller's transaction and announces them: every server process's stream hub
 * reads them once the transaction commits, and nothing is announced for a change that rolled back.
 */
export async function publishLive(tx: Database, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map((event) => ({
    cloud_id: event.cloudId,
    site_id: event.siteId,
    kind: event.kind,
    data: event.data,
  }));
  await tx.execute(sql`
    INSERT INTO live_events (cloud_id, site_id, kind, data)
    SELECT cloud_id, site_id, kind, data
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, site_id int, kind text, data jsonb)`);
  await tx.execute(sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, '')`);
}

/** Helpers for the common shapes. */
export const liveAlert = (alert: Omit<Extract<LiveEvent, { kind: 'alert' }>['data'], never>): LiveEvent => ({
  kind: 'alert',
  cloudId: alert.cloudId,
  siteId: alert.siteId,
  data: alert,
});

export const liveDevice = (device: Extract<LiveEvent, { kind: 'device' }>['data']): LiveEvent => ({
  kind: 'device',
  cloudId: device.cloudId,
  siteId: device.siteId,
  data: device,
});

export const liveTask = (task: Extract<LiveEvent, { kind: 'task' }>['data']): LiveEvent => ({
  kind: 'task',
  cloudId: task.cloudId,
  siteId: task.siteId,
  data: task,
});
