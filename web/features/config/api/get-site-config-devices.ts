// GET /apiv2/cloud/:cloudId/sites/:siteId/config/devices: where each device of the site stands with the
// console's document (applied, pending, failed, skipped, not sent), counted per state and paged in name order.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfigDevices, SiteConfigDevicesQuery } from '../../../../core/api/config.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

/** The kind and state asked for (every one when absent) and the page's first row; pages are LIST_PAGE_SIZE long. */
export type SiteConfigDevicesFilter = Omit<SiteConfigDevicesQuery, 'limit'>;

export function getSiteConfigDevices(
  cloudId: number,
  siteId: number,
  filter: SiteConfigDevicesFilter,
): Promise<SiteConfigDevices> {
  return apiGet<SiteConfigDevices>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config/devices`, {
    config_type: filter.config_type,
    state: filter.state,
    limit: LIST_PAGE_SIZE,
    offset: filter.offset,
  });
}

export function siteConfigDevicesQueryOptions(
  cloudId: number,
  siteId: number,
  filter: SiteConfigDevicesFilter,
) {
  return queryOptions({
    queryKey: configKeys.siteDevicesPage(cloudId, siteId, filter),
    queryFn: () => getSiteConfigDevices(cloudId, siteId, filter),
    // The rows of the page or filter before stay on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useSiteConfigDevices(cloudId: number, siteId: number, filter: SiteConfigDevicesFilter) {
  return useQuery(siteConfigDevicesQueryOptions(cloudId, siteId, filter));
}
