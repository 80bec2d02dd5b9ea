// GET /apiv2/cloud/:cloudId/site-filters-select: saved site groupings and the active one (docs/api.md#the-calls).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteFiltersSelectResponse } from '../../../../core/api/sites.ts';
import { SITE_FILTER_PAGE_LIMIT } from '../../../../core/constants.ts';
import { apiGet } from '../../../platform/http.ts';
import { sitesKeys } from './keys.ts';

export function getSiteFiltersSelect(cloudId: number, filter: string): Promise<SiteFiltersSelectResponse> {
  return apiGet<SiteFiltersSelectResponse>(`/apiv2/cloud/${cloudId}/site-filters-select`, {
    limit: SITE_FILTER_PAGE_LIMIT,
    filter: filter === '' ? undefined : filter,
    allFields: false,
  });
}

export function siteFiltersSelectQueryOptions(cloudId: number, filter = '') {
  return queryOptions({
    queryKey: sitesKeys.filterSelect(cloudId, filter),
    queryFn: () => getSiteFiltersSelect(cloudId, filter),
  });
}

/** The first page (filter ''): its userCloudFilter says which grouping is active. */
export function useSiteFiltersSelect(cloudId: number, filter = '') {
  return useQuery({ ...siteFiltersSelectQueryOptions(cloudId, filter), placeholderData: keepPreviousData });
}
