import { and, asc, eq, isNull, max } from 'drizzle-orm';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { devices, objectHistory, sites, smartNvrs } from '../../db/schema/inventory.ts';

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

/**
 * Renames a live device of the cloud after `authorize` has accepted its live site (null: none), and keeps
 * the former name in object_history, so search still finds the device by it (docs/decisions.md). Undefined when
 * there is no such device.
 */
export async function renameDevice(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  deviceId: number,
  name: string,
  authorize: (siteId: number | null) => void,
): Promise<{ id: number; name: string } | undefined> {
  return db.transaction(async (tx) => {
    const [device] = await tx
      .select({ id: devices.id, name: devices.name, siteId: sites.id, createdAt: devices.createdAt })
      .from(devices)
      .leftJoin(
        sites,
        and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
      )
      .where(and(eq(devices.id, deviceId), eq(devices.cloudId, cloudId), isNull(devices.deletedAt)))
      .for('update', { of: devices });
    if (!device) return undefined;
    authorize(device.siteId);
    if (device.name === name) return { id: device.id, name };
    const [named] = await tx
      .select({ since: max(objectHistory.validTo) })
      .from(objectHistory)
      .where(
        and(
          eq(objectHistory.objectType, 'device'),
          eq(objectHistory.objectId, device.id),
          eq(objectHistory.field, 'name'),
        ),
      );
    await tx.insert(objectHistory).values({
      cloudId,
      siteId: device.siteId,
      objectType: 'device',
      objectId: device.id,
      field: 'name',
      value: device.name,
      validFrom: named?.since ?? device.createdAt,
    });
    await tx.update(devices).set({ name, updatedAt: new Date() }).where(eq(devices.id, device.id));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'device',
      objectId: device.id,
      objectName: name,
      before: { name: device.name },
      after: { name },
    });
    return { id: device.id, name };
  });
}
