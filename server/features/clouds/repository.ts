import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { advertisements, clouds, licenses, memberships } from '../../db/schema/clouds.ts';
import { devices } from '../../db/schema/inventory.ts';

export async function findCloud(db: Database, cloudId: number) {
  const [row] = await db
    .select({
      id: clouds.id,
      name: clouds.name,
      planType: clouds.planType,
      badgeOfCourage: clouds.badgeOfCourage,
      largeSiteSupportAllowed: clouds.largeSiteSupportAllowed,
      enableCreditCard: clouds.enableCreditCard,
      enableAdvertisement: clouds.enableAdvertisement,
      accessControlList: clouds.accessControlList,
      suspendedAt: clouds.suspendedAt,
      suspendType: clouds.suspendType,
      company: clouds.company,
      authportEnabled: clouds.authportEnabled,
      billingAddress: clouds.billingAddress,
      planPurchasedAt: clouds.planPurchasedAt,
      planExpiresAt: clouds.planExpiresAt,
      createdAt: clouds.createdAt,
    })
    .from(clouds)
    .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)));
  return row ?? null;
}
export type CloudRow = NonNullable<Awaited<ReturnType<typeof findCloud>>>;

/** Sets the user's own push alerts flag in the cloud. */
export async function setPushAlerts(
  db: Database,
  actor: AuditActor & { userId: number },
  cloudId: number,
  pushAlerts: boolean,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ pushAlerts })
      .where(and(eq(memberships.userId, actor.userId), eq(memberships.cloudId, cloudId)));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'membership',
      objectId: actor.userId,
      after: { pushAlerts },
    });
  });
}

/**
 * Device licenses of the cloud assigned to a live device, paid and free, and the free license rows the
 * cloud holds (assigned or not). Uses licenses_cloud_idx.
 */
export async function countDeviceLicenses(db: Database, cloudId: number) {
  const assigned = sql<boolean>`${devices.id} is not null`;
  const rows = await db
    .select({ free: licenses.free, assigned, count: count() })
    .from(licenses)
    .leftJoin(devices, and(eq(devices.id, licenses.deviceId), isNull(devices.deletedAt)))
    .where(and(eq(licenses.cloudId, cloudId), eq(licenses.kind, 'device')))
    .groupBy(licenses.free, assigned);
  const sum = (match: (row: (typeof rows)[number]) => boolean) =>
    rows.filter(match).reduce((total, row) => total + row.count, 0);
  return {
    paidUsed: sum((row) => !row.free && row.assigned),
    freeUsed: sum((row) => row.free && row.assigned),
    freeHeld: sum((row) => row.free),
  };
}

/** Active promotional videos, oldest first (a small catalogue table read by primary key order). */
export function listActiveAdvertisements(db: Database) {
  return db
    .select({ id: advertisements.id, title: advertisements.title, video_url: advertisements.videoUrl })
    .from(advertisements)
    .where(eq(advertisements.active, true))
    .orderBy(asc(advertisements.id));
}
