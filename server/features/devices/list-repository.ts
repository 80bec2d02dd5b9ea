import { and, count, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DeviceFilterQuery, DeviceListItem, DeviceUplink } from '../../../core/api/devices.ts';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import { type DeviceSort, parseDeviceSort } from '../../../core/device-list.ts';
import type { ProductType } from '../../../core/domain.ts';
import { isOnline } from '../../../core/fleet/status.ts';
import { type Access, visibleSiteIds } from '../../../core/policy.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { normalizeMac, type SearchSource } from '../../../core/search.ts';
import { allowedTasks } from '../../../core/task-types.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { devices, sites } from '../../db/schema/inventory.ts';
import { matcherFor } from '../search/matching.ts';

/**
 * Search Everywhere's matching (search/matching.ts) on name and host name anywhere in the text
 * (devices_name_trgm, devices_hostname_trgm), serial number and IP address from their start
 * (devices_sn_idx, devices_ip_idx), and a MAC-like text in any notation (devices_mac_idx for a whole
 * address, devices_mac_trgm for a part).
 */
function matching(text: string): SQL {
  const sources: [SearchSource, AnyPgColumn][] = [
    ['name', devices.name],
    ['hostname', devices.hostname],
    ['serial', devices.sn],
    ['ip', devices.ip],
  ];
  if (normalizeMac(text)) sources.push(['mac', devices.mac]);
  return or(...sources.map(([source, column]) => matcherFor(source, text).match(sql`${column}`))) as SQL;
}

export type DeviceListOptions = ListPageRequest & {
  cloudId: number;
  /** The caller's membership: which sites they see, and what they may do on each device. */
  access: Access;
  filters?: DeviceFilterQuery;
  sort?: DeviceSort;
};

/**
 * Online (1) is not blocked and reporting (core/fleet/status.ts isOnline), over devices already live; the
 * same expression as devices_list_status_idx, so the index serves the filter and the order. A CASE, which
 * the planner keeps whole: `NOT blocked AND ...` would be split into conditions no index holds.
 */
export const onlineNow = sql`(CASE WHEN NOT ${devices.blocked} AND ${devices.statusId} IN ('STATUS_ONLINE', 'STATUS_SKIPPED_HB') THEN 1 ELSE 0 END)`;
/** Health from best to worst (the order the list sorts by), as devices_list_health_idx has it. */
export const healthRank = sql`(CASE ${devices.healthId} WHEN 'HEALTH_NORMAL' THEN 1 WHEN 'HEALTH_WARNING' THEN 2 WHEN 'HEALTH_CRITICAL' THEN 3 ELSE 0 END)`;
const HEALTH_RANKS = { HEALTH_UNKNOWN: 0, HEALTH_NORMAL: 1, HEALTH_WARNING: 2, HEALTH_CRITICAL: 3 } as const;

function filtering({ health, status, type, site_id: siteId, model, fw }: DeviceFilterQuery): SQL[] {
  const conditions: SQL[] = [];
  // A constant, not a parameter, so the planner matches it to the index's expression.
  if (health) conditions.push(sql`${healthRank} = ${sql.raw(String(HEALTH_RANKS[health]))}`);
  if (status) conditions.push(sql`${onlineNow} = ${sql.raw(status === 'online' ? '1' : '0')}`);
  if (type) conditions.push(eq(devices.productType, type));
  if (siteId) conditions.push(eq(devices.siteId, siteId));
  if (model) conditions.push(eq(devices.productBrandId, model));
  if (fw) conditions.push(eq(devices.fw, fw));
  return conditions;
}

/**
 * The devices the list shows for a search and filters: live (not deleted, not decommissioned) devices of
 * the cloud on the sites the caller sees. The bulk actions and the export resolve "all that match" with it.
 */
export function deviceListWhere(options: {
  cloudId: number;
  access: Access;
  search: string;
  filters?: DeviceFilterQuery;
}): SQL | undefined {
  const conditions = [
    eq(devices.cloudId, options.cloudId),
    isNull(devices.deletedAt),
    eq(devices.decomm, false),
  ];
  const visible = visibleSiteIds(options.access);
  if (visible) conditions.push(visible.length > 0 ? inArray(devices.siteId, [...visible]) : sql`false`);
  if (options.search !== '') conditions.push(matching(options.search));
  conditions.push(...filtering(options.filters ?? {}));
  return and(...conditions);
}

/** Only a live site of the device's own cloud counts as its site. */
export const liveSiteOfDevice = and(
  eq(sites.id, devices.siteId),
  eq(sites.cloudId, devices.cloudId),
  isNull(sites.deletedAt),
);

/**
 * The order of a sort, then name and id, all one way: each key but the site's has an index of the cloud's
 * live devices in that order (devices_cloud_name_idx, devices_list_*_idx), read backwards for descending.
 */
