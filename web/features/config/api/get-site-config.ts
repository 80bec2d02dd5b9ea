// GET /apiv2/cloud/:cloudId/sites/:siteId/config: the site's documents per kind, drafts, problems and abilities.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConfig } from '../../../../core/api/config.ts';
import { apiGet } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function getSiteConfig(cloudId: number, siteId: number): Promise<SiteConfig> {
  return apiGet<SiteConfig>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config`);
}

export function siteConfigQueryOptions(cloudId: number, siteId: number) {
  return queryOptions({
    queryKey: configKeys.siteDocuments(cloudId, siteId),
    queryFn: () => getSiteConfig(cloudId, siteId),
  });
}

export function useSiteConfig(cloudId: number | null, siteId: number) {
  return useQuery({ ...siteConfigQueryOptions(cloudId ?? 0, siteId), enabled: cloudId !== null });
}
