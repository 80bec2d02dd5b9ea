// GET /apiv2/cloud/:cloudId/sites/:siteId/config/revisions and .../devices/:deviceId/config/revisions: the
// site's or the device's own revisions, newest first, paged.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RevisionList } from '../../../../core/api/config.ts';
import { apiGet } from '../../../platform/http.ts';
import { type ConfigOwner, ownerConfigPath } from './config-owner.ts';
import { configKeys } from './keys.ts';

export const REVISIONS_PAGE_SIZE = 10;

export function getConfigRevisions(
  cloudId: number,
  owner: ConfigOwner,
  offset: number,
): Promise<RevisionList> {
  return apiGet<RevisionList>(`${ownerConfigPath(cloudId, owner)}/revisions`, {
    limit: REVISIONS_PAGE_SIZE,
    offset,
  });
}

export function configRevisionsQueryOptions(cloudId: number, owner: ConfigOwner, offset: number) {
  return queryOptions({
    queryKey: configKeys.revisions(cloudId, owner, offset),
    queryFn: () => getConfigRevisions(cloudId, owner, offset),
    placeholderData: keepPreviousData,
  });
}

export function useConfigRevisions(cloudId: number, owner: ConfigOwner, offset: number) {
  return useQuery(configRevisionsQueryOptions(cloudId, owner, offset));
}
