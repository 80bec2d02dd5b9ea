import { sql } from 'drizzle-orm';
import type {
  AlertEventData,
  DeviceEventData,
  LinksEventData,
  LiveEvent as Shared,
  TaskEventData,
} from '../../core/api/events.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';
import { queueWebhookEvents, webhookEventsOfLive } from '../features/webhooks/queue.ts';

/** The channel a committed batch of live events is announced on. */
export const LIVE_EVENTS_CHANNEL = 'live_events';

/** A live event and where it belongs, which decides who receives it. */
export type LiveEvent = { cloudId: number; siteId: number | null } & Shared;

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
  // Alerts and device status changes also go to the cloud's webhooks, in the same transaction (docs/webhooks.md#events).
  await queueWebhookEvents(tx, webhookEventsOfLive(events));
}

export const liveAlert = (data: AlertEventData): LiveEvent => ({
  kind: 'alert',
  cloudId: data.cloud_id,
  siteId: data.site_id,
  data,
});
export const liveDevice = (data: DeviceEventData): LiveEvent => ({
  kind: 'device',
  cloudId: data.cloud_id,
  siteId: data.site_id,
  data,
});
export const liveLinks = (data: LinksEventData): LiveEvent => ({
  kind: 'links',
  cloudId: data.cloud_id,
  siteId: data.site_id,
  data,
});
export const liveTask = (data: TaskEventData): LiveEvent => ({
  kind: 'task',
  cloudId: data.cloud_id,
  siteId: data.site_id,
  data,
});