function ordering(sort: DeviceSort | undefined): SQL[] {
  const { key, descending } = parseDeviceSort(sort);
  const first = {
    name: [],
    status: [onlineNow],
    health: [healthRank],
    family: [sql`${devices.productType}`],
    model: [sql`${devices.productBrandId}`],
    site: [sql`${sites.name}`, sql`${sites.id}`],
    firmware: [sql`${devices.fw}`],
  }[key];
  const direction = sql.raw(descending ? ' DESC' : ' ASC');
  return [...first, sql`${devices.name}`, sql`${devices.id}`].map((column) => sql`${column}${direction}`);
}

/**
 * One page of the cloud's live devices in the order asked for (by name by default) then id, and how many match (at most LIST_COUNT_MAX, or to
 * the end of the page). Without a search the page walks devices_cloud_name_idx in order; a search starts
 * from the indexes of `matching` or walks devices_cloud_name_idx, whichever the planner finds cheaper; a
 * Site User's devices come from devices_cloud_site_idx.
 */
export async function listDevices(
  db: Database,
  options: DeviceListOptions,
): Promise<ListPage<DeviceListItem>> {
  const where = deviceListWhere(options);
  const rows = await pageRows(db, where, options.sort, options.limit, options.offset);
  const counted = await countCapped(db, devices, where, options);
  return { items: rows.map(listItem(options.access)), ...counted };
}

type Telemetry = {
  uptimeS?: number;
  wan?: { name: string; up: boolean }[];
  links?: { peerMac: string; up: boolean; capacityMbps?: number }[];
  meshPeers?: { mac: string; capacityMbps: number; hops: number }[];
  ports?: { port: number; link: boolean; speedMbps: number }[];
};

/** The uplink of a heartbeat (core/api/devices.ts DeviceUplink); null when the family reports none. */
export function uplinkOf(beat: Telemetry | null): DeviceUplink | null {
  if (!beat) return null;
  if (beat.wan?.length) {
    const port = beat.wan.find((one) => one.up) ?? beat.wan[0];
    if (port) return { kind: 'wan', up: port.up, name: port.name, mbps: null };
  }
  if (beat.links?.length) {
    const link = beat.links.find((one) => one.up) ?? beat.links[0];
    if (link) return { kind: 'radio_link', up: link.up, name: link.peerMac, mbps: link.capacityMbps ?? null };
  }
  if (beat.meshPeers?.length) {
    const peer = [...beat.meshPeers].sort((a, b) => a.hops - b.hops || b.capacityMbps - a.capacityMbps)[0];
    if (peer) return { kind: 'mesh', up: true, name: peer.mac, mbps: peer.capacityMbps };
  }
  if (beat.ports?.length) {
    const port = [...beat.ports].sort(
      (a, b) => Number(b.link) - Number(a.link) || b.speedMbps - a.speedMbps,
    )[0];
    if (port)
      return {
        kind: 'port',
        up: port.link,
        name: String(port.port),
        mbps: port.link ? port.speedMbps : null,
      };
  }
  return null;
}

type ListRow = {
  id: number;
  name: string;
  siteId: number | null;
  siteName: string | null;
  mac: string;
  ip: string | null;
  hostname: string;
  fw: string;
  mgmtdVersion: string;
  sn: string;
  productType: string;
  productBrandId: number;
  statusId: DeviceListItem['status_id'];
  blocked: boolean;
  healthId: DeviceListItem['health_id'];
  lastSeenAt: Date | string | null;
  telemetry: Telemetry | null;
  clients: number | null;
};

const listItem =
  (access: Access, now = Date.now()) =>
  (row: ListRow): DeviceListItem => ({
    id: row.id,
    name: row.name,
    site: row.siteId === null || row.siteName === null ? null : { id: row.siteId, name: row.siteName },
    mac: row.mac,
    ip: row.ip,
    hostname: row.hostname,
    sn: row.sn,
    product_type: row.productType,
    product_brand_id: row.productBrandId,
    product_name: productBrand(row.productBrandId)?.name ?? null,
    status_id: row.statusId,
    // The list holds no decommissioned device.
    online: isOnline({ blocked: row.blocked, decomm: false, statusId: row.statusId }),
    blocked: row.blocked,
    health_id: row.healthId,
    fw: row.fw,
    allowed_tasks: allowedTasks(access, row.siteId, row.productType as ProductType),
    mgmtd_version: row.mgmtdVersion,
    ...readings(row, now),
  });

