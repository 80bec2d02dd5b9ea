// docs/webhooks.md#guest-sessions: a guest session's end as the guest_session.ended webhook event. Every statement
// that ends sessions ends only those still open (ended_at IS NULL, re-checked on the row it locks) and
// returns them, so the statement that really ended a session queues its event, once, in its transaction.
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { queueWebhookEvents, type WebhookEventInput } from '../features/webhooks/queue.ts';

/** The columns an ending statement returns, for `s` guest_sessions joined with `a` guest_accounts. */
export const endedColumns = sql`s.id, s.cloud_id, s.site_id, s.account_id, a.username, a.kind AS account_kind,
  s.acct_session_id, s.mac, s.ssid, s.framed_ip, s.device_id, s.nas_id, s.started_at, s.ended_at, s.duration_s,
  s.bytes_in, s.bytes_out, s.end_reason, s.disconnected_by`;

type Row = Record<string, unknown>;

const iso = (value: unknown) => (value === null ? null : new Date(value as string | Date).toISOString());
const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** The guest_session.ended event of a row the ending statement returned (endedColumns). */
export function sessionEndedEvent(row: Row): WebhookEventInput {
  return {
    event: 'guest_session.ended',
    cloudId: Number(row.cloud_id),
    siteId: Number(row.site_id),
    data: {
      session_id: Number(row.id),
      account_id: Number(row.account_id),
      username: row.username,
      account_kind: row.account_kind,
      acct_session_id: row.acct_session_id,
      mac: row.mac,
      ssid: row.ssid ?? null,
      ip: row.framed_ip ?? null,
      device_id: numberOrNull(row.device_id),
      nas_id: numberOrNull(row.nas_id),
      started_at: iso(row.started_at),
      ended_at: iso(row.ended_at),
      duration_s: Number(row.duration_s),
      bytes_in: Number(row.bytes_in),
      bytes_out: Number(row.bytes_out),
      end_reason: row.end_reason ?? null,
      disconnected_by: numberOrNull(row.disconnected_by),
    },
  };
}

/** Queues the events of the sessions the caller's statement ended, in the caller's transaction. */
export async function queueSessionsEnded(tx: Database, rows: readonly Row[]): Promise<void> {
  await queueWebhookEvents(tx, rows.map(sessionEndedEvent));
}

/**
 * Ends the open sessions that `where` names (on `s`), now, for a cause the console gives (docs/guest-access.md
 * #disconnect-and-change), and queues their events, in one transaction of the caller's.
 */
export async function endOpenSessions(
  tx: Database,
  where: SQL,
  by: { cause: 'operator' | 'revoked' | 'plan_changed'; userId: number | null },
): Promise<number> {
  const result = await tx.execute(sql`
    UPDATE guest_sessions s SET ended_at = now(), updated_at = now(), end_reason = ${by.cause},
      disconnected_by = ${by.userId}
    FROM guest_accounts a
    WHERE a.id = s.account_id AND s.ended_at IS NULL AND ${where}
    RETURNING ${endedColumns}`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  await queueSessionsEnded(tx, rows);
  return rows.length;
}
