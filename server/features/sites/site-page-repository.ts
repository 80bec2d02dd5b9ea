import { and, asc, count, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import type { SiteListItem } from '../../../core/api/sites.ts';
import type { Database } from '../../db/connect.ts';
import { likeContains } from '../../db/like.ts';
import { sites } from '../../db/schema/inventory.ts';
import { liveSitesOf } from './repository.ts';

export type SitePageOptions = ListPageRequest & {
  cloudId: number;
  /** The sites a Site User sees; null for every site (core/policy visibleSiteIds). */
  visible: readonly number[] | null;
};

/**
 * One page of the cloud's live sites by name then id, with their live devices counted (all, online,
 * critical, warning), and how many match. The page walks sites_cloud_name_idx; the search can use sites_name_trgm and sites_location_trgm;
 * each count reads devices_site_idx for the page's sites only.
 */
export async function listSitePage(
  db: Database,
  options: SitePageOptions,
): Promise<ListPage<Omit<SiteListItem, 'can_edit'>>> {
  const live = liveSitesOf(options.cloudId, options.visible);
  const where =
    options.search === ''
      ? live
      : (and(
          live,
          or(
            ilike(sites.name, likeContains(options.search)),
            ilike(sites.location, likeContains(options.search)),
          ),
        ) as SQL);
  const page = db
    .select({
      id: sites.id,
      name: sites.name,
      location: sites.location,
      latitude: sites.latitude,
      longitude: sites.longitude,
    })
    .from(sites)
    .where(where)
    .orderBy(asc(sites.name), asc(sites.id))
    .limit(options.limit)
    .offset(options.offset)
    .as('page');
  // Counted outside the page's query, so only the sites of the page are counted, not the ones skipped. The
  // page's id is written out with its alias: drizzle leaves a column unqualified inside sql``.
  const rows = await db
    .select({
      id: page.id,
      name: page.name,
      location: page.location,
      latitude: page.latitude,
      longitude: page.longitude,
      // One read of the site's devices gives its count, how many are online (docs/entities.md) and its health.
      counts: sql<number[]>`(SELECT ARRAY[count(*),
          count(*) FILTER (WHERE NOT d.blocked AND d.status_id IN ('STATUS_ONLINE', 'STATUS_SKIPPED_HB')),
          count(*) FILTER (WHERE d.health_id = 'HEALTH_CRITICAL'),
          count(*) FILTER (WHERE d.health_id = 'HEALTH_WARNING')]::int[]
        FROM devices d WHERE d.site_id = "page"."id" AND d.deleted_at IS NULL AND NOT d.decomm)`,
    })
    .from(page)
    .orderBy(asc(page.name), asc(page.id));
  const [total] = await db.select({ value: count() }).from(sites).where(where);
  // A cloud's sites are few enough (thousands at most) to count them all.
  const items = rows.map(({ counts, ...site }) => ({
    ...site,
    device_count: counts[0] ?? 0,
    online_count: counts[1] ?? 0,
    critical_count: counts[2] ?? 0,
    warning_count: counts[3] ?? 0,
  }));
  return { items, total: total?.value ?? 0, total_capped: false };
}
