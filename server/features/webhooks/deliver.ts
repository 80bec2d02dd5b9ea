// docs/webhooks.md#delivery: the background job that sends queued deliveries, signs them, retries failures
// with exponential backoff for 24 hours, turns off a webhook failing that long (a mail to the cloud's
// owner) and keeps the log 14 days, with the events it names (docs/webhooks.md#storage). Never run in a
// request.
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_RETRY_WINDOW_MS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookFormat,
} from '../../../core/api/webhooks.ts';
import type { PeriodicJob } from '../../background/runner.ts';
import type { Database } from '../../db/connect.ts';
import { jsonRows, queryRows } from '../../db/rows.ts';
import { mailText } from '../../mail/mail-text.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import type { SecretBox } from '../config/seal.ts';
import { receiverAddress } from './address.ts';
import { renderBody, type WebhookPayload } from './formats.ts';
import { post, REQUESTS_IN_FLIGHT } from './post.ts';

/** The first retry waits this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** Deliveries taken at a time. */
const BATCH = 500;
/** A taken delivery is not taken again by another process for this long (the request's timeout and more). */
const LEASE_MS = 60_000;

/** The wait before the next attempt after `attempts` failed ones. */
export const retryDelayMs = (attempts: number) =>
  Math.min(RETRY_FIRST_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** docs/webhooks.md#signing: the hex HMAC-SHA256 of `${timestamp}.${body}` with the webhook's secret. */
export const signatureOf = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

export type DeliveryDeps = {
  db: Database;
  secrets: SecretBox;
  sendMail: SendMail;
  allowPrivate: boolean;
  productName: string;
  publicUrl: string;
  timeoutMs?: number;
};

type Due = {
  id: number;
  webhook_id: number;
  event_id: string;
  event: string;
  payload: WebhookPayload;
  attempts: number;
  created_at: string;
  url: string;
  format: WebhookFormat;
  secret: string;
  /** When it was taken: the time its outcome is stored with and its next attempt counted from. */
  at: Date;
};

type Outcome = {
  id: number;
  webhook_id: number;
  ok: boolean;
  code: number | null;
  latency: number;
  excerpt: string;
  /** When to try again; null when delivered or given up. */
  next: string | null;
  state: 'delivered' | 'failed' | 'given_up';
  at: string;
};

/** What one pass works out once: each webhook's secret opened, each event's body in each format. */
type PassCache = { secrets: Map<string, string>; bodies: Map<string, string> };

function cached<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

const PROBLEM_TEXT = {
  bad_url: 'The URL cannot be used.',
  private_address: 'Refused: the receiver is on a private, loopback or link-local address.',
  unresolved: 'The host name does not resolve.',
} as const;

async function attempt(deps: DeliveryDeps, due: Due, cache: PassCache): Promise<Outcome> {
  const started = performance.now();
  const now = due.at;
  const resolved = await receiverAddress(due.url, deps.allowPrivate);
  let answer: { code: number | null; excerpt: string };
  if ('problem' in resolved) answer = { code: null, excerpt: PROBLEM_TEXT[resolved.problem] };
  else {
    const body = cached(cache.bodies, `${due.event_id} ${due.format}`, () =>
      renderBody(due.payload, due.format, deps.productName),
    );
    const secret = cached(cache.secrets, due.secret, () => deps.secrets.openText(due.secret));
    const timestamp = String(Math.floor(Date.now() / 1000));
    answer = await post(
      due.url,
      resolved,
      {
        'content-type': 'application/json',
        'user-agent': `${deps.productName} webhooks`,
        'x-console-event': due.event,
        'x-console-event-id': due.event_id,
        'x-console-delivery': String(due.id),
        'x-console-timestamp': timestamp,
        'x-console-signature': `sha256=${signatureOf(secret, timestamp, body)}`,
      },
      body,
      deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
    );
  }
  const latency = Math.round(performance.now() - started);
  const ok = answer.code !== null && answer.code >= 200 && answer.code < 300;
  const attempts = due.attempts + 1;
  const next = new Date(now.getTime() + retryDelayMs(attempts));
  const expired = next.getTime() > new Date(due.created_at).getTime() + WEBHOOK_RETRY_WINDOW_MS;
  return {
    id: due.id,
    webhook_id: due.webhook_id,
    ok,
    code: answer.code,
    latency,
    excerpt: answer.excerpt,
    next: ok || expired ? null : next.toISOString(),
    state: ok ? 'delivered' : expired ? 'given_up' : 'failed',
    at: now.toISOString(),
  };
}

/**
 * Takes due deliveries for this process, with their event's body: no other takes them until the lease
 * ends. One statement; the rows are claimed with SKIP LOCKED, so processes sharing the database split them.
 * Ordered by the due index alone, so a take reads its 500 rows and stops, however many are due.
 */
async function takeDue(db: Database, now: Date): Promise<Due[]> {
  const at = now.toISOString();
  const rows = await queryRows<Omit<Due, 'at'>>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE state IN ('pending', 'failed') AND next_attempt_at <= ${at}::timestamptz
      ORDER BY next_attempt_at LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED),
    taken AS (
      UPDATE webhook_deliveries d
      SET next_attempt_at = ${at}::timestamptz + make_interval(secs => ${LEASE_MS / 1000})
      FROM due WHERE d.id = due.id
      RETURNING d.id, d.webhook_id, d.event_id, d.event, d.attempts, d.created_at)
    SELECT taken.*, e.payload, w.url, w.format, w.secret
    FROM taken JOIN webhook_events e ON e.id = taken.event_id JOIN webhooks w ON w.id = taken.webhook_id`,
  );
  return rows.map((row) => ({ ...row, at: now }));
}

/**
 * Writes a chunk of outcomes: each delivery's attempt, and its webhook's failing time (a webhook answered
 * once is well again; one that failed starts, or keeps, its failing time).
 */
async function storeOutcomes(db: Database, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const well = new Set(outcomes.filter((o) => o.ok).map((o) => o.webhook_id));
  const failing = new Map<number, string>();
  for (const o of outcomes)
    if (!o.ok && !well.has(o.webhook_id) && !failing.has(o.webhook_id)) failing.set(o.webhook_id, o.at);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_deliveries d SET attempts = d.attempts + 1, state = v.state, next_attempt_at = v.next,
        response_code = v.code, latency_ms = v.latency, response_excerpt = v.excerpt, attempted_at = v.at,
        delivered_at = CASE WHEN v.ok THEN v.at ELSE NULL END
      FROM jsonb_to_recordset(${jsonRows(outcomes)}) AS v(id int, ok boolean, code int, latency int,
        excerpt text, next timestamptz, state text, at timestamptz)
      WHERE d.id = v.id`);
    if (well.size > 0)
      await tx.execute(sql`
        UPDATE webhooks SET failing_since = NULL
        WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify([...well])}::jsonb))::int)
          AND failing_since IS NOT NULL`);
    if (failing.size > 0)
      await tx.execute(sql`
        UPDATE webhooks w SET failing_since = v.at
        FROM jsonb_to_recordset(${jsonRows([...failing].map(([id, at]) => ({ id, at })))})
          AS v(id int, at timestamptz)
        WHERE w.id = v.id AND w.failing_since IS NULL`);
  });
}

