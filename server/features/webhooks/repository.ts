// Webhooks' reads and writes (docs/webhooks.md): the cloud's webhooks, a test delivery, the delivery log.
// Deliveries name their event (docs/webhooks.md#storage), whose body is stored once.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { LIST_COUNT_MAX } from '../../../core/api/list-query.ts';
import {
  type CreateWebhookBody,
  type UpdateWebhookBody,
  WEBHOOK_SCHEMA_VERSION,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookPage,
} from '../../../core/api/webhooks.ts';
import type { HealthId } from '../../../core/domain.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks.ts';
import type { SecretBox } from '../config/seal.ts';

type WebhookRow = typeof webhooks.$inferSelect;

const iso = (at: Date | null) => (at === null ? null : at.toISOString());

export function webhookOut(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events as Webhook['events'],
    format: row.format,
    site_ids: row.siteIds,
    alert_types: row.alertTypes,
    alert_health_ids: row.alertHealthIds as HealthId[],
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    failing_since: iso(row.failingSince),
    secret_set: row.secret.length > 0,
    created_at: row.createdAt.toISOString(),
  };
}

/** What the change log keeps of a webhook: never the secret. */
const logged = (webhook: Webhook) => ({
  url: webhook.url,
  events: webhook.events,
  format: webhook.format,
  site_ids: webhook.site_ids,
  alert_types: webhook.alert_types,
  alert_health_ids: webhook.alert_health_ids,
  enabled: webhook.enabled,
});

export async function listWebhooks(
  db: Database,
  cloudId: number,
  offset: number,
  limit: number,
): Promise<WebhookPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhooks)
      .where(eq(webhooks.cloudId, cloudId))
      .orderBy(webhooks.id)
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(webhooks).where(eq(webhooks.cloudId, cloudId)),
  ]);
  return { items: rows.map(webhookOut), total: total?.n ?? 0, total_capped: false };
}

export async function countWebhooks(db: Database, cloudId: number): Promise<number> {
  const [total] = await db.select({ n: count() }).from(webhooks).where(eq(webhooks.cloudId, cloudId));
  return total?.n ?? 0;
}

export async function findWebhook(db: Database, cloudId: number, id: number): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.cloudId, cloudId), eq(webhooks.id, id)));
  return row ?? null;
}

export async function createWebhook(
  db: Database,
  secrets: SecretBox,
  actor: AuditActor,
  cloudId: number,
  body: CreateWebhookBody,
): Promise<Webhook> {
  return db.transaction(async (tx) => {
    const enabled = body.enabled ?? true;
    const [row] = await tx
      .insert(webhooks)
      .values({
        cloudId,
        url: body.url,
        events: body.events,
        secret: secrets.sealText(body.secret),
        format: body.format ?? 'json',
        siteIds: body.site_ids ?? [],
        alertTypes: body.alert_types ?? [],
        alertHealthIds: body.alert_health_ids ?? [],
        enabled,
        disabledReason: enabled ? null : 'manual',
        createdBy: actor.userId,
      })
      .returning();
    const webhook = webhookOut(row as WebhookRow);
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'webhook',
      objectId: webhook.id,
      objectName: webhook.url,
      after: logged(webhook),
    });
    return webhook;
  });
}

export async function updateWebhook(
  db: Database,
  secrets: SecretBox,
  actor: AuditActor,
  before: WebhookRow,
  body: UpdateWebhookBody,
): Promise<Webhook> {
  return db.transaction(async (tx) => {
    const turnedOff = body.enabled === false && before.enabled;
    const turnedOn = body.enabled === true && !before.enabled;
    const [row] = await tx
      .update(webhooks)
      .set({
        url: body.url,
        events: body.events,
        secret: body.secret === undefined ? undefined : secrets.sealText(body.secret),
        format: body.format,
        siteIds: body.site_ids,
        alertTypes: body.alert_types,
        alertHealthIds: body.alert_health_ids,
        enabled: body.enabled,
        // Turned on again, it starts afresh; turned off, what waits for it is given up.
        ...(turnedOn ? { disabledReason: null, failingSince: null } : {}),
        ...(turnedOff ? { disabledReason: 'manual' as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhooks.id, before.id))
      .returning();
    if (turnedOff) await giveUpWaiting(tx, before.id);
    const webhook = webhookOut(row as WebhookRow);
    await audit(tx, actor, {
      cloudId: before.cloudId,
      action: 'changed',
      objectType: 'webhook',
      objectId: webhook.id,
      objectName: webhook.url,
      before: logged(webhookOut(before)),
      after: { ...logged(webhook), ...(body.secret === undefined ? {} : { secret_changed: true }) },
    });
    return webhook;
  });
}

async function giveUpWaiting(tx: Database, webhookId: number) {
  await tx.execute(sql`
    UPDATE webhook_deliveries SET state = 'given_up', next_attempt_at = NULL
    WHERE webhook_id = ${webhookId} AND state IN ('pending', 'failed')`);
}

export async function deleteWebhook(db: Database, actor: AuditActor, before: WebhookRow): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(webhooks).where(eq(webhooks.id, before.id));
    await audit(tx, actor, {
      cloudId: before.cloudId,
      action: 'deleted',
      objectType: 'webhook',
      objectId: before.id,
      objectName: before.url,
      before: logged(webhookOut(before)),
    });
  });
}

/** Queues a test delivery ("Send test"): its event, then the delivery; the job sends it within a second or so. */
export async function queueTest(
  db: Database,
  webhook: WebhookRow,
  now = new Date(),
): Promise<{ delivery_id: number; event_id: string }> {
  const eventId = randomUUID();
  return db.transaction(async (tx) => {
    await tx.insert(webhookEvents).values({
      id: eventId,
      event: WEBHOOK_TEST_EVENT,
      cloudId: webhook.cloudId,
      siteId: null,
      payload: {
        id: eventId,
        event: WEBHOOK_TEST_EVENT,
        version: WEBHOOK_SCHEMA_VERSION,
        occurred_at: now.toISOString(),
        cloud_id: webhook.cloudId,
        site_id: null,
        data: { webhook_id: webhook.id },
      },
      occurredAt: now,
    });
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ webhookId: webhook.id, eventId, event: WEBHOOK_TEST_EVENT, nextAttemptAt: now })
      .returning({ id: webhookDeliveries.id });
    return { delivery_id: (row as { id: number }).id, event_id: eventId };
  });
}

export async function listDeliveries(
  db: Database,
  webhookId: number,
  offset: number,
  limit: number,
): Promise<WebhookDeliveryPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, webhookId))
      .orderBy(desc(webhookDeliveries.id))
      .offset(offset)
      .limit(limit),
    queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM webhook_deliveries WHERE webhook_id = ${webhookId}
        LIMIT ${LIST_COUNT_MAX + 1}) AS capped`,
    ),
  ]);
  const n = total?.n ?? 0;
  return {
    items: rows.map(
      (row): WebhookDelivery => ({
        id: row.id,
        event_id: row.eventId,
        event: row.event,
        state: row.state,
        attempts: row.attempts,
        created_at: row.createdAt.toISOString(),
        attempted_at: iso(row.attemptedAt),
        next_attempt_at: row.state === 'failed' || row.state === 'pending' ? iso(row.nextAttemptAt) : null,
        response_code: row.responseCode,
        latency_ms: row.latencyMs,
        response_excerpt: row.responseExcerpt,
      }),
    ),
    total: Math.min(n, LIST_COUNT_MAX),
    total_capped: n > LIST_COUNT_MAX,
  };
}
