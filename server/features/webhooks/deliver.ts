// docs/webhooks.md#delivery: the background job that sends queued deliveries, signs them, retries failures
// with exponential backoff for 24 hours, turns off a webhook failing that long (a mail to the cloud's
// owner) and keeps the log 14 days. Never run in a request.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  WEBHOOK_DELIVERIES_KEPT_DAYS,
  WEBHOOK_EXCERPT_BYTES,
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

/** The first retry waits this long; each next one twice as long, up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;
/** Deliveries one pass takes at a time, and requests in flight at once. */
const BATCH = 500;
const CONCURRENCY = 64;
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
};

const keepAlive = { keepAlive: true, maxSockets: CONCURRENCY };
const httpAgent = new http.Agent(keepAlive);
const httpsAgent = new https.Agent(keepAlive);

/** Sends one request to the address checked before, with no redirect followed; answers code and excerpt. */
function post(
  url: string,
  address: { address: string; family: 4 | 6 },
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<{ code: number | null; excerpt: string }> {
  const target = new URL(url);
  // The connection goes to the address that was checked, whatever the name resolves to by now.
  const lookup: LookupFunction = (_host, options, done) => {
    if ((options as { all?: boolean }).all) done(null, [address]);
    else done(null, address.address, address.family);
  };
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: { code: number | null; excerpt: string }) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup,
        agent: target.protocol === 'https:' ? httpsAgent : httpAgent,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_EXCERPT_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => {
          const text = Buffer.concat(chunks).subarray(0, WEBHOOK_EXCERPT_BYTES).toString('utf8');
          const code = response.statusCode ?? null;
          const location = response.headers.location;
          finish({
            code,
            excerpt:
              code !== null && code >= 300 && code < 400
                ? `Redirect to ${location ?? '(no location)'} not followed. ${text}`.slice(
                    0,
                    WEBHOOK_EXCERPT_BYTES,
                  )
                : text,
          });
        });
        response.on('error', (error) =>
          finish({ code: response.statusCode ?? null, excerpt: error.message }),
        );
      },
    );
    request.on('timeout', () => {
      request.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`));
    });
    request.on('error', (error) =>
      finish({ code: null, excerpt: error.message.slice(0, WEBHOOK_EXCERPT_BYTES) }),
    );
    request.end(body);
  });
}

const PROBLEM_TEXT = {
  bad_url: 'The URL cannot be used.',
  private_address: 'Refused: the receiver is on a private, loopback or link-local address.',
  unresolved: 'The host name does not resolve.',
} as const;

async function attempt(deps: DeliveryDeps, due: Due, now: Date): Promise<Outcome> {
  const started = performance.now();
  const resolved = await receiverAddress(due.url, deps.allowPrivate);
  let answer: { code: number | null; excerpt: string };
  if ('problem' in resolved) answer = { code: null, excerpt: PROBLEM_TEXT[resolved.problem] };
  else {
    const body = renderBody(due.payload, due.format, deps.productName);
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
        'x-console-signature': `sha256=${signatureOf(deps.secrets.openText(due.secret), timestamp, body)}`,
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
  };
}

/** Takes due deliveries for this process: no other takes them until the lease ends. */
async function takeDue(db: Database, now: Date): Promise<Due[]> {
  const at = now.toISOString();
  return queryRows<Due>(
    db,
    sql`
    WITH due AS (
      SELECT id FROM webhook_deliveries
      WHERE state IN ('pending', 'failed') AND next_attempt_at <= ${at}::timestamptz
      ORDER BY next_attempt_at, id LIMIT ${BATCH}
      FOR UPDATE SKIP LOCKED)
    UPDATE webhook_deliveries d SET next_attempt_at = ${at}::timestamptz + make_interval(secs => ${LEASE_MS / 1000})
    FROM due, webhooks w
    WHERE d.id = due.id AND w.id = d.webhook_id
    RETURNING d.id, d.webhook_id, d.event_id, d.event, d.payload, d.attempts, d.created_at, w.url, w.format,
      w.secret`,
  );
}

async function storeOutcomes(db: Database, outcomes: readonly Outcome[], now: Date): Promise<void> {
  if (outcomes.length === 0) return;
  const at = now.toISOString();
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE webhook_deliveries d SET attempts = d.attempts + 1, state = v.state, next_attempt_at = v.next,
        response_code = v.code, latency_ms = v.latency, response_excerpt = v.excerpt,
        attempted_at = ${at}::timestamptz,
        delivered_at = CASE WHEN v.ok THEN ${at}::timestamptz ELSE NULL END
      FROM jsonb_to_recordset(${jsonRows(outcomes)}) AS v(id int, ok boolean, code int, latency int,
        excerpt text, next timestamptz, state text)
      WHERE d.id = v.id`);
    // A webhook answered once is well again; one that failed starts (or keeps) its failing time.
    const well = [...new Set(outcomes.filter((o) => o.ok).map((o) => o.webhook_id))];
    const failing = [...new Set(outcomes.filter((o) => !o.ok).map((o) => o.webhook_id))].filter(
      (id) => !well.includes(id),
    );
    if (well.length > 0)
      await tx.execute(sql`
        UPDATE webhooks SET failing_since = NULL
        WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(well)}::jsonb))::int)
          AND failing_since IS NOT NULL`);
    if (failing.length > 0)
      await tx.execute(sql`
        UPDATE webhooks SET failing_since = ${at}::timestamptz
        WHERE id IN (SELECT (jsonb_array_elements_text(${JSON.stringify(failing)}::jsonb))::int)
          AND failing_since IS NULL`);
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
 * task sweeps, so one run does not hold one long): answers how many deliveries were attempted.
 */
export async function deliverDue(deps: DeliveryDeps, now = new Date(), budgetMs = 5000): Promise<number> {
  const started = Date.now();
  let attempted = 0;
  for (;;) {
    const taken = await takeDue(deps.db, now);
    if (taken.length === 0) break;
    const outcomes: Outcome[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(CONCURRENCY, taken.length) }, async () => {
        while (next < taken.length) {
          const due = taken[next++] as Due;
          outcomes.push(await attempt(deps, due, now));
        }
      }),
    );
    await storeOutcomes(deps.db, outcomes, now);
    attempted += taken.length;
    if (taken.length < BATCH || Date.now() - started > budgetMs) break;
    now = new Date(Math.max(now.getTime(), Date.now()));
  }
  await disableFailing(deps, now);
  return attempted;
}

/** Drops deliveries older than 14 days (docs/webhooks.md#the-delivery-log). */
export async function dropExpiredDeliveries(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - WEBHOOK_DELIVERIES_KEPT_DAYS * 86_400_000).toISOString();
  await db.execute(sql`DELETE FROM webhook_deliveries WHERE created_at < ${before}::timestamptz`);
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
