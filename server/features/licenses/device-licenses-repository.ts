import { and, asc, count, eq, inArray, isNull, notExists, type SQL, sql } from 'drizzle-orm';
import type { LicenseDevicesQuery } from '../../../core/api/cloud-management.ts';
import { FREE_LICENSE_ALLOWANCE } from '../../../core/plan.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { addons, cloudAddons, clouds, licenses } from '../../db/schema/clouds.ts';
import { devices, sites } from '../../db/schema/inventory.ts';

const iso = (date: Date | null) => date?.toISOString() ?? null;

const deviceLicensesOf = (cloudId: number) => and(eq(licenses.cloudId, cloudId), eq(licenses.kind, 'device'));

/**
 * The cloud's devices that are not deleted on the sites the caller sees (null: every site), perhaps one site
 * only; decommissioned ones only when asked, as a license they still hold counts as used.
 */
function liveDevices(
  cloudId: number,
  visible: readonly number[] | null,
  siteId: number | undefined,
  withDecommissioned = false,
) {
  const where: SQL[] = [eq(devices.cloudId, cloudId), isNull(devices.deletedAt)];
  if (!withDecommissioned) where.push(eq(devices.decomm, false));
  if (visible !== null) where.push(inArray(devices.siteId, visible.length > 0 ? [...visible] : [0]));
  if (siteId !== undefined) where.push(eq(devices.siteId, siteId));
  return and(...where);
}

/**
 * One page of the devices holding a device license (from licenses_cloud_idx, each device by its key), or
 * of the live devices holding none (devices_cloud_name_idx, the cloud's licenses read once for the anti-join).
 */
export async function listLicenseDevices(
  db: Database,
  cloudId: number,
  visible: readonly number[] | null,
  query: LicenseDevicesQuery,
) {
  const columns = {
    id: devices.id,
    name: devices.name,
    site_id: devices.siteId,
    site_name: sites.name,
  };
  if (query.holding === 'yes') {
    const where = and(deviceLicensesOf(cloudId), liveDevices(cloudId, visible, query.site_id, true));
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...columns, free: licenses.free, expiresAt: licenses.expiresAt })
        .from(licenses)
        .innerJoin(devices, eq(devices.id, licenses.deviceId))
        .leftJoin(sites, eq(sites.id, devices.siteId))
        .where(where)
        .orderBy(asc(devices.name), asc(devices.id))
        .offset(query.offset)
        .limit(query.limit),
      db
        .select({ count: count() })
        .from(licenses)
        .innerJoin(devices, eq(devices.id, licenses.deviceId))
        .where(where),
    ]);
    return {
      items: rows.map(({ free, expiresAt, ...row }) => ({
        ...row,
        license: free ? ('free' as const) : ('paid' as const),
        expires_at: iso(expiresAt),
      })),
      total: total?.count ?? 0,
    };
  }
  const unlicensed = and(
    liveDevices(cloudId, visible, query.site_id),
    notExists(
      db
        .select({ one: sql`1` })
        .from(licenses)
        .where(and(deviceLicensesOf(cloudId), eq(licenses.deviceId, devices.id))),
    ),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(devices)
      .leftJoin(sites, eq(sites.id, devices.siteId))
      .where(unlicensed)
      .orderBy(asc(devices.name), asc(devices.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ count: count() }).from(devices).where(unlicensed),
  ]);
  return {
    items: rows.map((row) => ({ ...row, license: null, expires_at: null })),
    total: total?.count ?? 0,
  };
}

/** A device of the cloud that is not deleted (a decommissioned one may still release its license). */
export async function findLiveDevice(db: Database, cloudId: number, deviceId: number) {
  const [device] = await db
    .select({ id: devices.id, name: devices.name, siteId: devices.siteId, decomm: devices.decomm })
    .from(devices)
    .where(and(eq(devices.id, deviceId), liveDevices(cloudId, null, undefined, true)));
  return device;
}

