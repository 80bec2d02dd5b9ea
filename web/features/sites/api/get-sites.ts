// GET /apiv2/cloud/:cloudId/sites: one page of the site list (docs/navigation.md#routes sites?search=).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { SiteListResponse } from '../../../../core/api/sites.ts';
import { apiGet } from '../../../platform/http.ts';
import type { ListPageParams } from '../../../platform/list-page/list-page-params.ts';
import { sitesKeys } from './keys.ts';

export function getSites(cloudId: number, params: ListPageParams): Promise<SiteListResponse> {
  return apiGet<SiteListResponse>(`/apiv2/cloud/${cloudId}/sites`, {
    search: params.search === '' ? undefined : params.search,
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

export function sitesQueryOptions(cloudId: number, params: ListPageParams) {
  return queryOptions({
    queryKey: sitesKeys.list(cloudId, params),
    queryFn: () => getSites(cloudId, params),
  });
}

/** The page on screen stays while the next one loads. */
export function useSites(cloudId: number, params: ListPageParams) {
  return useQuery({ ...sitesQueryOptions(cloudId, params), placeholderData: keepPreviousData });
}
