// The query keys of everything about a cloud's sites and site groupings; the queries, the changes and the
// live events (web/shell/live-event-keys.ts) take their keys from here.
import type { ListPageParams } from '../../../platform/list-page/list-page-params.ts';
import type { SitesSelectParams } from './get-sites-select.ts';

export const sitesKeys = {
  all: (cloudId: number) => ['sites', cloudId] as const,
  /** Every page and search of the site list, with each site's device and health counts. */
  lists: (cloudId: number) => [...sitesKeys.all(cloudId), 'list'] as const,
  list: (cloudId: number, params: ListPageParams) =>
    [...sitesKeys.lists(cloudId), params.search, params.offset] as const,
  /** Every site picker's list. */
  selects: (cloudId: number) => [...sitesKeys.all(cloudId), 'select'] as const,
  select: (cloudId: number, params: SitesSelectParams) =>
    [...sitesKeys.selects(cloudId), params.filter, params.includeId, params.includeIds ?? []] as const,
  /** Every page of the saved groupings' list; '' is the first, which says which grouping is active. */
  filterSelects: (cloudId: number) => [...sitesKeys.all(cloudId), 'filters-select'] as const,
  filterSelect: (cloudId: number, filter: string) => [...sitesKeys.filterSelects(cloudId), filter] as const,
  properties: (cloudId: number, siteId: number) => [...sitesKeys.all(cloudId), 'properties', siteId] as const,
  filter: (cloudId: number, siteFilterId: number) =>
    [...sitesKeys.all(cloudId), 'filter', siteFilterId] as const,
};
