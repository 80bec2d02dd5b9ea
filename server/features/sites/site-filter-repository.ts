import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { SiteGrouping } from '../../../core/api/sites.ts';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { likeContains } from '../../db/like.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { siteFilters, sites } from '../../db/schema/inventory.ts';
import { liveSitesOf } from './repository.ts';

export type GroupingListOptions = {
  cloudId: number;
  visible: readonly number[] | null;
  limit: number;
  filter?: string;
  allFields: boolean;
};

/** Saved site filters of a cloud by name then id, through site_filters_cloud_name_idx. */
export async function listGroupings(db: Database, options: GroupingListOptions): Promise<SiteGrouping[]> {
  // The grouping's sites that are still live and visible to the caller.
  const live = and(
    liveSitesOf(options.cloudId, options.visible),
    sql`${sites.id} = any(${siteFilters.siteIds})`,
  );
  const filter = options.filter?.trim();
  const rows = await db
    .select({
      id: siteFilters.id,
      name: siteFilters.name,
      siteIds: sql<number[]>`array(select ${sites.id} from ${sites} where ${live} order by ${sites.id})`,
    })
    .from(siteFilters)
    .where(
      and(
        eq(siteFilters.cloudId, options.cloudId),
        filter ? ilike(siteFilters.name, likeContains(filter)) : undefined,
      ),
    )
    .orderBy(asc(siteFilters.name), asc(siteFilters.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    site_count: row.siteIds.length,
    ...(options.allFields ? { site_ids: row.siteIds } : {}),
  }));
}

/** A saved filter of the cloud, or undefined. */
export async function findGrouping(db: Database, cloudId: number, id: number) {
  const [row] = await db
    .select({ id: siteFilters.id, name: siteFilters.name })
    .from(siteFilters)
    .where(and(eq(siteFilters.id, id), eq(siteFilters.cloudId, cloudId)));
  return row;
}

/** The caller's active site grouping in the cloud with its sites, or undefined when none is active. */
export async function activeGrouping(
  db: Database,
  membership: { cloudId: number; activeSiteFilterId: number | null },
) {
  if (!membership.activeSiteFilterId) return undefined;
  const [row] = await db
    .select({ id: siteFilters.id, name: siteFilters.name, siteIds: siteFilters.siteIds })
    .from(siteFilters)
    .where(
      and(eq(siteFilters.id, membership.activeSiteFilterId), eq(siteFilters.cloudId, membership.cloudId)),
    );
  return row;
}

/** The sites a history call narrows to: with `grouping=active`, the active grouping's (none active: all). */
export async function groupingSites(
  db: Database,
  membership: { cloudId: number; activeSiteFilterId: number | null },
  grouping: 'active' | undefined,
): Promise<readonly number[] | undefined> {
  return grouping === 'active' ? (await activeGrouping(db, membership))?.siteIds : undefined;
}

/** Sets or clears the caller's active filter in one cloud. */
export async function setActiveGrouping(
  db: Database,
  userId: number,
  cloudId: number,
  siteFilterId: number | null,
): Promise<void> {
  await db
    .update(memberships)
    .set({ activeSiteFilterId: siteFilterId })
    .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
}

/** Creates a saved grouping and its change log record in one transaction. */
export async function createGrouping(
  db: Database,
  grouping: { cloudId: number; name: string; siteIds: number[]; createdByUserId: number },
  actor: AuditActor,
) {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(siteFilters)
      .values({
        cloudId: grouping.cloudId,
        name: grouping.name,
        siteIds: grouping.siteIds,
        createdByUserId: grouping.createdByUserId,
      })
      .returning({ id: siteFilters.id, name: siteFilters.name, siteIds: siteFilters.siteIds });
    if (!created) throw new Error('site filter not created');
    await audit(tx, actor, {
      cloudId: grouping.cloudId,
      action: 'created',
      objectType: 'site_filter',
      objectId: created.id,
      objectName: created.name,
      after: { name: created.name, siteIds: created.siteIds },
    });
    return created;
  });
}

/** A saved grouping of the cloud with those of its sites that are still live, or undefined. */
export async function groupingWithSites(db: Database, cloudId: number, id: number) {
  const live = and(liveSitesOf(cloudId, null), sql`${sites.id} = any(${siteFilters.siteIds})`);
  const [row] = await db
    .select({
      id: siteFilters.id,
      name: siteFilters.name,
      siteIds: sql<number[]>`array(select ${sites.id} from ${sites} where ${live} order by ${sites.id})`,
    })
    .from(siteFilters)
    .where(and(eq(siteFilters.id, id), eq(siteFilters.cloudId, cloudId)));
  return row;
}

type GroupingValues = { name: string; siteIds: number[] };

/** Changes the fields given of a saved grouping and records what changed; undefined when there is none. */
export async function updateGrouping(
  db: Database,
  cloudId: number,
  id: number,
  patch: Partial<GroupingValues>,
  actor: AuditActor,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ name: siteFilters.name, siteIds: siteFilters.siteIds })
      .from(siteFilters)
      .where(and(eq(siteFilters.id, id), eq(siteFilters.cloudId, cloudId)))
      .for('update');
    if (!current) return undefined;
    const change = changedValues<GroupingValues>(current, { name: patch.name, siteIds: patch.siteIds });
    if (Object.keys(change.after).length === 0) return { id, ...current };
    const next = {
      name: change.after.name ?? current.name,
      siteIds: change.after.siteIds ?? current.siteIds,
    };
    await tx
      .update(siteFilters)
      .set({ name: next.name, siteIds: next.siteIds })
      .where(eq(siteFilters.id, id));
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'site_filter',
      objectId: id,
      objectName: next.name,
      ...change,
    });
    return { id, ...next };
  });
}

/** Deletes a saved grouping; members who had it selected see the whole cloud again. */
export async function deleteGrouping(db: Database, cloudId: number, id: number, actor: AuditActor) {
  return db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(siteFilters)
      .where(and(eq(siteFilters.id, id), eq(siteFilters.cloudId, cloudId)))
      .returning({ name: siteFilters.name, siteIds: siteFilters.siteIds });
    if (!deleted) return false;
    // memberships_cloud_idx finds the cloud's members.
    await tx
      .update(memberships)
      .set({ activeSiteFilterId: null })
      .where(and(eq(memberships.cloudId, cloudId), eq(memberships.activeSiteFilterId, id)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'site_filter',
      objectId: id,
      objectName: deleted.name,
      before: deleted,
    });
    return true;
  });
}
