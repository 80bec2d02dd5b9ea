// GET /apiv2/cloud/:cloudId/sites/:siteId/map: the site's devices with their place, and its radio links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteMap } from '../../../../core/api/site-map.ts';
import { apiGet } from '../../../platform/http.ts';
import { siteMapKeys } from './keys.ts';

export function getSiteMap(cloudId: number, siteId: number) {
  return apiGet<SiteMap>(`/apiv2/cloud/${cloudId}/sites/${siteId}/map`);
}

export function siteMapQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: siteMapKeys.site(cloudId, siteId),
    queryFn: () => getSiteMap(cloudId, siteId),
  });
}

/** Nothing is asked before the site's cloud is known. */
export function useSiteMap(cloudId: number | null, siteId: number) {
  return useQuery({ ...siteMapQueryOptions(cloudId ?? 0, siteId), enabled: cloudId !== null });
}
