import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';

/** What decides whether a live device's configuration is allowed, with its site's flags. */
export async function findDeviceConfigState(db: Database, deviceId: number) {
  const [row] = await db
    .select({
      cloudId: devices.cloudId,
      siteId: devices.siteId,
      allowConfig: devices.allowConfig,
      suspendConfig: devices.suspendConfig,
      blocked: devices.blocked,
      decomm: devices.decomm,
      siteAllowConfig: sites.allowConfig,
    })
    .from(devices)
    // Only a live site of the device's own cloud counts as its site.
    .leftJoin(
      sites,
      and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
    )
    .where(and(eq(devices.id, deviceId), isNull(devices.deletedAt)));
  return row;
}

/** The cloud's live smart NVRs by name (a cloud has a handful: no paging). */
export async function listSmartNvrs(db: Database, cloudId: number) {
  const rows = await db
    .select({
      id: smartNvrs.id,
      name: smartNvrs.name,
      sn: smartNvrs.sn,
      mac: smartNvrs.mac,
      productBrandId: smartNvrs.productBrandId,
      statusId: smartNvrs.statusId,
      healthId: smartNvrs.healthId,
    })
    .from(smartNvrs)
    .where(and(eq(smartNvrs.cloudId, cloudId), isNull(smartNvrs.deletedAt)))
    .orderBy(asc(smartNvrs.name), asc(smartNvrs.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    sn: row.sn,
    mac: row.mac,
    product_brand_id: row.productBrandId,
    status_id: row.statusId,
    health_id: row.healthId,
  }));
}
