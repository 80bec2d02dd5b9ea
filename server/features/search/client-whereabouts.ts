// Where a wireless client of Search Everywhere's results is (docs/api.md#the-calls search/find): its site,
// the device it is on and when it was last seen, so two clients of one name can be told apart.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { SearchResult } from '../../../core/api/search.ts';
import type { Database } from '../../db/connect.ts';
import { devices, sites, wirelessClients } from '../../db/schema/inventory.ts';
import type { Hit } from './repository.ts';

type Named = { id: number; name: string };
type Whereabouts = Pick<SearchResult, 'client'>;

const isClient = (hit: Hit) => hit.objectType === 'client';
const named = (id: number | null, name: string | null): Named | null =>
  id !== null && name !== null ? { id, name } : null;

/**
 * The whereabouts of the client results, read in two queries at most (at most 3 clients per list): a
 * current result's client with its live device and site (wireless_clients' primary key, then the devices'
 * and sites'), a historical result's site by its id. The hits are already limited to the sites the caller
 * sees.
 */
export async function clientWhereabouts(db: Database, cloudId: number, current: Hit[], historical: Hit[]) {
  const currentIds = current.filter(isClient).map((hit) => hit.objectId);
  const pastSiteIds = [
    ...new Set(historical.filter(isClient).flatMap((hit) => (hit.siteId === null ? [] : [hit.siteId]))),
  ];
  const [clientRows, siteRows] = await Promise.all([
    currentIds.length === 0
      ? []
      : db
          .select({
            id: wirelessClients.id,
            lastSeenAt: wirelessClients.lastSeenAt,
            siteId: sites.id,
            siteName: sites.name,
            deviceId: devices.id,
            deviceName: devices.name,
          })
          .from(wirelessClients)
          .leftJoin(sites, and(eq(sites.id, wirelessClients.siteId), isNull(sites.deletedAt)))
          .leftJoin(
            devices,
            and(
              eq(devices.id, wirelessClients.deviceId),
              eq(devices.cloudId, cloudId),
              isNull(devices.deletedAt),
            ),
          )
          .where(and(inArray(wirelessClients.id, currentIds), eq(wirelessClients.cloudId, cloudId))),
    pastSiteIds.length === 0
      ? []
      : db
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(and(inArray(sites.id, pastSiteIds), eq(sites.cloudId, cloudId))),
  ]);
  const clients = new Map(clientRows.map((row) => [row.id, row]));
  const pastSites = new Map(siteRows.map((row) => [row.id, row]));
  return {
    current(hit: Hit): Whereabouts {
      const row = isClient(hit) ? clients.get(hit.objectId) : undefined;
      if (!row) return {};
      return {
        client: {
          site: named(row.siteId, row.siteName),
          device: named(row.deviceId, row.deviceName),
          last_seen_at: row.lastSeenAt.toISOString(),
        },
      };
    },
    historical(hit: Hit): Whereabouts {
      if (!isClient(hit)) return {};
      const site = hit.siteId === null ? undefined : pastSites.get(hit.siteId);
      return {
        client: {
          site: site ? { id: site.id, name: site.name } : null,
          device: null,
          last_seen_at: new Date(hit.updatedAt * 1000).toISOString(),
        },
      };
    },
  };
}
