// docs/guest-access.md#history: the guests' sessions of a cloud, newest first, paged by their start (keyset
// on started_at and id, guest_sessions_cloud_started_idx), and written out as CSV a chunk at a time.
import { and, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  type GuestSession,
  SESSION_EXPORT_COLUMNS,
  SESSION_EXPORT_ROWS_MAX,
  type SessionEndReason,
  type SessionExportQuery,
  type SessionList,
  type SessionListQuery,
} from '../../../core/api/guest-sessions.ts';
import { csvField } from '../../../core/csv.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { users } from '../../db/schema/accounts.ts';
import { guestAccounts, guestNas, guestSessions } from '../../db/schema/guest-access.ts';
import { devices, sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';

/** A search that looks like (part of) a MAC address: hex digits with or without separators. */
const MAC_LIKE = /^[0-9a-f]{2}([:.-]?[0-9a-f]{1,2})+$/i;
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The conditions of the filters, all on guest_sessions' own columns (so the count reads one table). */
function filterWhere(cloudId: number, query: SessionExportQuery): SQL {
  const search = query.search?.trim() ?? '';
  let searching: SQL | undefined;
  if (search !== '') {
    // A guest's username or code anywhere, or a MAC in any notation (separators ignored on both sides).
    const byAccount = sql`${guestSessions.accountId} IN (SELECT a.id FROM guest_accounts a
      WHERE a.cloud_id = ${cloudId} AND lower(a.username) LIKE ${likePattern(search.toLowerCase())})`;
    const hex = search.toLowerCase().replace(/[:.-]/g, '');
    searching = MAC_LIKE.test(search)
      ? sql`(${byAccount} OR regexp_replace(lower(${guestSessions.mac}), '[^0-9a-f]', '', 'g') LIKE ${likePattern(hex)})`
      : byAccount;
  }
  return and(
    eq(guestSessions.cloudId, cloudId),
    query.site_id ? eq(guestSessions.siteId, query.site_id) : undefined,
    query.state === 'active' ? isNull(guestSessions.endedAt) : undefined,
    query.state === 'ended' ? isNotNull(guestSessions.endedAt) : undefined,
    query.account_id ? eq(guestSessions.accountId, query.account_id) : undefined,
    query.end_reason ? eq(guestSessions.endReason, query.end_reason) : undefined,
    query.from ? gte(guestSessions.startedAt, new Date(query.from)) : undefined,
    query.to ? lt(guestSessions.startedAt, new Date(query.to)) : undefined,
    searching,
  ) as SQL;
}

/** The keyset of a row: its start to the microsecond (as the database keeps it) and its id. */
const cursorOf = sql<string>`to_char(${guestSessions.startedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${guestSessions.id}`;

function afterCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('_');
  return sql`(${guestSessions.startedAt}, ${guestSessions.id}) < (${at}::timestamptz, ${id}::bigint)`;
}

const columns = {
  id: guestSessions.id,
  accountId: guestSessions.accountId,
  username: guestAccounts.username,
  kind: guestAccounts.kind,
  mac: guestSessions.mac,
  siteId: guestSessions.siteId,
  siteName: sites.name,
  deviceId: devices.id,
  deviceName: devices.name,
  calledStation: guestSessions.calledStation,
  nasId: guestNas.id,
  nasName: guestNas.name,
  ssid: guestSessions.ssid,
  ip: guestSessions.framedIp,
  startedAt: guestSessions.startedAt,
  updatedAt: guestSessions.updatedAt,
  endedAt: guestSessions.endedAt,
  durationS: guestSessions.durationS,
  bytesIn: guestSessions.bytesIn,
  bytesOut: guestSessions.bytesOut,
  endReason: guestSessions.endReason,
  disconnectedById: users.id,
  disconnectedByEmail: users.email,
  cursor: cursorOf,
};

function rowsQuery(db: Database, where: SQL | undefined, limit: number) {
  return db
    .select(columns)
    .from(guestSessions)
    .innerJoin(guestAccounts, eq(guestAccounts.id, guestSessions.accountId))
    .innerJoin(sites, eq(sites.id, guestSessions.siteId))
    .leftJoin(devices, eq(devices.id, guestSessions.deviceId))
    .leftJoin(guestNas, eq(guestNas.id, guestSessions.nasId))
    .leftJoin(users, eq(users.id, guestSessions.disconnectedBy))
    .where(where)
    .orderBy(desc(guestSessions.startedAt), desc(guestSessions.id))
    .limit(limit);
}
type Row = Awaited<ReturnType<typeof rowsQuery>>[number];

