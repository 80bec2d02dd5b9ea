// The query keys of the cloud's and the sites' dashboards; the queries, the changes and the live events
// (web/shell/live-event-keys.ts) take their keys from here.
import type { TimeRange } from '../../../../core/time-range.ts';

export const dashboardsKeys = {
  /** The cloud's dashboard and every site's, in every time range. */
  all: (cloudId: number) => ['dashboards', cloudId] as const,
  dashboard: (cloudId: number, siteId: number | null, range: TimeRange) =>
    [...dashboardsKeys.all(cloudId), siteId, range] as const,
  /** The sites the cloud dashboard's map draws. */
  mapSites: (cloudId: number) => [...dashboardsKeys.all(cloudId), 'map-sites'] as const,
};
