import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';

/** A live site by its primary key. */
export async function findSite(db: Database, siteId: number) {
  const [row] = await db
    .select({
      id: sites.id,
      name: sites.name,
      cloudId: sites.cloudId,
      configEnabled: sites.configEnabled,
      sdwanEnabled: sites.sdwanEnabled,
      allowConfig: sites.allowConfig,
    })
    .from(sites)
    .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)));
  return row ?? null;
}

/** A live device by its primary key, with its live site of the same cloud (null when it has none). */
export async function findDevice(db: Database, deviceId: number) {
  const [row] = await db
    .select({
      id: devices.id,
      name: devices.name,
      cloudId: devices.cloudId,
      siteId: sites.id,
      siteName: sites.name,
      siteConfigEnabled: sites.configEnabled,
      siteAllowConfig: sites.allowConfig,
      productType: devices.productType,
      productBrandId: devices.productBrandId,
      mgmtdVersion: devices.mgmtdVersion,
      allowConfig: devices.allowConfig,
      suspendConfig: devices.suspendConfig,
      blocked: devices.blocked,
      decomm: devices.decomm,
    })
    .from(devices)
    .leftJoin(
      sites,
      and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
    )
    .where(and(eq(devices.id, deviceId), isNull(devices.deletedAt)));
  return row ?? null;
}

/** A live smart NVR by its primary key. */
export async function findSmartNvr(db: Database, smartNvrId: number) {
  const [row] = await db
    .select({ id: smartNvrs.id, name: smartNvrs.name, cloudId: smartNvrs.cloudId })
    .from(smartNvrs)
    .where(and(eq(smartNvrs.id, smartNvrId), isNull(smartNvrs.deletedAt)));
  return row ?? null;
}