/** An open session's duration counts up to now; an ended one's is what its NAS reported. */
function present(row: Row, now: Date): GuestSession {
  const running =
    row.endedAt === null ? Math.max(0, Math.floor((now.getTime() - row.startedAt.getTime()) / 1000)) : 0;
  return {
    id: row.id,
    account: { id: row.accountId, username: row.username, kind: row.kind },
    mac: row.mac,
    site: { id: row.siteId, name: row.siteName },
    access_point: row.deviceName ?? row.calledStation ?? row.nasName,
    device: row.deviceId === null ? null : { id: row.deviceId, name: row.deviceName ?? '' },
    nas: row.nasId === null ? null : { id: row.nasId, name: row.nasName ?? '' },
    ssid: row.ssid,
    ip: row.ip,
    started_at: row.startedAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    duration_s: Math.max(row.durationS, running),
    bytes_in: row.bytesIn,
    bytes_out: row.bytesOut,
    end_reason: row.endReason as SessionEndReason | null,
    disconnected_by:
      row.disconnectedById === null
        ? null
        : { id: row.disconnectedById, email: row.disconnectedByEmail ?? '' },
  };
}

export async function listSessions(
  db: Database,
  cloudId: number,
  query: SessionListQuery,
): Promise<SessionList> {
  const where = filterWhere(cloudId, query);
  const now = new Date();
  const [rows, counted] = await Promise.all([
    rowsQuery(db, and(where, afterCursor(query.cursor)), query.limit + 1),
    countCapped(db, guestSessions, where, { offset: 0, limit: query.limit }),
  ]);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => present(row, now)),
    next_cursor: rows.length > query.limit ? (page.at(-1)?.cursor ?? null) : null,
    ...counted,
  };
}

/** Rows one read of the export takes: the file is written as they come, never held whole. */
const EXPORT_CHUNK = 1_000;

/** docs/guest-access.md#history: the sessions the list shows for the same filters, as CSV lines. */
export async function* exportSessions(
  db: Database,
  cloudId: number,
  query: SessionExportQuery,
): AsyncGenerator<string> {
  const where = filterWhere(cloudId, query);
  const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  yield line(SESSION_EXPORT_COLUMNS);
  let cursor: string | undefined;
  const now = new Date();
  for (let written = 0; written < SESSION_EXPORT_ROWS_MAX; written += EXPORT_CHUNK) {
    const rows = await rowsQuery(
      db,
      and(where, afterCursor(cursor)),
      Math.min(EXPORT_CHUNK, SESSION_EXPORT_ROWS_MAX - written),
    );
    let chunk = '';
    for (const row of rows) {
      const session = present(row, now);
      chunk += line([
        session.account.username,
        session.account.kind,
        session.mac,
        session.site.name,
        session.access_point,
        session.ssid,
        session.ip,
        session.started_at,
        session.ended_at,
        session.duration_s,
        session.bytes_in,
        session.bytes_out,
        session.end_reason,
      ]);
    }
    if (chunk !== '') yield chunk;
    if (rows.length < EXPORT_CHUNK) return;
    cursor = rows.at(-1)?.cursor;
  }
}

/**
 * What a disconnect names, checked: an open session of the cloud, or a guest account of the cloud with
 * open sessions (404 for what is not the cloud's, 409 when nothing is open).
 */
export async function disconnectTarget(
  db: Database,
  cloudId: number,
  target: { sessionId?: number; accountId?: number },
): Promise<{ sessionIds: number[]; name: string }> {
  if (target.sessionId !== undefined) {
    const [row] = await db
      .select({ id: guestSessions.id, endedAt: guestSessions.endedAt, username: guestAccounts.username })
      .from(guestSessions)
      .innerJoin(guestAccounts, eq(guestAccounts.id, guestSessions.accountId))
      .where(and(eq(guestSessions.id, target.sessionId), eq(guestSessions.cloudId, cloudId)));
    if (!row) throw errors.notFound('No such guest session in this cloud.');
    if (row.endedAt !== null) throw errors.conflict('This session has already ended.');
    return { sessionIds: [row.id], name: row.username };
  }
  const [account] = await db
    .select({ id: guestAccounts.id, username: guestAccounts.username })
    .from(guestAccounts)
    .where(and(eq(guestAccounts.id, target.accountId ?? 0), eq(guestAccounts.cloudId, cloudId)));
  if (!account) throw errors.notFound('No such guest account in this cloud.');
  const open = await db
    .select({ id: guestSessions.id })
    .from(guestSessions)
    .where(
      and(
        eq(guestSessions.cloudId, cloudId),
        eq(guestSessions.accountId, account.id),
        isNull(guestSessions.endedAt),
      ),
    );
  if (open.length === 0) throw errors.conflict('This guest has no open session.');
  return { sessionIds: open.map((row) => row.id), name: account.username };
}
