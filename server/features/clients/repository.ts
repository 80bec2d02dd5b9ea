import { and, asc, desc, eq, gte, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import {
  CLIENT_EXPORT_COLUMNS,
  CLIENT_EXPORT_ROWS_MAX,
  CLIENT_HISTORY_MAX,
  type ClientAddress,
  type ClientDetail,
  type ClientExportQuery,
  type ClientListItem,
  type ClientListQuery,
  type ClientListResponse,
  type ClientSample,
  type ClientStay,
  type ClientStaysQuery,
  type ClientStaysResponse,
  isClientConnected,
} from '../../../core/api/clients.ts';
import { LIST_COUNT_MAX, listPageRequest } from '../../../core/api/list-query.ts';
import { csvField } from '../../../core/csv.ts';
import { isOnline } from '../../../core/fleet/status.ts';
import { type Access, deviceListActions, visibleSiteIds } from '../../../core/policy.ts';
import { normalizeMac } from '../../../core/search.ts';
import { TIME_RANGE_SPANS, type TimeRange } from '../../../core/time-range.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { queryRows } from '../../db/rows.ts';
import { wirelessClientStays } from '../../db/schema/clients.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { wirelessClients as clients, devices, objectHistory, sites } from '../../db/schema/inventory.ts';
import { matcherFor } from '../search/matching.ts';

export type ClientScope = {
  cloudId: number;
  /** The caller's membership: a Site User sees the clients of their sites only. */
  access: Access;
  /** The heartbeat pace, which says how long a client stays connected without being listed. */
  heartbeatIntervalS: number;
};

type Named = { id: number; name: string } | null;
type ClientRow = typeof clients.$inferSelect;

/**
 * Search Everywhere's matching (search/matching.ts): host name anywhere (wireless_clients_hostname_trgm),
 * IP address from its start (wireless_clients_cloud_ip_idx) and a MAC-like text in any notation
 * (wireless_clients_cloud_mac_key for a whole address, wireless_clients_mac_trgm for a part).
 */
function matching(text: string): SQL {
  const conditions = [
    matcherFor('hostname', text).match(sql`${clients.hostname}`),
    matcherFor('ip', text).match(sql`${clients.ip}`),
  ];
  if (normalizeMac(text)) conditions.push(matcherFor('mac', text).match(sql`${clients.mac}`));
  return or(...conditions) as SQL;
}

/** The sites the caller sees, as a condition on a site id column; undefined when they see every site. */
function visibleSites(access: Access, column: SQL): SQL | undefined {
  const visible = visibleSiteIds(access);
  if (!visible) return undefined;
  return visible.length > 0 ? inArray(column, visible) : sql`false`;
}

const SORTS = {
  lastSeen: () => [clients.lastSeenAt],
  // Clients that never told their name go last either way.
  hostname: () => [sql`${clients.hostname} = ''`, clients.hostname],
  rssi: () => [clients.rssi],
  traffic: () => [sql`(${clients.rxBytes} + ${clients.txBytes})`],
} as const;

/**
 * The list's order (docs/clients.md#order). By host name it reads wireless_clients_cloud_hostname_idx or
 * wireless_clients_cloud_hostname_desc_idx, whose descending columns say NULLS LAST: the keys say so too, or
 * the planner sorts instead.
 * Last seen, RSSI and traffic change with every heartbeat and have no index (see listClients).
 */
function ordering(query: Pick<ClientListQuery, 'sort' | 'order'>): SQL[] {
  const direction = query.order === 'asc' ? asc : desc;
  const [first, ...rest] = SORTS[query.sort]();
  const nullsLast = (key: SQL | typeof clients.id) =>
    query.order === 'asc' ? asc(key) : sql`${desc(key)} NULLS LAST`;
  if (query.sort === 'hostname') {
    return [asc(first as SQL), ...rest.map((key) => nullsLast(key as SQL)), nullsLast(clients.id)];
  }
  return [sql`${direction(first as SQL)} NULLS LAST`, direction(clients.id)];
}

/** Live devices of the cloud with their online state and latest contact, and live sites, by id. */
async function namesOf(db: Database, cloudId: number, deviceIds: number[], siteIds: number[]) {
  const [deviceRows, siteRows] = await Promise.all([
    deviceIds.length === 0
      ? []
      : db
          .select({
            id: devices.id,
            name: devices.name,
            statusId: devices.statusId,
            blocked: devices.blocked,
            decomm: devices.decomm,
            lastSeenAt: devices.lastSeenAt,
            lastHeartbeatAt: deviceAgents.lastHeartbeatAt,
          })
          .from(devices)
          .leftJoin(deviceAgents, eq(deviceAgents.deviceId, devices.id))
          .where(
            and(inArray(devices.id, deviceIds), eq(devices.cloudId, cloudId), isNull(devices.deletedAt)),
          ),
    siteIds.length === 0
      ? []
      : db
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(and(inArray(sites.id, siteIds), eq(sites.cloudId, cloudId), isNull(sites.deletedAt))),
  ]);
  return {
    devices: new Map(deviceRows.map((row) => [row.id, row])),
    sites: new Map(siteRows.map((row) => [row.id, { id: row.id, name: row.name }])),
  };
}
type Names = Awaited<ReturnType<typeof namesOf>>;

const unique = (ids: (number | null)[]) => [...new Set(ids.filter((id): id is number => id !== null))];
const named = (map: Map<number, { id: number; name: string }>, id: number | null): Named => {
  const found = id === null ? undefined : map.get(id);
  return found ? { id: found.id, name: found.name } : null;
};

function presentClient(row: ClientRow, names: Names, heartbeatIntervalS: number): ClientListItem {
  const device = row.deviceId === null ? undefined : names.devices.get(row.deviceId);
  return {
    id: row.id,
    mac: row.mac,
    ip: row.ip,
    hostname: row.hostname,
    ssid: row.ssid,
    band: row.band,
    rssi: row.rssi,
    rx_bytes: row.rxBytes,
    tx_bytes: row.txBytes,
    device: named(names.devices, row.deviceId),
    site: named(names.sites, row.siteId),
    first_seen_at: row.firstSeenAt.toISOString(),
    last_seen_at: row.lastSeenAt.toISOString(),
    connected: isClientConnected(
      { lastSeenAt: row.lastSeenAt },
      device ? { online: isOnline(device), lastContact: device.lastHeartbeatAt ?? device.lastSeenAt } : null,
      heartbeatIntervalS,
    ),
  };
}

/**
 * One page of the clients the caller sees, and how many match (at most LIST_COUNT_MAX, or to the end of
 * the page). A site's or a device's clients come from wireless_clients_site_idx or _device_idx and are
 * sorted in memory (a site holds hundreds to a few thousand); a search from the indexes of `matching`.
 * Last seen, RSSI and traffic change with every heartbeat and have no index on purpose (an indexed column
 * that changes makes each heartbeat's update write every index of the row): the whole cloud sorted by them
 * reads all its clients once.
 */
export async function listClients(
  db: Database,
  scope: ClientScope,
  query: ClientListQuery,
): Promise<ClientListResponse> {
  const page = listPageRequest(query);
  const where = listWhere(scope, query, page.search);
  const rows = await pageQuery(db, scope, query);
  const [names, counted] = await Promise.all([
    namesOf(
      db,
      scope.cloudId,
      unique(rows.map((row) => row.deviceId)),
      unique(rows.map((row) => row.siteId)),
    ),
    countCapped(db, clients, where, page),
  ]);
  return {
    items: rows.map((row) => presentClient(row, names, scope.heartbeatIntervalS)),
    ...counted,
    can_export: deviceListActions(scope.access, query.site_id).includes('export'),
  };
}

/** The rows of one page of the list, in its order (docs/clients.md#order). */
export function pageQuery(db: Database, scope: ClientScope, query: ClientListQuery) {
  const page = listPageRequest(query);
  return db
    .select()
    .from(clients)
    .where(listWhere(scope, query, page.search))
    .orderBy(...ordering(query))
    .limit(page.limit)
    .offset(page.offset);
}

/** The list's conditions: the cloud, the sites the caller sees, the site or device asked for, the search. */
function listWhere(
  scope: ClientScope,
  query: Pick<ClientListQuery, 'site_id' | 'device_id'>,
  search: string,
): SQL | undefined {
  return and(
    eq(clients.cloudId, scope.cloudId),
    visibleSites(scope.access, sql`${clients.siteId}`),
    query.site_id ? eq(clients.siteId, query.site_id) : undefined,
    query.device_id ? eq(clients.deviceId, query.device_id) : undefined,
    search === '' ? undefined : matching(search),
  );
}

/** Rows one read of the CSV export takes: the file is written as they come, never held whole. */
const EXPORT_CHUNK = 1_000;

/**
 * docs/clients.md#csv-export: every client the list shows for the same search, narrowing and order (up to
 * CLIENT_EXPORT_ROWS_MAX), as CSV lines, read from the database a chunk at a time in the list's order
 * (its id breaks ties, so no row is read twice or skipped while the list stands still).
 */
export async function* exportClients(
  db: Database,
  scope: ClientScope,
  query: ClientExportQuery,
): AsyncGenerator<string> {
  const where = listWhere(scope, query, query.search?.trim() ?? '');
  const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  yield line(CLIENT_EXPORT_COLUMNS);
  for (let offset = 0; offset < CLIENT_EXPORT_ROWS_MAX; offset += EXPORT_CHUNK) {
    const rows = await db
      .select()
      .from(clients)
      .where(where)
      .orderBy(...ordering(query))
      .limit(Math.min(EXPORT_CHUNK, CLIENT_EXPORT_ROWS_MAX - offset))
      .offset(offset);
    const names = await namesOf(
      db,
      scope.cloudId,
      unique(rows.map((row) => row.deviceId)),
      unique(rows.map((row) => row.siteId)),
    );
    let chunk = '';
    for (const row of rows) {
      const client = presentClient(row, names, scope.heartbeatIntervalS);
      chunk += line([
        client.hostname,
        client.mac,
        client.ip,
        client.connected ? 'yes' : 'no',
        client.site?.name ?? '',
        client.device?.name ?? '',
        client.ssid,
        client.band,
        client.rssi,
        client.rx_bytes,
        client.tx_bytes,
        client.first_seen_at,
        client.last_seen_at,
      ]);
    }
    if (chunk !== '') yield chunk;
    if (rows.length < EXPORT_CHUNK) return;
  }
}

/**
 * One client with its stays and former addresses, newest first, or null when it is not in the cloud or
 * not on a site the caller sees. Stays and addresses on sites the caller does not see are left out.
 * Stays come from wireless_client_stays (wireless_client_stays_client_idx); object_history's 'mac' rows
 * of the same moves (object_history_object_idx) that have no stay beside them were written before stays
 * were kept, and name the site only.
 */
export async function findClient(
  db: Database,
  scope: ClientScope,
  clientId: number,
  range: TimeRange | undefined,
): Promise<ClientDetail | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.cloudId, scope.cloudId)));
  if (!row) return null;
  const visible = visibleSiteIds(scope.access);
  if (visible && (row.siteId === null || !visible.includes(row.siteId))) return null;

  const since = range ? new Date(Date.now() - TIME_RANGE_SPANS[range].spanMs) : null;
  const stays = wirelessClientStays;
  const history = (field: 'mac' | 'ip') =>
    and(
      eq(objectHistory.objectType, 'client'),
      eq(objectHistory.objectId, row.id),
      eq(objectHistory.cloudId, scope.cloudId),
      eq(objectHistory.field, field),
      visibleSites(scope.access, sql`${objectHistory.siteId}`),
      since ? gte(objectHistory.validTo, since) : undefined,
    );
  const [stayRows, earlierRows, addressRows] = await Promise.all([
    db
      .select()
      .from(stays)
      .where(
        and(
          eq(stays.clientId, row.id),
          visibleSites(scope.access, sql`${stays.siteId}`),
          since ? gte(stays.lastSeenAt, since) : undefined,
        ),
      )
      .orderBy(desc(stays.lastSeenAt), desc(stays.id))
      .limit(CLIENT_HISTORY_MAX),
    db
      .select({ siteId: objectHistory.siteId, from: objectHistory.validFrom, to: objectHistory.validTo })
      .from(objectHistory)
      .where(
        and(
          history('mac'),
          sql`NOT EXISTS (SELECT 1 FROM ${stays} WHERE ${stays.clientId} = ${objectHistory.objectId}
            AND ${stays.firstSeenAt} = ${objectHistory.validFrom} AND ${stays.lastSeenAt} = ${objectHistory.validTo})`,
        ),
      )
      .orderBy(desc(objectHistory.validTo))
      .limit(CLIENT_HISTORY_MAX),
    db
      .select({ ip: objectHistory.value, until: objectHistory.validTo })
      .from(objectHistory)
      .where(history('ip'))
      .orderBy(desc(objectHistory.validTo))
      .limit(CLIENT_HISTORY_MAX),
  ]);

  const names = await namesOf(
    db,
    scope.cloudId,
    unique([row.deviceId, ...stayRows.map((stay) => stay.deviceId)]),
    unique([row.siteId, ...stayRows.map((stay) => stay.siteId), ...earlierRows.map((e) => e.siteId)]),
  );
  const client = presentClient(row, names, scope.heartbeatIntervalS);
  const past: ClientStay[] = [
    ...stayRows.map((stay) => ({
      device: named(names.devices, stay.deviceId),
      site: named(names.sites, stay.siteId),
      ssid: stay.ssid,
      band: stay.band,
      first_seen_at: stay.firstSeenAt.toISOString(),
      last_seen_at: stay.lastSeenAt.toISOString(),
      current: false,
    })),
    ...earlierRows.map((earlier) => ({
      device: null,
      site: named(names.sites, earlier.siteId),
      ssid: null,
      band: null,
      first_seen_at: earlier.from.toISOString(),
      last_seen_at: earlier.to.toISOString(),
      current: false,
    })),
  ].sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at));
  const current: ClientStay[] =
    since && row.lastSeenAt < since
      ? []
      : [
          {
            device: client.device,
            site: client.site,
            ssid: client.ssid,
            band: client.band,
            first_seen_at: client.first_seen_at,
            last_seen_at: client.last_seen_at,
            current: true,
          },
        ];
  const addresses: ClientAddress[] = addressRows.map((address) => ({
    ip: address.ip,
    until: address.until.toISOString(),
  }));
  // A caller who sees some sites only gets the samples of the client's current stay, on a site they see.
  const samplesSince = visible && (!since || row.firstSeenAt > since) ? row.firstSeenAt : since;
  return {
    ...client,
    history: [...current, ...past].slice(0, CLIENT_HISTORY_MAX),
    addresses,
    samples: await clientSamples(db, row.id, samplesSince),
  };
}

