// GET /apiv2/cloud/:cloudId/site-filters-select: saved site groupings and the active one (docs/api.md#the-calls).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteFiltersSelectResponse } from '../../../../core/api/sites.ts';
import { SITE_FILTER_PAGE_LIMIT } from '../../../../core/constants.ts';
import { apiGet } from '../../../platform/http.ts';

export function getSiteFiltersSelect(cloudId: number, filter: string): Promise<SiteFiltersSelectResponse> {
  return apiGet<SiteFiltersSelectResponse>(`/apiv2/cloud/${cloudId}/site-filters-select`, {
    limit: SITE_FILTER_PAGE_LIMIT,
    filter: filter === '' ? undefined : filter,
    allFields: false,
  });
}

export function siteFiltersSelectQueryOptions(cloudId: number, filter = '') {
  return queryOptions({
    queryKey: ['sites', 'filters-select', cloudId, filter] as const,
    queryFn: () => getSiteFiltersSelect(cloudId, filter),
  });
}

/** Every grouping list of a cloud, to refetch after the selection changes. */
export function siteFiltersSelectKey(cloudId: number) {
  return ['sites', 'filters-select', cloudId] as const;
}

/** The first page (filter ''): its userCloudFilter says which grouping is active. */
export function useSiteFiltersSelect(cloudId: number, filter = '') {
  return useQuery({ ...siteFiltersSelectQueryOptions(cloudId, filter), placeholderData: keepPreviousData });
}
