// docs/guest-access.md#disconnect-and-change: Disconnect and Change-of-Authorization (RFC 5176) to the NAS.
import { createSocket } from 'node:dgram';
import { sql } from 'drizzle-orm';
import { RADIUS_CODE } from '../../core/radius/dictionary.ts';
import { attribute, encodeRequest, type RadiusAttribute, verifyResponse } from '../../core/radius/packet.ts';
import type { AppContext } from '../context.ts';
import { acceptAttributes } from './access.ts';
import { checkGuestLogin } from './authorize.ts';
import { endOpenSessions } from './ended-events.ts';

/** Why the console ends or changes a guest's sessions. */
export type CoaCause = 'operator' | 'revoked' | 'plan_changed';

/** What became of the sessions asked for: acknowledged by their NAS, refused (NAK) or unanswered. */
export type CoaOutcome = { acked: number; refused: number; unanswered: number };

/** Each request is sent this many times at most, waiting this long for the NAS's answer each time. */
export const COA_TRIES = 3;
export const COA_WAIT_MS = 600;

type Exchange = {
  address: string;
  port: number;
  secret: string;
  code: number;
  attributes: RadiusAttribute[];
};
type Answer = 'ack' | 'nak' | 'none';

/** Sends each request from one socket, resending unanswered ones; resolves with each NAS's answer. */
async function exchange(requests: readonly Exchange[]): Promise<Answer[]> {
  const answers: Answer[] = requests.map(() => 'none');
  if (requests.length === 0) return answers;
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, resolve));
  const waiting = new Map<string, { index: number; authenticator: Buffer; secret: string; data: Buffer }>();
  let allAnswered: (() => void) | null = null;
  socket.on('message', (data, from) => {
    if (data.length < 20) return;
    const key = `${from.address}:${from.port}:${data[1]}`;
    const pending = waiting.get(key);
    if (!pending) return;
    if (verifyResponse(data, pending.authenticator, pending.secret, false) !== 'ok') return;
    const code = data[0];
    const ack = code === RADIUS_CODE.disconnectAck || code === RADIUS_CODE.coaAck;
    const nak = code === RADIUS_CODE.disconnectNak || code === RADIUS_CODE.coaNak;
    if (!ack && !nak) return;
    answers[pending.index] = ack ? 'ack' : 'nak';
    waiting.delete(key);
    if (waiting.size === 0) allAnswered?.();
  });
  try {
    // At most 256 requests in flight to one socket: one identifier each.
    for (let start = 0; start < requests.length; start += 256) {
      const batch = requests.slice(start, start + 256);
      batch.forEach((request, offset) => {
        const data = encodeRequest(request.code, offset, request.attributes, request.secret);
        waiting.set(`${request.address}:${request.port}:${offset}`, {
          index: start + offset,
          authenticator: Buffer.from(data.subarray(4, 20)),
          secret: request.secret,
          data,
        });
      });
      for (let attempt = 0; attempt < COA_TRIES && waiting.size > 0; attempt += 1) {
        for (const [key, pending] of waiting) {
          const [address = '', port = '0'] = key.split(':');
          socket.send(pending.data, Number(port), address);
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, COA_WAIT_MS);
          allAnswered = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        allAnswered = null;
      }
      waiting.clear();
    }
  } finally {
    socket.close();
  }
  return answers;
}

type OpenSession = {
  id: number;
  account_id: number;
  username: string;
  acct_session_id: string;
  mac: string;
  ssid: string | null;
  site_id: number;
  address: string;
  coa_port: number;
  secret_sealed: string;
  duration_s: number;
  bytes_in: number;
  bytes_out: number;
};

/** The open sessions chosen, with their NAS and its site's sealed secret. */
async function openSessions(ctx: AppContext, where: ReturnType<typeof sql>): Promise<OpenSession[]> {
  const result = await ctx.db.execute(sql`
    SELECT s.id, s.account_id, a.username, s.acct_session_id, s.mac, s.ssid, s.site_id, s.duration_s,
      s.bytes_in, s.bytes_out, n.address, n.coa_port, k.secret_sealed
    FROM guest_sessions s
    JOIN guest_accounts a ON a.id = s.account_id
    JOIN guest_nas n ON n.id = s.nas_id
    JOIN guest_site_secrets k ON k.site_id = n.site_id
    WHERE s.ended_at IS NULL AND ${where}
    ORDER BY s.id LIMIT 10000`);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    ...(row as unknown as OpenSession),
    id: Number(row.id),
    account_id: Number(row.account_id),
    site_id: Number(row.site_id),
    coa_port: Number(row.coa_port),
    duration_s: Number(row.duration_s),
    bytes_in: Number(row.bytes_in),
    bytes_out: Number(row.bytes_out),
  }));
}

