import { and, eq, isNull, max, sql } from 'drizzle-orm';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { membershipSites } from '../../db/schema/clouds.ts';
import { devices, objectHistory, sites } from '../../db/schema/inventory.ts';
import { liveSitesOf, siteNameTaken } from './repository.ts';

/** A site's properties under the names the API and the change log use. */
export type SiteValues = {
  name: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  allow_config: boolean;
};

const liveDevicesOf = (siteId: number) =>
  and(eq(devices.siteId, siteId), isNull(devices.deletedAt), eq(devices.decomm, false));

const propertyColumns = {
  id: sites.id,
  name: sites.name,
  location: sites.location,
  latitude: sites.latitude,
  longitude: sites.longitude,
  timezone: sites.timezone,
  allow_config: sites.allowConfig,
  createdAt: sites.createdAt,
};

/** A live site of the cloud the caller sees, with how many live devices it holds (devices_site_idx). */
export async function findSiteProperties(
  db: Database,
  cloudId: number,
  siteId: number,
  visible: readonly number[] | null,
) {
  const [site] = await db
    .select({
      ...propertyColumns,
      device_count: sql<number>`(SELECT count(*) FROM ${devices} WHERE ${liveDevicesOf(siteId)})::int`,
    })
    .from(sites)
    .where(and(liveSitesOf(cloudId, visible), eq(sites.id, siteId)));
  return site;
}

/** Locks a live site of the cloud for a change; undefined when there is none. */
async function lockSite(tx: Database, cloudId: number, siteId: number) {
  const [site] = await tx
    .select(propertyColumns)
    .from(sites)
    .where(and(liveSitesOf(cloudId, null), eq(sites.id, siteId)))
    .for('update');
  return site;
}

/** Keeps a site's former name and location, so search still finds it by them (docs/decisions.md). */
async function keepHistory(
  tx: Database,
  site: { id: number; createdAt: Date },
  cloudId: number,
  before: Partial<SiteValues>,
) {
  for (const field of ['name', 'location'] as const) {
    const value = before[field];
    if (value === undefined || value === '') continue;
    const [last] = await tx
      .select({ since: max(objectHistory.validTo) })
      .from(objectHistory)
      .where(
        and(
          eq(objectHistory.objectType, 'site'),
          eq(objectHistory.objectId, site.id),
          eq(objectHistory.field, field),
        ),
      );
    await tx.insert(objectHistory).values({
      cloudId,
      siteId: site.id,
      objectType: 'site',
      objectId: site.id,
      field,
      value,
      validFrom: last?.since ?? site.createdAt,
    });
  }
}

/**
 * Changes the fields given of a live site and records what changed in the change log, in one transaction.
 * 'duplicate' when another live site of the cloud has the new name; undefined when there is no such site.
 */
export async function updateSite(
  db: Database,
  cloudId: number,
  siteId: number,
  patch: Partial<SiteValues>,
  actor: AuditActor,
): Promise<SiteValues | 'duplicate' | undefined> {
  return db.transaction(async (tx) => {
    const site = await lockSite(tx, cloudId, siteId);
    if (!site) return undefined;
    const { id: _id, createdAt: _createdAt, ...current } = site;
    const change = changedValues<SiteValues>(current, patch);
    if (Object.keys(change.after).length === 0) return current;
    if (change.after.name !== undefined && (await siteNameTaken(tx, cloudId, change.after.name, siteId)))
      return 'duplicate';
    const next = { ...current, ...change.after };
    await tx
      .update(sites)
      .set({
        name: next.name,
        location: next.location,
        latitude: next.latitude,
        longitude: next.longitude,
        timezone: next.timezone,
        allowConfig: next.allow_config,
        updatedAt: new Date(),
      })
      .where(eq(sites.id, siteId));
    await keepHistory(tx, site, cloudId, change.before);
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'site',
      objectId: siteId,
      objectName: next.name,
      ...change,
    });
    return next;
  });
}

/**
 * Deletes a live site. Its devices stay in the cloud without a site (to be moved to another one from the
 * device list), and Site Users lose their grant on it. Deleted devices keep the site they were last on. Undefined when there is no such site.
 */
export async function deleteSite(
  db: Database,
  cloudId: number,
  siteId: number,
  actor: AuditActor,
): Promise<{ id: number; unassigned_devices: number } | undefined> {
  return db.transaction(async (tx) => {
    const site = await lockSite(tx, cloudId, siteId);
    if (!site) return undefined;
    const moved = await tx
      .update(devices)
      .set({ siteId: null, updatedAt: new Date() })
      .where(and(eq(devices.siteId, siteId), eq(devices.cloudId, cloudId), isNull(devices.deletedAt)))
      .returning({ decomm: devices.decomm });
    await tx
      .delete(membershipSites)
      .where(and(eq(membershipSites.cloudId, cloudId), eq(membershipSites.siteId, siteId)));
    await tx.update(sites).set({ deletedAt: new Date(), updatedAt: new Date() }).where(eq(sites.id, siteId));
    const unassigned = moved.filter((device) => !device.decomm).length;
    const { id: _id, createdAt: _createdAt, ...before } = site;
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'site',
      objectId: siteId,
      objectName: site.name,
      before: { ...before, unassigned_devices: unassigned },
    });
    return { id: siteId, unassigned_devices: unassigned };
  });
}