/**
 * The client's hourly samples since `since` (all kept without it), each hour's traffic the growth of its
 * byte totals (which only grow) since the sample before (wireless_client_samples' primary key).
 */
async function clientSamples(db: Database, clientId: number, since: Date | null): Promise<ClientSample[]> {
  // The hour before the first one too, for its traffic.
  const hourBefore = since ? new Date(since.getTime() - 2 * 3_600_000).toISOString() : null;
  return queryRows<ClientSample>(
    db,
    sql`
    SELECT at, rssi, rx_bytes, tx_bytes FROM (
      SELECT hour, to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, rssi,
        (rx_bytes - lag(rx_bytes) OVER w)::float8 AS rx_bytes,
        (tx_bytes - lag(tx_bytes) OVER w)::float8 AS tx_bytes
      FROM wireless_client_samples
      WHERE client_id = ${clientId} ${hourBefore ? sql`AND hour >= ${hourBefore}::timestamptz` : sql``}
      WINDOW w AS (ORDER BY hour)
    ) s
    ${since ? sql`WHERE hour > ${since.toISOString()}::timestamptz - interval '1 hour'` : sql``}
    ORDER BY hour`,
  );
}

type PastStayRow = {
  site_id: number | null;
  device_id: number | null;
  ssid: string | null;
  band: string | null;
  first_seen_at: string;
  last_seen_at: string;
};

