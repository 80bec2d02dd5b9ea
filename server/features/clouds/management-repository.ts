import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { changedValues } from '../../../core/audit.ts';
import { ALL_CLOUD_PERMISSIONS } from '../../../core/domain.ts';
import { trialPlan } from '../../../core/plan.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { clouds, membershipSites, memberships } from '../../db/schema/clouds.ts';

/** Cloud Properties under the names the API and the change log use. */
export type CloudProperties = { name: string; company: string; country: string | null };

/**
 * Creates a cloud on a trial plan with its creator as Owner holding every permission bit (docs/decisions.md),
 * and records it in the change log, in one transaction.
 */
export async function createCloud(
  db: Database,
  userId: number,
  values: { name: string; company: string },
  actor: AuditActor,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [cloud] = await tx
      .insert(clouds)
      .values({
        name: values.name,
        company: values.company,
        ...trialPlan(now),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: clouds.id, name: clouds.name, company: clouds.company, plan_type: clouds.planType });
    if (!cloud) throw new Error('cloud not created');
    await tx
      .insert(memberships)
      .values({ userId, cloudId: cloud.id, roleId: 'ROLE_OWNER', permissions: ALL_CLOUD_PERMISSIONS });
    await audit(tx, actor, {
      cloudId: cloud.id,
      action: 'created',
      objectType: 'cloud',
      objectId: cloud.id,
      objectName: cloud.name,
      after: { name: values.name, company: values.company, plan_type: cloud.plan_type },
    });
    return { ...cloud, role_id: 'ROLE_OWNER' as const, suspended: false };
  });
}

/** Locks a live cloud for a change; undefined when there is none. */
async function lockCloud(tx: Database, cloudId: number) {
  const [cloud] = await tx
    .select({ name: clouds.name, company: clouds.company, billingAddress: clouds.billingAddress })
    .from(clouds)
    .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)))
    .for('update');
  return cloud;
}

/** Changes the properties given and records what changed, in one transaction; undefined without the cloud. */
export async function updateCloud(
  db: Database,
  cloudId: number,
  patch: Partial<CloudProperties>,
  actor: AuditActor,
): Promise<CloudProperties | undefined> {
  return db.transaction(async (tx) => {
    const cloud = await lockCloud(tx, cloudId);
    if (!cloud) return undefined;
    const current: CloudProperties = {
      name: cloud.name,
      company: cloud.company,
      country: cloud.billingAddress.country ?? null,
    };
    const change = changedValues<CloudProperties>(current, {
      name: patch.name,
      company: patch.company,
      country: patch.country,
    });
    if (Object.keys(change.after).length === 0) return current;
    const next = { ...current, ...change.after };
    const { country: _country, ...address } = cloud.billingAddress;
    await tx
      .update(clouds)
      .set({
        name: next.name,
        company: next.company,
        billingAddress: next.country === null ? address : { ...address, country: next.country },
        updatedAt: new Date(),
      })
      .where(eq(clouds.id, cloudId));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'cloud',
      objectId: cloudId,
      objectName: next.name,
      ...change,
    });
    return next;
  });
}

/**
 * Deletes a cloud softly: it and everything in it stay for the change log and search history, but no member
 * reaches it any more (memberships of a deleted cloud are not loaded). 'mismatch' when the name typed to
 * confirm is not the cloud's.
 */
export async function deleteCloud(
  db: Database,
  cloudId: number,
  typedName: string,
  actor: AuditActor,
): Promise<'deleted' | 'mismatch' | undefined> {
  return db.transaction(async (tx) => {
    const cloud = await lockCloud(tx, cloudId);
    if (!cloud) return undefined;
    if (cloud.name !== typedName) return 'mismatch';
    const now = new Date();
    await tx.update(clouds).set({ deletedAt: now, updatedAt: now }).where(eq(clouds.id, cloudId));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'cloud',
      objectId: cloudId,
      objectName: cloud.name,
      before: { name: cloud.name, company: cloud.company },
    });
    return 'deleted';
  });
}

/**
 * Ends the user's membership of a cloud and their Site User grants in it. 'onlyOwner' when they are its
 * only Owner: the cloud would be left with nobody who may manage or delete it.
 */
export async function leaveCloud(
  db: Database,
  userId: number,
  cloudId: number,
  actor: AuditActor,
): Promise<'left' | 'onlyOwner' | undefined> {
  return db.transaction(async (tx) => {
    const cloud = await lockCloud(tx, cloudId);
    if (!cloud) return undefined;
    const [membership] = await tx
      .select({ roleId: memberships.roleId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
    if (!membership) return undefined;
    if (membership.roleId === 'ROLE_OWNER') {
      const [others] = await tx
        .select({ owners: count() })
        .from(memberships)
        .where(
          and(
            eq(memberships.cloudId, cloudId),
            eq(memberships.roleId, 'ROLE_OWNER'),
            ne(memberships.userId, userId),
          ),
        );
      if ((others?.owners ?? 0) === 0) return 'onlyOwner';
    }
    await tx
      .delete(membershipSites)
      .where(and(eq(membershipSites.userId, userId), eq(membershipSites.cloudId, cloudId)));
    await tx.delete(memberships).where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'membership',
      objectId: userId,
      objectName: cloud.name,
      before: { role_id: membership.roleId },
    });
    return 'left';
  });
}