/**
 * Turns off webhooks that failed for 24 hours: their waiting deliveries are given up and the cloud's
 * owner is mailed (docs/webhooks.md#turned-off-after-a-day-of-failures).
 */
export async function disableFailing(deps: DeliveryDeps, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - WEBHOOK_RETRY_WINDOW_MS).toISOString();
  const disabled = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: number; cloud_id: number; url: string }>(
      tx,
      sql`
      UPDATE webhooks SET enabled = false, disabled_reason = 'failing', updated_at = ${now.toISOString()}::timestamptz
      WHERE enabled AND failing_since <= ${since}::timestamptz
      RETURNING id, cloud_id, url`,
    );
    if (rows.length > 0)
      await tx.execute(sql`
        UPDATE webhook_deliveries SET state = 'given_up', next_attempt_at = NULL
        WHERE webhook_id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(rows.map((r) => r.id))}::jsonb))::int)
          AND state IN ('pending', 'failed')`);
    return rows;
  });
  for (const webhook of disabled) {
    const owners = await queryRows<{ email: string; language: string; cloud: string }>(
      deps.db,
      sql`
      SELECT u.email, u.preferred_language AS language, c.name AS cloud
      FROM memberships m JOIN users u ON u.id = m.user_id JOIN clouds c ON c.id = m.cloud_id
      WHERE m.cloud_id = ${webhook.cloud_id} AND m.role_id = 'ROLE_OWNER'`,
    );
    for (const owner of owners) {
      const t = mailText(owner.language);
      const values = { url: webhook.url, cloud: owner.cloud, product: deps.productName };
      await deps.sendMail({
        to: owner.email,
        subject: t('webhooks.mail.subject', values),
        text: [
          t('webhooks.mail.body', values),
          '',
          `${deps.publicUrl}/v2/cloud/${webhook.cloud_id}/webhooks`,
        ].join('\n'),
      });
    }
  }
  return disabled.map((webhook) => webhook.id);
}

