import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { SiteGrouping } from '../../../core/api/sites.ts';
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
    siteCount: row.siteIds.length,
    ...(options.allFields ? { siteIds: row.siteIds } : {}),
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

export async function createGrouping(
  db: Database,
  grouping: { cloudId: number; name: string; siteIds: number[]; createdByUserId: number },
) {
  const [created] = await db
    .insert(siteFilters)
    .values(grouping)
    .returning({ id: siteFilters.id, name: siteFilters.name, siteIds: siteFilters.siteIds });
  if (!created) throw new Error('site filter not created');
  return created;
}
