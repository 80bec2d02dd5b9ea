// docs/guest-access.md#radius: Accounting-Request (Start, Interim-Update, Stop, Accounting-On/Off) keeps
// guest_sessions, one row per (NAS, Acct-Session-Id), and marks an account used up when its plan's time or
// data is spent.
import { sql } from 'drizzle-orm';
import { ACCT_STATUS, TERMINATE_CAUSE } from '../../core/radius/dictionary.ts';
import {
  addressValue,
  integerValue,
  type RadiusPacket,
  textValue,
  withGigawords,
} from '../../core/radius/packet.ts';
import type { Database } from '../db/connect.ts';
import { ssidOf } from './access.ts';
import { normalizeMac } from './authorize.ts';
import { endedColumns, queueSessionsEnded } from './ended-events.ts';
import type { KnownNas } from './nas.ts';
import { runNamed } from './statements.ts';

export type EndReason =
  | 'session_timeout'
  | 'idle_timeout'
  | 'quota'
  | 'user'
  | 'operator'
  | 'lost'
  | 'nas_reboot'
  | 'other';

/** The end reason of a session from its Stop's Acct-Terminate-Cause (RFC 2866 §5.10). */
export function endReasonOf(cause: number | undefined): EndReason {
  switch (cause) {
    case TERMINATE_CAUSE.userRequest:
      return 'user';
    case TERMINATE_CAUSE.lostCarrier:
    case TERMINATE_CAUSE.lostService:
      return 'lost';
    case TERMINATE_CAUSE.idleTimeout:
      return 'idle_timeout';
    case TERMINATE_CAUSE.sessionTimeout:
      return 'session_timeout';
    case TERMINATE_CAUSE.adminReset:
      return 'operator';
    case TERMINATE_CAUSE.adminReboot:
    case TERMINATE_CAUSE.nasReboot:
      return 'nas_reboot';
    default:
      return 'other';
  }
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/** The account an accounting record belongs to: by its User-Name, or for MAC authentication by the device. */
async function accountFor(db: Database, cloudId: number, userName: string, mac: string | null) {
  const byName = rowsOf(
    await db.execute(sql`
      SELECT id FROM guest_accounts WHERE cloud_id = ${cloudId} AND lower(username) = ${userName.toLowerCase()}`),
  )[0];
  if (byName) return Number(byName.id);
  const device = normalizeMac(userName) ?? mac;
  if (device === null) return null;
  const bySession = rowsOf(
    await db.execute(sql`
      SELECT account_id FROM guest_sessions WHERE cloud_id = ${cloudId} AND mac = ${device}
      ORDER BY started_at DESC LIMIT 1`),
  )[0];
  return bySession ? Number(bySession.account_id) : null;
}

/**
 * Records an Accounting-Request from a known NAS whose signature was checked. Resolves once recorded (the
 * answer is sent only then, so that a NAS resends what the console could not record). A request that may end
 * sessions (Stop, Accounting-On/Off) runs in a transaction with their guest_session.ended webhook events
 * (docs/webhooks.md#events); Start and Interim-Update stay one statement.
 */
export async function recordAccounting(
  db: Database,
  nas: KnownNas,
  request: RadiusPacket,
  now: Date = new Date(),
): Promise<void> {
  const status = integerValue(request, 'Acct-Status-Type');
  if (status === ACCT_STATUS.accountingOn || status === ACCT_STATUS.accountingOff) {
    await db.transaction((tx) => endNasSessions(tx, nas, now));
    return;
  }
  if (status !== ACCT_STATUS.start && status !== ACCT_STATUS.interimUpdate && status !== ACCT_STATUS.stop)
    return;
  if (status !== ACCT_STATUS.stop) {
    await recordSession(db, nas, request, now, false);
    return;
  }
  await db.transaction(async (tx) => {
    await queueSessionsEnded(tx, await recordSession(tx, nas, request, now, true));
  });
}

/** The NAS (re)started or stops: none of its sessions goes on. */
async function endNasSessions(tx: Database, nas: KnownNas, now: Date) {
  const at = now.toISOString();
  const ended = rowsOf(
    await tx.execute(sql`
      UPDATE guest_sessions s SET ended_at = ${at}::timestamptz, updated_at = ${at}::timestamptz,
        end_reason = coalesce(s.end_reason, 'nas_reboot')
      FROM guest_accounts a
      WHERE a.id = s.account_id AND s.nas_id = ${nas.id} AND s.ended_at IS NULL
      RETURNING ${endedColumns}`),
  );
  await queueSessionsEnded(tx, ended);
}

/**
 * Records a Start, Interim-Update or Stop. Answers the sessions this request ended (a Stop of a session
 * still open; a Stop resent, or one after the console ended the session, ends none).
 */
async function recordSession(
  db: Database,
  nas: KnownNas,
  request: RadiusPacket,
  now: Date,
  stop: boolean,
): Promise<Row[]> {
  const at = now.toISOString();
  const acctSessionId = textValue(request, 'Acct-Session-Id');
  if (!acctSessionId) return [];
  const seconds = integerValue(request, 'Acct-Session-Time') ?? 0;
  const bytesIn = withGigawords(
    integerValue(request, 'Acct-Input-Octets'),
    integerValue(request, 'Acct-Input-Gigawords'),
  );
  const bytesOut = withGigawords(
    integerValue(request, 'Acct-Output-Octets'),
    integerValue(request, 'Acct-Output-Gigawords'),
  );
  const framedIp = addressValue(request, 'Framed-IP-Address') ?? null;
  const reason = stop ? endReasonOf(integerValue(request, 'Acct-Terminate-Cause')) : null;
  const endedAt = stop ? at : null;

  // The usual case, one statement: the session is known (from its Start, or opened at Access-Accept); a
  // plan without a quota period gives its time and data once, and the account is marked used up in the
  // same statement when its sessions together have spent either (the other sessions read as they were).
  // A Stop first locks the row and reads whether it is still open (the newest version, after any other
  // Stop of it commits), so only one Stop of a session says it ended it.
  const update = () =>
    runNamed(
      db,
      stop ? 'guest_accounting_stop' : 'guest_accounting_update',
      sql`
      WITH ${
        stop
          ? sql`before AS (SELECT id, ended_at FROM guest_sessions
        WHERE nas_id = ${nas.id} AND acct_session_id = ${acctSessionId} FOR NO KEY UPDATE),`
          : sql``
      }
      s AS (
        UPDATE guest_sessions s SET
          updated_at = ${at}::timestamptz,
          duration_s = greatest(s.duration_s, ${seconds}),
          bytes_in = greatest(s.bytes_in, ${bytesIn}),
          bytes_out = greatest(s.bytes_out, ${bytesOut}),
          framed_ip = coalesce(${framedIp}, s.framed_ip),
          ended_at = coalesce(s.ended_at, ${endedAt}::timestamptz),
          end_reason = CASE WHEN ${stop} THEN coalesce(s.end_reason,
            CASE WHEN p.session_quota_bytes IS NOT NULL
              AND greatest(s.bytes_in, ${bytesIn}) + greatest(s.bytes_out, ${bytesOut}) >= p.session_quota_bytes
            THEN 'quota' ELSE ${reason} END) ELSE s.end_reason END
        FROM guest_accounts a JOIN guest_plans p ON p.id = a.plan_id${stop ? sql`, before b` : sql``}
        WHERE s.nas_id = ${nas.id} AND s.acct_session_id = ${acctSessionId} AND a.id = s.account_id
          ${stop ? sql`AND b.id = s.id` : sql``}
        RETURNING ${stop ? sql`${endedColumns}, b.ended_at IS NULL AS ended_now,` : sql``}
          s.id AS session_id, s.account_id AS owner_id, s.duration_s AS seconds, s.bytes_in + s.bytes_out AS bytes,
          a.used_up_at, p.quota_period, p.session_minutes, p.period_quota_bytes),
      used_up AS (
        UPDATE guest_accounts a SET used_up_at = ${at}::timestamptz FROM s
        WHERE a.id = s.owner_id AND s.used_up_at IS NULL AND s.quota_period IS NULL AND (
          (s.session_minutes IS NOT NULL AND s.seconds + (SELECT coalesce(sum(o.duration_s), 0)
            FROM guest_sessions o WHERE o.account_id = s.owner_id AND o.id <> s.session_id) >= s.session_minutes * 60)
          OR (s.period_quota_bytes IS NOT NULL AND s.bytes + (SELECT coalesce(sum(o.bytes_in + o.bytes_out), 0)
            FROM guest_sessions o WHERE o.account_id = s.owner_id AND o.id <> s.session_id) >= s.period_quota_bytes))
        RETURNING a.id)
      SELECT * FROM s`,
    );
  const known = await update();
  if (known.length > 0) return known.filter((row) => row.ended_now === true);

  // The first record of a session the console has not seen: found by its account, and written whole.
  const mac = normalizeMac(textValue(request, 'Calling-Station-Id'));
  const userName = (textValue(request, 'User-Name') ?? '').trim();
  const accountId = userName === '' ? null : await accountFor(db, nas.cloudId, userName, mac);
  if (accountId === null) return [];
  const calledStation = textValue(request, 'Called-Station-Id') ?? null;
  const startedAt = new Date(now.getTime() - seconds * 1000).toISOString();
  const inserted = rowsOf(
    await db.execute(sql`
      WITH s AS (
        INSERT INTO guest_sessions (cloud_id, site_id, nas_id, account_id, acct_session_id, mac, device_id,
          called_station, ssid, framed_ip, started_at, updated_at, ended_at, duration_s, bytes_in, bytes_out,
          end_reason)
        VALUES (${nas.cloudId}, ${nas.siteId}, ${nas.id}, ${accountId}, ${acctSessionId},
          ${mac ?? normalizeMac(userName) ?? ''}, ${nas.deviceId}, ${calledStation}, ${ssidOf(calledStation ?? undefined)},
          ${framedIp}, ${startedAt}::timestamptz, ${at}::timestamptz, ${endedAt}::timestamptz, ${seconds},
          ${bytesIn}, ${bytesOut}, ${reason})
        ON CONFLICT (nas_id, acct_session_id) DO NOTHING
        RETURNING *)
      SELECT ${endedColumns}, a.used_up_at, p.quota_period, p.session_minutes, p.period_quota_bytes
      FROM s JOIN guest_accounts a ON a.id = s.account_id JOIN guest_plans p ON p.id = a.plan_id`),
  );
  const row = inserted[0];
  // Written meanwhile by another request of the same session (its Accept or a record sent twice): recorded
  // as a known session.
  if (!row) return (await update()).filter((known) => known.ended_now === true);
  await markUsedUp(db, row, at);
  return stop ? [row] : [];
}

/** As above: a plan without a quota period gives its time and data once, over the account's validity. */
async function markUsedUp(db: Database, row: Row, at: string) {
  if (row.used_up_at !== null || row.quota_period !== null) return;
  const minutes = row.session_minutes === null ? null : Number(row.session_minutes);
  const quota = row.period_quota_bytes === null ? null : Number(row.period_quota_bytes);
  if (minutes === null && quota === null) return;
  await db.execute(sql`
    UPDATE guest_accounts SET used_up_at = ${at}::timestamptz
    WHERE id = ${Number(row.account_id)} AND used_up_at IS NULL AND EXISTS (
      SELECT 1 FROM guest_sessions WHERE account_id = ${Number(row.account_id)}
      HAVING (${minutes}::int IS NOT NULL AND sum(duration_s) >= ${minutes}::int * 60)
        OR (${quota}::bigint IS NOT NULL AND sum(bytes_in + bytes_out) >= ${quota}::bigint))`);
}