/**
 * Runs until nothing is due, or for about `budgetMs` (the queue's workers are shared with the status and
 * task sweeps, so one run does not hold one long): answers how many deliveries were attempted. The requests
 * never wait for the database: the next deliveries are taken while half of those taken are still waiting,
 * every request in flight is followed at once by the next, and outcomes are written a chunk at a time, one
 * chunk after another, while the requests go on.
 */
export async function deliverDue(deps: DeliveryDeps, now = new Date(), budgetMs = 5000): Promise<number> {
  const started = Date.now();
  const cache: PassCache = { secrets: new Map(), bodies: new Map() };
  const waiting: Due[] = [];
  const outcomes: Outcome[] = [];
  let attempted = 0;
  let last = now;
  let done = false;
  let failure: unknown = null;
  let taking: Promise<void> | null = null;
  let writing: Promise<void> = Promise.resolve();

  const take = () => {
    taking ??= (async () => {
      // The first take is at the time asked for; later ones move on with the clock.
      const at = attempted === 0 ? now : new Date(Math.max(now.getTime(), Date.now()));
      const taken = await takeDue(deps.db, at);
      waiting.push(...taken);
      attempted += taken.length;
      last = at;
      if (taken.length < BATCH || Date.now() - started > budgetMs) done = true;
    })()
      .catch((error: unknown) => {
        failure ??= error;
        done = true;
      })
      .finally(() => {
        taking = null;
      });
    return taking;
  };
  const write = () => {
    const chunk = outcomes.splice(0);
    if (chunk.length === 0) return;
    // A chunk not written is sent again once its lease ends (at least once); nothing more is taken.
    writing = writing
      .then(() => storeOutcomes(deps.db, chunk))
      .catch((error: unknown) => {
        failure ??= error;
        done = true;
      });
  };
  const worker = async () => {
    for (;;) {
      if (!done && waiting.length < BATCH / 2) void take();
      const due = waiting.shift();
      if (due === undefined) {
        if (taking === null) return;
        await taking;
        continue;
      }
      outcomes.push(await attempt(deps, due, cache));
      if (outcomes.length >= BATCH) write();
    }
  };

  await take();
  await Promise.all(Array.from({ length: REQUESTS_IN_FLIGHT }, worker));
  write();
  await writing;
  if (failure !== null) throw failure;
  await disableFailing(deps, last);
  return attempted;
}

/**
 * Drops events older than 14 days with their deliveries (docs/webhooks.md#the-delivery-log; a delivery is
 * made in its event's transaction), then the events no delivery names any more, such as a deleted
 * webhook's (docs/webhooks.md#storage).
 */
export async function dropExpiredDeliveries(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * 86_400_000).toISOString();
  await db.execute(sql`DELETE FROM webhook_events WHERE created_at < ${before}::timestamptz`);
  await db.execute(sql`
    DELETE FROM webhook_events e
    WHERE NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.event_id = e.id)`);
}

/** The webhooks' background work: deliveries every second, the log's retention every ten minutes. */
export function webhookJobs(deps: DeliveryDeps): PeriodicJob[] {
  return [
    { name: 'webhook-deliveries', everyMs: 1000, run: async (now) => void (await deliverDue(deps, now)) },
    {
      name: 'webhook-deliveries-retention',
      everyMs: 10 * 60_000,
      run: (now) => dropExpiredDeliveries(deps.db, now),
    },
  ];
}
