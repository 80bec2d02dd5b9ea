import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { devices, sites } from '../../db/schema/inventory.ts';

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
