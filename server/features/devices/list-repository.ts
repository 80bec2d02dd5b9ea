import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DeviceFilterQuery, DeviceListItem } from '../../../core/api/devices.ts';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import type { ProductType } from '../../../core/domain.ts';
import { isOnline } from '../../../core/fleet/status.ts';
import { type Access, visibleSiteIds } from '../../../core/policy.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { normalizeMac, type SearchSource } from '../../../core/search.ts';
import { allowedTasks } from '../../../core/task-types.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
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
};

/** Online is not blocked and reporting (core/fleet/status.ts isOnline), over devices already live. */
const onlineNow = sql`(NOT ${devices.blocked} AND ${devices.statusId} IN ('STATUS_ONLINE', 'STATUS_SKIPPED_HB'))`;

function filtering({ health, status, type, siteId }: DeviceFilterQuery): SQL[] {
  const conditions: SQL[] = [];
  if (health) conditions.push(eq(devices.healthId, health));
  if (status) conditions.push(status === 'online' ? onlineNow : sql`NOT ${onlineNow}`);
  if (type) conditions.push(eq(devices.productType, type));
  if (siteId) conditions.push(eq(devices.siteId, siteId));
  return conditions;
}

/**
 * One page of the cloud's live devices by name then id, and how many match (at most LIST_COUNT_MAX, or to
 * the end of the page). Without a search the page walks devices_cloud_name_idx in order; a search starts
 * from the indexes of `matching` or walks devices_cloud_name_idx, whichever the planner finds cheaper; a
 * Site User's devices come from devices_cloud_site_idx.
 */
export async function listDevices(
  db: Database,
  options: DeviceListOptions,
): Promise<ListPage<DeviceListItem>> {
  const conditions = [
    eq(devices.cloudId, options.cloudId),
    isNull(devices.deletedAt),
    eq(devices.decomm, false),
  ];
  const visible = visibleSiteIds(options.access);
  if (visible) conditions.push(visible.length > 0 ? inArray(devices.siteId, [...visible]) : sql`false`);
  if (options.search !== '') conditions.push(matching(options.search));
  conditions.push(...filtering(options.filters ?? {}));
  const where = and(...conditions);

  const rows = await db
    .select({
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
    })
    .from(devices)
    // Only a live site of the device's own cloud counts as its site.
    .leftJoin(
      sites,
      and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
    )
    .where(where)
    .orderBy(asc(devices.name), asc(devices.id))
    .limit(options.limit)
    .offset(options.offset);
  const counted = await countCapped(db, devices, where, options);

  return {
    items: rows.map((row) => ({
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
      health_id: row.healthId,
      fw: row.fw,
      allowed_tasks: allowedTasks(options.access, row.siteId, row.productType as ProductType),
      mgmtd_version: row.mgmtdVersion,
    })),
    ...counted,
  };
}