const isoMs = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * docs/clients.md#connection-history: one page of the client's stays, the one that goes on first (its own
 * row), then its past stays newest first: wireless_client_stays (wireless_client_stays_client_idx) and the
 * object_history 'mac' rows of moves recorded before stays were kept (object_history_object_idx), which
 * name the site only. Null when the client is not in the cloud or not on a site the caller sees; stays on
 * sites the caller does not see are left out.
 */
export async function listClientStays(
  db: Database,
  scope: ClientScope,
  clientId: number,
  query: ClientStaysQuery,
): Promise<ClientStaysResponse | null> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.cloudId, scope.cloudId)));
  if (!row) return null;
  const visible = visibleSiteIds(scope.access);
  if (visible && (row.siteId === null || !visible.includes(row.siteId))) return null;

  const since = query.range ? new Date(Date.now() - TIME_RANGE_SPANS[query.range].spanMs) : null;
  const withCurrent = !(since && row.lastSeenAt < since);
  // The current stay is the first row of the first page; the past rows fill the rest.
  const pastOffset = withCurrent ? Math.max(query.offset - 1, 0) : query.offset;
  const pastLimit = withCurrent && query.offset === 0 ? query.limit - 1 : query.limit;
  const stays = sql`
    SELECT s.site_id, s.device_id, s.ssid, s.band, s.first_seen_at, s.last_seen_at, s.id AS key
    FROM wireless_client_stays s
    WHERE s.client_id = ${row.id}
      ${since ? sql`AND s.last_seen_at >= ${since.toISOString()}::timestamptz` : sql``}
      ${visibleSql(scope.access, sql`s.site_id`)}
    UNION ALL
    SELECT h.site_id, NULL::int, NULL::text, NULL::text, h.valid_from, h.valid_to, -h.id
    FROM object_history h
    WHERE h.object_type = 'client' AND h.object_id = ${row.id} AND h.cloud_id = ${scope.cloudId}
      AND h.field = 'mac'
      ${since ? sql`AND h.valid_to >= ${since.toISOString()}::timestamptz` : sql``}
      ${visibleSql(scope.access, sql`h.site_id`)}
      AND NOT EXISTS (SELECT 1 FROM wireless_client_stays s2 WHERE s2.client_id = h.object_id
        AND s2.first_seen_at = h.valid_from AND s2.last_seen_at = h.valid_to)`;
  const cap = Math.max(LIST_COUNT_MAX, query.offset + query.limit);
  const [pastRows, counted] = await Promise.all([
    pastLimit === 0
      ? []
      : queryRows<PastStayRow>(
          db,
          sql`SELECT site_id, device_id, ssid, band, ${isoMs(sql`first_seen_at`)} AS first_seen_at,
            ${isoMs(sql`last_seen_at`)} AS last_seen_at
          FROM (${stays}) past ORDER BY past.last_seen_at DESC, past.key DESC
          LIMIT ${pastLimit} OFFSET ${pastOffset}`,
        ),
    queryRows<{ value: number }>(
      db,
      sql`SELECT count(*)::int AS value FROM (SELECT 1 FROM (${stays}) past LIMIT ${cap + 1}) matches`,
    ),
  ]);
  const pastTotal = Number(counted[0]?.value ?? 0) + (withCurrent ? 1 : 0);
  const names = await namesOf(
    db,
    scope.cloudId,
    unique([row.deviceId, ...pastRows.map((stay) => stay.device_id)]),
    unique([row.siteId, ...pastRows.map((stay) => stay.site_id)]),
  );
  const items: ClientStay[] = pastRows.map((stay) => ({
    device: named(names.devices, stay.device_id),
    site: named(names.sites, stay.site_id),
    ssid: stay.ssid,
    band: stay.band,
    first_seen_at: stay.first_seen_at,
    last_seen_at: stay.last_seen_at,
    current: false,
  }));
  if (withCurrent && query.offset === 0) {
    const client = presentClient(row, names, scope.heartbeatIntervalS);
    items.unshift({
      device: client.device,
      site: client.site,
      ssid: client.ssid,
      band: client.band,
      first_seen_at: client.first_seen_at,
      last_seen_at: client.last_seen_at,
      current: true,
    });
  }
  return { items, total: Math.min(pastTotal, cap), total_capped: pastTotal > cap };
}

/** The sites the caller sees as an AND condition on a raw site id column; nothing when they see every site. */
function visibleSql(access: Access, column: SQL): SQL {
  const condition = visibleSites(access, column);
  return condition ? sql`AND ${condition}` : sql``;
}
