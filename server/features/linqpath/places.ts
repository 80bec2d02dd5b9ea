// The places an end of a link may be taken from (docs/linqpath.md#choosing-the-ends): the caller's sites
// with coordinates, and link radios with coordinates of their own or of their site.
import { and, asc, eq, ilike, inArray, isNotNull, isNull, not, or, sql } from 'drizzle-orm';
import type { LinqPathPlaces } from '../../../core/api/linqpath.ts';
import type { Database } from '../../db/connect.ts';
import { likeContains } from '../../db/like.ts';
import { devices, sites } from '../../db/schema/inventory.ts';

/** The catalogue families that carry a link radio. */
const LINK_TYPES = ['metrolinq', 'ptmp', 'mesh'];

export async function findPlaces(
  db: Database,
  cloudId: number,
  visibleSites: number[] | null,
  query: { search: string; limit: number },
): Promise<LinqPathPlaces> {
  const siteScope =
    visibleSites === null ? undefined : inArray(sites.id, visibleSites.length ? visibleSites : [0]);
  const deviceScope =
    visibleSites === null ? undefined : inArray(devices.siteId, visibleSites.length ? visibleSites : [0]);
  const pattern = query.search === '' ? null : likeContains(query.search);
  const latitude = sql<number>`coalesce(${devices.latitude}, ${sites.latitude})`;
  const longitude = sql<number>`coalesce(${devices.longitude}, ${sites.longitude})`;
  const [siteRows, deviceRows] = await Promise.all([
    db
      .select({ id: sites.id, name: sites.name, latitude: sites.latitude, longitude: sites.longitude })
      .from(sites)
      .where(
        and(
          eq(sites.cloudId, cloudId),
          isNull(sites.deletedAt),
          isNotNull(sites.latitude),
          isNotNull(sites.longitude),
          siteScope,
          pattern === null ? undefined : ilike(sites.name, pattern),
        ),
      )
      .orderBy(asc(sites.name), asc(sites.id))
      .limit(query.limit),
    db
      .select({
        id: devices.id,
        name: devices.name,
        site_id: devices.siteId,
        site_name: sites.name,
        product_brand_id: devices.productBrandId,
        latitude,
        longitude,
      })
      .from(devices)
      .leftJoin(sites, and(eq(sites.id, devices.siteId), isNull(sites.deletedAt)))
      .where(
        and(
          eq(devices.cloudId, cloudId),
          isNull(devices.deletedAt),
          not(devices.decomm),
          inArray(devices.productType, LINK_TYPES),
          or(isNotNull(devices.latitude), isNotNull(sites.latitude)),
          deviceScope,
          pattern === null ? undefined : ilike(devices.name, pattern),
        ),
      )
      .orderBy(asc(devices.name), asc(devices.id))
      .limit(query.limit),
  ]);
  return {
    sites: siteRows.map((row) => ({
      id: row.id,
      name: row.name,
      latitude: row.latitude as number,
      longitude: row.longitude as number,
    })),
    devices: deviceRows.map((row) => ({
      ...row,
      latitude: Number(row.latitude),
      longitude: Number(row.longitude),
    })),
  };
}
