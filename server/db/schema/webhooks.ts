// Webhooks (docs/webhooks.md): a cloud's receivers, the events they want and the deliveries made to them.
// An event's body is stored once, however many webhooks want it, and each of them gets a delivery row
// naming it: both written in the transaction that makes the event, sent by the background job.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';

export const webhooks = pgTable(
  'webhooks',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    /** The event kinds it wants (core/api/webhooks.ts WEBHOOK_EVENTS). */
    events: text().array().notNull(),
    /** Sites whose events it wants; empty is every site (and events that belong to no site). */
    siteIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Alert events only of these alert types and healths; empty is all. */
    alertTypes: text().array().notNull().default(sql`'{}'::text[]`),
    alertHealthIds: text().array().notNull().default(sql`'{}'::text[]`),
    format: text({ enum: ['json', 'slack', 'teams', 'chat'] }).notNull(),
    /** The signing secret, sealed with the configuration key (server/features/config/seal.ts). */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** Why it was turned off: by a person, or by the console after a day of failures. */
    disabledReason: text({ enum: ['manual', 'failing'] }),
    /** Since when every delivery failed; cleared by the first one answered with a 2xx. */
    failingSince: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    // The list, and the receivers an event of a cloud reaches.
    index('webhooks_cloud_idx').on(t.cloudId, t.id),
  ],
);

/** An event some webhook wants (docs/webhooks.md#storage): written once, whatever the number of webhooks. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The event's idempotency id: the same for every webhook and every attempt. */
    id: uuid().primaryKey(),
    event: text().notNull(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer(),
    /** The event in the JSON format (docs/webhooks.md#the-json-format); other formats are made from it. */
    payload: jsonb().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: stampedNow(),
  },
  (t) => [
    // A cloud deleted takes its events with it.
    index('webhook_events_cloud_idx').on(t.cloudId),
    // The retention job: events older than 14 days go, with their deliveries.
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial().primaryKey(),
    webhookId: integer()
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event sent, with its idempotency id and body. */
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    event: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    state: text({ enum: ['pending', 'delivered', 'failed', 'given_up'] })
      .notNull()
      .default('pending'),
    responseCode: integer(),
    latencyMs: integer(),
    /** The first 500 bytes of the receiver's answer, or why there was none. */
    responseExcerpt: text(),
    createdAt: stampedNow(),
    attemptedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The job's question: which deliveries are due (pending, or failed and waiting for their retry).
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.state} IN ('pending', 'failed')`),
    // The delivery log, newest first, per webhook.
    index('webhook_deliveries_log_idx').on(t.webhookId, t.id),
    // One delivery per event and webhook; also an event's deliveries, dropped with it, and the question of
    // the retention job: which events no delivery names any more.
    uniqueIndex('webhook_deliveries_event_webhook_idx').on(t.eventId, t.webhookId),
  ],
);
