// GET /apiv2/cloud/:cloudId/sites, first page at its largest: the cloud dashboard's map of sites
// (docs/site-map.md#elsewhere) reads their coordinates and health counts from it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_LIMIT_MAX } from '../../../../core/api/list-query.ts';
import type { SiteListResponse } from '../../../../core/api/sites.ts';
import { apiGet } from '../../../platform/http.ts';
import { dashboardsKeys } from './keys.ts';

export const mapSitesQuery = (cloudId: number) =>
  queryOptions({
    queryKey: dashboardsKeys.mapSites(cloudId),
    queryFn: () =>
      apiGet<SiteListResponse>(`/apiv2/cloud/${cloudId}/sites`, { offset: 0, limit: LIST_LIMIT_MAX }),
  });

export function useMapSites(cloudId: number) {
  return useQuery(mapSitesQuery(cloudId));
}
