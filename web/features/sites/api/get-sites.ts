// GET /apiv2/cloud/:cloudId/sites: one page of the site list (docs/navigation.md#routes sites?search=).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { SiteListResponse } from '../../../../core/api/sites.ts';
import { apiGet } from '../../../platform/http.ts';
import type { ListPageParams } from '../../../platform/list-page/list-page-params.ts';

export function getSites(cloudId: number, params: ListPageParams): Promise<SiteListResponse> {
  return apiGet<SiteListResponse>(`/apiv2/cloud/${cloudId}/sites`, {
    search: params.search === '' ? undefined : params.search,
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

/** Every page and search of the cloud's site list. */
export function sitesListKey(cloudId: number) {
  return ['sites', 'list', cloudId] as const;
}

export function sitesQueryOptions(cloudId: number, params: ListPageParams) {
  return queryOptions({
    queryKey: [...sitesListKey(cloudId), params.search, params.offset] as const,
    queryFn: () => getSites(cloudId, params),
  });
}

/** The page on screen stays while the next one loads. */
export function useSites(cloudId: number, params: ListPageParams) {
  return useQuery({ ...sitesQueryOptions(cloudId, params), placeholderData: keepPreviousData });
}
