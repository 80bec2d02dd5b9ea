// GET /apiv2/cloud/:cloudId/sites/:siteId/config/revisions: the site's revisions, newest first, paged.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionList } from '../../../../core/api/config.ts';
import { apiGet } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export const REVISIONS_PAGE_SIZE = 10;

export function getConfigRevisions(cloudId: number, siteId: number, offset: number): Promise<RevisionList> {
  return apiGet<RevisionList>(`/apiv2/cloud/${cloudId}/sites/${siteId}/config/revisions`, {
    limit: REVISIONS_PAGE_SIZE,
    offset,
  });
}

export function configRevisionsQueryOptions(cloudId: number, siteId: number, offset: number) {
  return queryOptions({
    queryKey: configKeys.revisions(cloudId, siteId, offset),
    queryFn: () => getConfigRevisions(cloudId, siteId, offset),
    placeholderData: keepPreviousData,
  });
}

export function useConfigRevisions(cloudId: number, siteId: number, offset: number) {
  return useQuery(configRevisionsQueryOptions(cloudId, siteId, offset));
}
