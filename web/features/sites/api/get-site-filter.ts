// GET /apiv2/cloud/:cloudId/site-filters/:siteFilterId: a saved grouping for its edit page.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteFilter } from '../../../../core/api/sites.ts';
import { apiGet } from '../../../platform/http.ts';
import { sitesKeys } from './keys.ts';

export function getSiteFilter(cloudId: number, siteFilterId: number): Promise<SiteFilter> {
  return apiGet<SiteFilter>(`/apiv2/cloud/${cloudId}/site-filters/${siteFilterId}`);
}

export function siteFilterQueryOptions(cloudId: number, siteFilterId: number) {
  return queryOptions({
    queryKey: sitesKeys.filter(cloudId, siteFilterId),
    queryFn: () => getSiteFilter(cloudId, siteFilterId),
  });
}

export function useSiteFilter(cloudId: number, siteFilterId: number, enabled: boolean) {
  return useQuery({ ...siteFilterQueryOptions(cloudId, siteFilterId), enabled });
}