/** The device license a device holds; undefined when none. */
async function heldLicense(tx: Database, cloudId: number, deviceId: number) {
  const [row] = await tx
    .select({ id: licenses.id, free: licenses.free })
    .from(licenses)
    .where(and(deviceLicensesOf(cloudId), eq(licenses.deviceId, deviceId)))
    .limit(1);
  return row;
}

/**
 * Gives a device a license: a spare one the cloud holds (paid first), else a free one while the plan's
 * free allowance lasts. 'none left' when there is neither. The cloud row is locked, so two assignments
 * cannot take the same spare.
 */
export async function assignLicense(
  db: Database,
  cloudId: number,
  device: { id: number; name: string },
  actor: AuditActor,
): Promise<'paid' | 'free' | 'none left'> {
  return db.transaction(async (tx) => {
    const [cloud] = await tx
      .select({ planType: clouds.planType, planExpiresAt: clouds.planExpiresAt })
      .from(clouds)
      .where(eq(clouds.id, cloudId))
      .for('update');
    const held = await heldLicense(tx, cloudId, device.id);
    if (held) return held.free ? 'free' : 'paid';
    if (!cloud) return 'none left';
    // A license is spare when it names no device, or a device that is gone.
    const spareOf = sql`(${licenses.deviceId} is null or not exists (select 1 from ${devices} where ${devices.id} = ${licenses.deviceId} and ${devices.deletedAt} is null))`;
    const [spare] = await tx
      .select({ id: licenses.id, free: licenses.free })
      .from(licenses)
      .where(and(deviceLicensesOf(cloudId), spareOf))
      .orderBy(asc(licenses.free), asc(licenses.id))
      .limit(1);
    let free: boolean;
    if (spare) {
      await tx.update(licenses).set({ deviceId: device.id }).where(eq(licenses.id, spare.id));
      free = spare.free;
    } else {
      const [freeHeld] = await tx
        .select({ count: count() })
        .from(licenses)
        .where(and(deviceLicensesOf(cloudId), eq(licenses.free, true)));
      if ((freeHeld?.count ?? 0) >= FREE_LICENSE_ALLOWANCE[cloud.planType]) return 'none left';
      await tx
        .insert(licenses)
        .values({ cloudId, kind: 'device', free: true, deviceId: device.id, expiresAt: cloud.planExpiresAt });
      free = true;
    }
    const license = free ? 'free' : 'paid';
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'license',
      objectId: device.id,
      objectName: device.name,
      before: { license: null },
      after: { license },
    });
    return license;
  });
}

/** Takes a device's license back; it stays with the cloud as a spare. False when the device held none. */
export async function releaseLicense(
  db: Database,
  cloudId: number,
  device: { id: number; name: string },
  actor: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const held = await heldLicense(tx, cloudId, device.id);
    if (!held) return false;
    await tx.update(licenses).set({ deviceId: null }).where(eq(licenses.id, held.id));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'license',
      objectId: device.id,
      objectName: device.name,
      before: { license: held.free ? 'free' : 'paid' },
      after: { license: null },
    });
    return true;
  });
}

/** The add-on catalogue (a handful of rows), with what the cloud has enabled and its add-on licenses. */
export async function listCloudAddons(db: Database, cloudId: number) {
  const rows = await db
    .select({
      id: addons.id,
      slug: addons.slug,
      name: addons.name,
      description: addons.description,
      enabledAt: cloudAddons.enabledAt,
      licenseExpiresAt:
        sql<Date | null>`(select max(${licenses.expiresAt}) from ${licenses} where ${licenses.cloudId} = ${cloudId} and ${licenses.kind} = 'addon' and ${licenses.addonId} = ${addons.id})`.mapWith(
          (value: string | Date | null) => (value === null ? null : new Date(value)),
        ),
    })
    .from(addons)
    .leftJoin(cloudAddons, and(eq(cloudAddons.addonId, addons.id), eq(cloudAddons.cloudId, cloudId)))
    .orderBy(asc(addons.name));
  return rows.map((row) => ({
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    enabled: row.enabledAt !== null,
    enabled_at: iso(row.enabledAt),
    license_expires_at: iso(row.licenseExpiresAt),
  }));
}
