// docs/webhooks.md#events: an event some webhook wants is stored once (docs/webhooks.md#storage), with one
// delivery row per webhook that wants it, written in the transaction that makes the event, so a crash loses
// none and a rollback sends none (at least once). An event no webhook wants stores nothing.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEBHOOK_SCHEMA_VERSION, type WebhookEvent } from '../../../core/api/webhooks.ts';
import type { Database } from '../../db/connect.ts';
import { jsonRows } from '../../db/rows.ts';
import type { LiveEvent } from '../../events/publish.ts';

/** An event of a cloud (and a site, when it has one) as webhooks receive it. */
export type WebhookEventInput = {
  event: WebhookEvent;
  cloudId: number;
  siteId: number | null;
  /** The event's own fields (docs/webhooks.md#events). */
  data: Record<string, unknown>;
  /** For alert events: what the alert-type and health filters compare. */
  alertType?: string;
  healthId?: string;
};

/**
 * Queues the events for the webhooks that want them (event kind, site filter, alert type and health
 * filters), in the caller's transaction. Each event gets one idempotency id, the same for every webhook.
 */
export async function queueWebhookEvents(
  tx: Database,
  events: readonly WebhookEventInput[],
  now = new Date(),
): Promise<void> {
  if (events.length === 0) return;
  const occurredAt = now.toISOString();
  const rows = events.map((event) => ({
    event_id: randomUUID(),
    event: event.event,
    cloud_id: event.cloudId,
    site_id: event.siteId,
    alert_type: event.alertType ?? null,
    health_id: event.healthId ?? null,
    data: event.data,
  }));
  // One statement: the webhooks each event reaches, the events reaching at least one stored once with their
  // body, and a delivery per (webhook, event). PostgreSQL runs a WITH's INSERT to completion whether or not
  // the rest reads it, and checks the deliveries' reference to their event at the statement's end, so the
  // deliveries need not join the events written (a join that cost more than the rest).
  await tx.execute(sql`
    WITH e AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(rows)}) AS e(event_id uuid, event text, cloud_id int,
        site_id int, alert_type text, health_id text, data jsonb)),
    wanted AS (
      SELECT w.id AS webhook_id, e.event_id, e.event FROM e
      JOIN webhooks w ON w.cloud_id = e.cloud_id AND w.enabled AND e.event = ANY(w.events)
        AND (cardinality(w.site_ids) = 0 OR e.site_id = ANY(w.site_ids))
        AND (e.alert_type IS NULL OR cardinality(w.alert_types) = 0 OR e.alert_type = ANY(w.alert_types))
        AND (e.health_id IS NULL OR cardinality(w.alert_health_ids) = 0 OR e.health_id = ANY(w.alert_health_ids))),
    stored AS (
      INSERT INTO webhook_events (id, event, cloud_id, site_id, payload, occurred_at)
      SELECT e.event_id, e.event, e.cloud_id, e.site_id,
        jsonb_build_object('id', e.event_id, 'event', e.event, 'version', ${WEBHOOK_SCHEMA_VERSION}::int,
          'occurred_at', ${occurredAt}::text, 'cloud_id', e.cloud_id, 'site_id', e.site_id, 'data', e.data),
        ${occurredAt}::timestamptz
      FROM e WHERE e.event_id IN (SELECT event_id FROM wanted))
    INSERT INTO webhook_deliveries (webhook_id, event_id, event, next_attempt_at)
    SELECT wanted.webhook_id, wanted.event_id, wanted.event, ${occurredAt}::timestamptz
    FROM wanted`);
}

/**
 * The webhook events among live events: alerts raised or resolved (a drift alert is also config.drifted),
 * and devices whose status or health changed.
 */
export function webhookEventsOfLive(events: readonly LiveEvent[]): WebhookEventInput[] {
  const out: WebhookEventInput[] = [];
  for (const live of events) {
    if (live.kind === 'alert') {
      const { cloud_id: _cloud, site_id: _site, ...data } = live.data;
      out.push({
        event: live.data.change === 'raised' ? 'alert.raised' : 'alert.resolved',
        cloudId: live.cloudId,
        siteId: live.siteId,
        data,
        alertType: live.data.alert_type,
        healthId: live.data.health_id,
      });
      // docs/configuration.md#drift: a device's running configuration differs from the console's.
      if (live.data.alert_type === 'UCI_FILE_SYNC' && live.data.change === 'raised')
        out.push({
          event: 'config.drifted',
          cloudId: live.cloudId,
          siteId: live.siteId,
          data: { device_id: live.data.device_id, alert_id: live.data.alert_id },
        });
    } else if (live.kind === 'device') {
      const { cloud_id: _cloud, site_id: _site, ...data } = live.data;
      out.push({ event: 'device.status_changed', cloudId: live.cloudId, siteId: live.siteId, data });
    }
  }
  return out;
}
