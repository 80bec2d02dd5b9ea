// GET /apiv2/cloud/:cloudId/sites/:siteId/config/diff: each draft against the document last applied.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfigDiff } from '../../../../core/api/config.ts';
import { apiGet } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function getSiteConfigDiff(cloudId: number, siteId: number): Promise<SiteConfigDiff> {
  return apiGet<SiteConfigDiff>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config/diff`);
}

export function siteConfigDiffQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: configKeys.siteDiff(cloudId, siteId),
    queryFn: () => getSiteConfigDiff(cloudId, siteId),
  });
}

export function useSiteConfigDiff(cloudId: number, siteId: number) {
  return useQuery(siteConfigDiffQueryOptions(cloudId, siteId));
}
