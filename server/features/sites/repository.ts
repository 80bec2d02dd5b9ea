import { and, asc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { SiteOption } from '../../../core/api/sites.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { likeContains } from '../../db/like.ts';
import { sites } from '../../db/schema/inventory.ts';

/** Live sites of a cloud the caller sees; `visible` null means every site (core/policy visibleSiteIds). */
export function liveSitesOf(cloudId: number, visible: readonly number[] | null): SQL {
  const conditions = [eq(sites.cloudId, cloudId), isNull(sites.deletedAt)];
  if (visible) conditions.push(visible.length > 0 ? inArray(sites.id, [...visible]) : sql`false`);
  return and(...conditions) as SQL;
}

export type SiteListOptions = {
  cloudId: number;
  visible: readonly number[] | null;
  limit: number;
  filter?: string;
  includeIds: readonly number[];
  allFields: boolean;
};

/**
 * The site picker's list, by name then id: the first `limit` matches plus the included ids. The page
 * walks sites_cloud_name_idx; the name and location filter can use the trigram indexes.
 */
export async function listSites(db: Database, options: SiteListOptions): Promise<SiteOption[]> {
  const live = liveSitesOf(options.cloudId, options.visible);
  const filter = options.filter?.trim();
  const matching = filter
    ? and(live, or(ilike(sites.name, likeContains(filter)), ilike(sites.location, likeContains(filter))))
    : live;
  const page = db
    .select({ id: sites.id })
    .from(sites)
    .where(matching)
    .orderBy(asc(sites.name), asc(sites.id))
    .limit(options.limit);
  // A union keeps both halves on indexes: the page on sites_cloud_name_idx, the included ids on the key.
  const chosen =
    options.includeIds.length > 0
      ? page.union(
          db
            .select({ id: sites.id })
            .from(sites)
            .where(inArray(sites.id, [...options.includeIds])),
        )
      : page;
  const rows = await db
    .select({
      id: sites.id,
      name: sites.name,
      location: sites.location,
      cloudId: sites.cloudId,
      allowConfig: sites.allowConfig,
      configEnabled: sites.configEnabled,
      sdwanEnabled: sites.sdwanEnabled,
      configSavedAt: sites.configSavedAt,
    })
    .from(sites)
    .where(and(live, inArray(sites.id, chosen)))
    .orderBy(asc(sites.name), asc(sites.id));
  return rows.map((row) =>
    options.allFields
      ? {
          id: row.id,
          name: row.name,
          location: row.location,
          cloud_id: row.cloudId,
          allow_config: row.allowConfig,
          configEnabled: row.configEnabled,
          sdwan_enabled: row.sdwanEnabled,
          config_saved_at: row.configSavedAt?.toISOString() ?? null,
        }
      : { id: row.id, name: row.name },
  );
}

/** Ids among `ids` that are live sites of the cloud the caller sees (one primary-key lookup). */
export async function visibleSitesAmong(
  db: Database,
  cloudId: number,
  visible: readonly number[] | null,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(liveSitesOf(cloudId, visible), inArray(sites.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** Advisory lock namespace for site name checks (the second key is the cloud id). */
const SITE_NAME_LOCK = 7301;

/**
 * Whether a live site of the cloud other than `exceptId` has the name (compared without case). Takes a
 * transaction-scoped lock per cloud first, so two concurrent changes cannot both pass the check.
 */
export async function siteNameTaken(tx: Database, cloudId: number, name: string, exceptId?: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SITE_NAME_LOCK}, ${cloudId})`);
  const [existing] = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(
      and(
        eq(sites.cloudId, cloudId),
        isNull(sites.deletedAt),
        sql`lower(${sites.name}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(sites.id, exceptId),
      ),
    )
    .limit(1);
  return existing !== undefined;
}

export type NewSite = {
  cloudId: number;
  name: string;
  location: string;
  latitude: number | null;
  longitude: number | null;
  timezone: string;
  allowConfig: boolean;
};

/** Creates a site unless a live site of the cloud already has the name; the change log records it. */
export async function createSite(
  db: Database,
  site: NewSite,
  actor: AuditActor,
): Promise<{ id: number; name: string; location: string } | 'duplicate'> {
  return db.transaction(async (tx) => {
    if (await siteNameTaken(tx, site.cloudId, site.name)) return 'duplicate';
    const [created] = await tx
      .insert(sites)
      .values({
        cloudId: site.cloudId,
        name: site.name,
        location: site.location,
        latitude: site.latitude,
        longitude: site.longitude,
        timezone: site.timezone,
        allowConfig: site.allowConfig,
      })
      .returning({ id: sites.id, name: sites.name, location: sites.location });
    if (!created) throw new Error('site not created');
    await audit(tx, actor, {
      cloudId: site.cloudId,
      action: 'created',
      objectType: 'site',
      objectId: created.id,
      objectName: created.name,
      after: {
        name: site.name,
        location: site.location,
        latitude: site.latitude,
        longitude: site.longitude,
        timezone: site.timezone,
        allow_config: site.allowConfig,
      },
    });
    return created;
  });
}