/** The attributes naming a session to its NAS (RFC 5176 §3): the user, the NAS's session and the device. */
function sessionIdentification(session: OpenSession): RadiusAttribute[] {
  const list = [
    attribute('User-Name', session.username),
    attribute('Acct-Session-Id', session.acct_session_id),
    attribute('Event-Timestamp', Math.floor(Date.now() / 1000)),
  ];
  if (session.mac) list.push(attribute('Calling-Station-Id', session.mac.toUpperCase().replaceAll(':', '-')));
  if (/^\d+\.\d+\.\d+\.\d+$/.test(session.address)) list.push(attribute('NAS-IP-Address', session.address));
  return list;
}

const tally = (answers: Answer[]): CoaOutcome => ({
  acked: answers.filter((a) => a === 'ack').length,
  refused: answers.filter((a) => a === 'nak').length,
  unanswered: answers.filter((a) => a === 'none').length,
});

/**
 * Ends the sessions their NAS acknowledged: ended now, with the cause; the NAS's Stop brings the bytes. Each
 * one still open gets its guest_session.ended webhook event in the same transaction (docs/webhooks.md#events).
 */
async function markEnded(ctx: AppContext, ids: number[], by: { userId: number | null; cause: CoaCause }) {
  if (ids.length === 0) return;
  const chosen = sql`s.id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  await ctx.db.transaction((tx) => endOpenSessions(tx, chosen, by));
}

/**
 * Sends a Disconnect-Request for each open session chosen (by id, or every open session of an account) to
 * its NAS, and records the cause and the operator on the sessions the NAS acknowledged.
 */
export async function disconnectSessions(
  ctx: AppContext,
  target: { cloudId: number; sessionIds?: readonly number[]; accountId?: number },
  by: { userId: number | null; cause: CoaCause },
): Promise<CoaOutcome> {
  const conditions = [sql`s.cloud_id = ${target.cloudId}`];
  if (target.sessionIds !== undefined) {
    if (target.sessionIds.length === 0) return { acked: 0, refused: 0, unanswered: 0 };
    conditions.push(
      sql`s.id IN (${sql.join(
        target.sessionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (target.accountId !== undefined) conditions.push(sql`s.account_id = ${target.accountId}`);
  const sessions = await openSessions(ctx, sql.join(conditions, sql` AND `));
  const answers = await exchange(
    sessions.map((session) => ({
      address: session.address,
      port: session.coa_port,
      secret: ctx.secrets.openText(session.secret_sealed),
      code: RADIUS_CODE.disconnectRequest,
      attributes: sessionIdentification(session),
    })),
  );
  await markEnded(
    ctx,
    sessions.filter((_, index) => answers[index] === 'ack').map((session) => session.id),
    by,
  );
  return tally(answers);
}

/**
 * Sends a CoA-Request with the account's plan's limits to the NAS of each of its open sessions (time and
 * data counted from the session's start). A session its account may no longer have (the new plan does not
 * apply there, or its time or data is spent) is disconnected instead.
 */
export async function changeSessions(
  ctx: AppContext,
  target: { cloudId: number; accountId?: number; planId?: number },
): Promise<CoaOutcome> {
  const conditions = [sql`s.cloud_id = ${target.cloudId}`];
  if (target.accountId !== undefined) conditions.push(sql`s.account_id = ${target.accountId}`);
  if (target.planId !== undefined) conditions.push(sql`a.plan_id = ${target.planId}`);
  const sessions = await openSessions(ctx, sql.join(conditions, sql` AND `));
  const requests: Exchange[] = [];
  const disconnected: boolean[] = [];
  for (const session of sessions) {
    const check = await checkGuestLogin(ctx.db, ctx.secrets, {
      cloudId: target.cloudId,
      siteId: session.site_id,
      ssid: session.ssid,
      username: session.username,
      password: null,
      mac: session.mac,
      now: new Date(),
    });
    const base = {
      address: session.address,
      port: session.coa_port,
      secret: ctx.secrets.openText(session.secret_sealed),
    };
    if (!check.ok) {
      disconnected.push(true);
      requests.push({
        ...base,
        code: RADIUS_CODE.disconnectRequest,
        attributes: sessionIdentification(session),
      });
      continue;
    }
    // The limits from the session's start: what it has had, and what the account has left.
    const sessionBytes = session.bytes_in + session.bytes_out;
    const seconds = check.left.seconds === null ? null : session.duration_s + check.left.seconds;
    const bytes = check.left.bytes === null ? null : sessionBytes + check.left.bytes;
    const limits = acceptAttributes({
      ...check,
      left: {
        seconds,
        bytes: bytes === null ? null : Math.min(bytes, check.plan.sessionQuotaBytes ?? bytes),
      },
    });
    disconnected.push(false);
    requests.push({
      ...base,
      code: RADIUS_CODE.coaRequest,
      attributes: [...sessionIdentification(session), ...limits],
    });
  }
  const answers = await exchange(requests);
  await markEnded(
    ctx,
    sessions
      .filter((_, index) => disconnected[index] && answers[index] === 'ack')
      .map((session) => session.id),
    { userId: null, cause: 'plan_changed' },
  );
  return tally(answers);
}
