// GET /apiv2/cloud/:cloudId/sites/:siteId: Site Properties and what the caller may do with the site.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteProperties } from '../../../../core/api/sites.ts';
import { apiGet } from '../../../platform/http.ts';
import { sitesKeys } from './keys.ts';

export function getSiteProperties(cloudId: number, siteId: number): Promise<SiteProperties> {
  return apiGet<SiteProperties>(`/apiv2/cloud/${cloudId}/sites/${siteId}`);
}

export function sitePropertiesQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: sitesKeys.properties(cloudId, siteId),
    queryFn: () => getSiteProperties(cloudId, siteId),
  });
}

export function useSiteProperties(cloudId: number, siteId: number) {
  return useQuery(sitePropertiesQueryOptions(cloudId, siteId));
}
