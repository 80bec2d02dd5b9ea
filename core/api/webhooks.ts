// Webhooks' calls (docs/webhooks.md): a cloud's receivers, a test delivery and the delivery log. Shared by the
// server and the web app.
import { type Static, type TSchema, Type } from 'typebox';
import { HEALTH_IDS } from '../domain.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

/** The events a webhook may want (docs/webhooks.md#events), in the order the page groups them. */
export const WEBHOOK_EVENTS = [
  'alert.raised',
  'alert.resolved',
  'device.status_changed',
  'device.adopted',
  'task.finished',
  'task.failed',
  'config.applied',
  'config.drifted',
  'firmware_rollout.stopped',
  'guest_session.ended',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** What a test delivery ("Send test") carries as its event. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** docs/webhooks.md#the-json-format: the version of the JSON body; a change that breaks receivers raises it. */
export const WEBHOOK_SCHEMA_VERSION = 1;

export const WEBHOOK_FORMATS = ['json', 'slack', 'teams', 'chat'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'given_up'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_URL_MAX_LENGTH = 2000;
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 200;
/** Most webhooks a cloud keeps. */
export const WEBHOOKS_PER_CLOUD_MAX = 50;
/** Most sites, and alert types, one webhook names. */
export const WEBHOOK_SITES_MAX = 200;
export const WEBHOOK_ALERT_TYPES_MAX = 100;
/** docs/webhooks.md#retries: a delivery is tried for this long, and a webhook failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** docs/webhooks.md#the-delivery-log: deliveries are kept this many days. */
export const WEBHOOK_DELIVERIES_KEPT_DAYS = 14;
/** The first bytes of a receiver's answer the log keeps. */
export const WEBHOOK_EXCERPT_BYTES = 500;
/** A receiver has this long to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const WebhooksParams = Type.Object({ cloudId: Id }, closed);
export const WebhookParams = Type.Object({ cloudId: Id, webhookId: Id }, closed);
export type WebhookParams = Static<typeof WebhookParams>;

export const WebhookPageQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type WebhookPageQuery = Static<typeof WebhookPageQuery>;

const fields = {
  /** http:// or https:// receiver; refused on private addresses unless WEBHOOK_ALLOW_PRIVATE=1. */
  url: Type.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX_LENGTH, pattern: '^https?://' }),
  events: Type.Array(Type.Enum(WEBHOOK_EVENTS), { minItems: 1, uniqueItems: true }),
  /** The signing secret (docs/webhooks.md#signing); never answered after it is set. */
  secret: Type.String({
    minLength: WEBHOOK_SECRET_MIN_LENGTH,
    maxLength: WEBHOOK_SECRET_MAX_LENGTH,
    pattern: '^[\\x21-\\x7e]+$',
  }),
  format: Type.Enum(WEBHOOK_FORMATS),
  /** Sites whose events it gets; empty is every site. */
  site_ids: Type.Array(Id, { maxItems: WEBHOOK_SITES_MAX, uniqueItems: true }),
  /** Alert events only of these alert types (ALERT_TYPE names); empty is every type. */
  alert_types: Type.Array(Type.String({ pattern: '^[A-Z0-9_]{1,64}$' }), {
    maxItems: WEBHOOK_ALERT_TYPES_MAX,
    uniqueItems: true,
  }),
  /** Alert events only of these healths; empty is every health. */
  alert_health_ids: Type.Array(Type.Enum(HEALTH_IDS), { uniqueItems: true }),
  enabled: Type.Boolean(),
};

export const CreateWebhookBody = Type.Object(
  {
    url: fields.url,
    events: fields.events,
    secret: fields.secret,
    format: Type.Optional(fields.format),
    site_ids: Type.Optional(fields.site_ids),
    alert_types: Type.Optional(fields.alert_types),
    alert_health_ids: Type.Optional(fields.alert_health_ids),
    enabled: Type.Optional(fields.enabled),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): critical alerts and failed tasks of two sites.
    examples: [
      {
        url: 'https://hooks.example.com/console',
        events: ['alert.raised', 'alert.resolved', 'task.failed'],
        secret: 'whsec-7Qm2xV9pL4tR8nB3',
        format: 'json',
        site_ids: [12, 14],
        alert_types: ['DEV_UNREACHABLE', 'DEV_CONFIG_FAILED'],
        alert_health_ids: ['HEALTH_CRITICAL'],
        enabled: true,
      },
    ],
  },
);
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const UpdateWebhookBody = Type.Object(
  {
    url: Type.Optional(fields.url),
    events: Type.Optional(fields.events),
    secret: Type.Optional(fields.secret),
    format: Type.Optional(fields.format),
    site_ids: Type.Optional(fields.site_ids),
    alert_types: Type.Optional(fields.alert_types),
    alert_health_ids: Type.Optional(fields.alert_health_ids),
    enabled: Type.Optional(fields.enabled),
  },
  // docs/api.md#examples: a webhook moved to the team's chat, every site.
  {
    ...closed,
    minProperties: 1,
    examples: [{ url: 'https://chat.example.com/hooks/network-ops', format: 'chat', site_ids: [] }],
  },
);
export type UpdateWebhookBody = Static<typeof UpdateWebhookBody>;

export const Webhook = Type.Object({
  id: Id,
  url: Type.String(),
  events: Type.Array(Type.Enum(WEBHOOK_EVENTS)),
  format: Type.Enum(WEBHOOK_FORMATS),
  site_ids: Type.Array(Id),
  alert_types: Type.Array(Type.String()),
  alert_health_ids: Type.Array(Type.Enum(HEALTH_IDS)),
  enabled: Type.Boolean(),
  /** Why it is off: turned off by someone, or by the console after a day of failures. */
  disabled_reason: Nullable(Type.Enum(['manual', 'failing'] as const)),
  /** Since when every delivery has failed. */
  failing_since: Nullable(Type.String({ format: 'date-time' })),
  /** The secret is never answered; this says one is set. */
  secret_set: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
});
export type Webhook = Static<typeof Webhook>;
export const WebhookPage = ListPage(Webhook);
export type WebhookPage = Static<typeof WebhookPage>;

export const WebhookDelivery = Type.Object({
  id: Id,
  event_id: Type.String({ format: 'uuid' }),
  event: Type.String(),
  state: Type.Enum(WEBHOOK_DELIVERY_STATES),
  attempts: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: 'date-time' }),
  attempted_at: Nullable(Type.String({ format: 'date-time' })),
  next_attempt_at: Nullable(Type.String({ format: 'date-time' })),
  response_code: Nullable(Type.Integer()),
  latency_ms: Nullable(Type.Integer({ minimum: 0 })),
  /** The first 500 bytes of the answer, or why there was none. */
  response_excerpt: Nullable(Type.String()),
});
export type WebhookDelivery = Static<typeof WebhookDelivery>;
export const WebhookDeliveryPage = ListPage(WebhookDelivery);
export type WebhookDeliveryPage = Static<typeof WebhookDeliveryPage>;

export const WebhookTestAnswer = Type.Object({ delivery_id: Id, event_id: Type.String({ format: 'uuid' }) });
export type WebhookTestAnswer = Static<typeof WebhookTestAnswer>;