/** What the latest heartbeat says: when, how long it has been up, its clients and its uplink. */
function readings(row: ListRow, now: number) {
  const lastSeen = row.lastSeenAt === null ? null : new Date(row.lastSeenAt);
  const online = isOnline({ blocked: row.blocked, decomm: false, statusId: row.statusId });
  const uptime = row.telemetry?.uptimeS;
  return {
    last_seen_at: lastSeen?.toISOString() ?? null,
    uptime_s:
      online && lastSeen && uptime !== undefined
        ? uptime + Math.max(0, Math.round((now - lastSeen.getTime()) / 1000))
        : null,
    clients: row.clients,
    uplink: uplinkOf(row.telemetry),
  };
}

/** The columns of the list's rows. */
export const listColumns = {
  id: devices.id,
  name: devices.name,
  siteId: sites.id,
  siteName: sites.name,
  mac: devices.mac,
  ip: devices.ip,
  hostname: devices.hostname,
  fw: devices.fw,
  mgmtdVersion: devices.mgmtdVersion,
  sn: devices.sn,
  productType: devices.productType,
  productBrandId: devices.productBrandId,
  statusId: devices.statusId,
  blocked: devices.blocked,
  healthId: devices.healthId,
  lastSeenAt: sql<Date | string | null>`coalesce(${deviceAgents.lastHeartbeatAt}, ${devices.lastSeenAt})`,
  // Only the parts the list shows, not the whole heartbeat (files, radios, cameras...).
  telemetry: sql<Telemetry | null>`CASE WHEN ${deviceAgents.telemetry} IS NULL THEN NULL ELSE jsonb_build_object(
    'uptimeS', ${deviceAgents.telemetry} -> 'uptimeS', 'wan', ${deviceAgents.telemetry} -> 'wan',
    'links', ${deviceAgents.telemetry} -> 'links', 'meshPeers', ${deviceAgents.telemetry} -> 'meshPeers',
    'ports', ${deviceAgents.telemetry} -> 'ports') END`,
  // The latest sample's count, from device_metrics_agent_at_idx.
  clients: sql<
    number | null
  >`(SELECT m.clients FROM device_metrics m WHERE m.agent_id = ${deviceAgents.id} ORDER BY m.at DESC LIMIT 1)`,
};

/** The device's agent, by device_agents_device_key: its latest heartbeat. */
const agentOfDevice = eq(deviceAgents.deviceId, devices.id);

/** Every device matching the list's search and filters, in the list's order, up to `limit` (the CSV export). */
export async function listAllDevices(
  db: Database,
  options: Omit<DeviceListOptions, 'offset' | 'limit'>,
  limit: number,
): Promise<DeviceListItem[]> {
  const rows = await pageRows(db, deviceListWhere(options), options.sort, limit, 0);
  return rows.map(listItem(options.access));
}

/**
 * The rows of one page in the order asked for. By site, the devices on a live site come by its name
 * (a nested loop over sites_cloud_name_idx and devices_list_site_idx, which a join that keeps the devices
 * on no site cannot use: it sorts the whole fleet), then the devices on no site, by name.
 */
async function pageRows(
  db: Database,
  where: SQL | undefined,
  sort: DeviceSort | undefined,
  limit: number,
  offset: number,
): Promise<ListRow[]> {
  if (parseDeviceSort(sort).key !== 'site') {
    // The page's ids first, read from the order's index alone (the devices it skips are never fetched),
    // then their rows.
    const page = db
      .select({ pageId: devices.id })
      .from(devices)
      .where(where)
      .orderBy(...ordering(sort))
      .limit(limit)
      .offset(offset)
      .as('page');
    return db
      .select(listColumns)
      .from(page)
      .innerJoin(devices, eq(devices.id, page.pageId))
      .leftJoin(sites, liveSiteOfDevice)
      .leftJoin(deviceAgents, agentOfDevice)
      .orderBy(...ordering(sort));
  }
  const onSites = await db
    .select(listColumns)
    .from(devices)
    .innerJoin(sites, liveSiteOfDevice)
    .leftJoin(deviceAgents, agentOfDevice)
    .where(where)
    .orderBy(...ordering(sort))
    .limit(limit)
    .offset(offset);
  if (onSites.length === limit) return onSites;
  // How many devices on a site come before the first device on none.
  const before =
    onSites.length > 0 || offset === 0
      ? offset + onSites.length
      : ((
          await db.select({ value: count() }).from(devices).innerJoin(sites, liveSiteOfDevice).where(where)
        )[0]?.value ?? 0);
  const onNone = await db
    .select(listColumns)
    .from(devices)
    .leftJoin(sites, liveSiteOfDevice)
    .leftJoin(deviceAgents, agentOfDevice)
    .where(and(where, isNull(sites.id)))
    .orderBy(...ordering(sort === '-site' ? '-name' : 'name'))
    .limit(limit - onSites.length)
    .offset(Math.max(0, offset - before));
  return [...onSites, ...onNone];
}
