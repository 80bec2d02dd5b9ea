// POST /apiv2/cloud/:cloudId/site-filters-select { siteFilterId }: makes a saved grouping the active one (docs/api.md#the-calls).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteFiltersSelectResponse } from '../../../../core/api/sites.ts';
import { apiPost } from '../../../platform/http.ts';
import { activityKeys } from '../../activity/index.ts';
import { dashboardsKeys } from '../../dashboards/index.ts';
import { sitesKeys } from './keys.ts';

export function selectSiteFilter(cloudId: number, siteFilterId: number): Promise<SiteFiltersSelectResponse> {
  return apiPost<SiteFiltersSelectResponse>(`/apiv2/cloud/${cloudId}/site-filters-select`, { siteFilterId });
}

/** Both select and clear answer with the first page: it replaces the cached one, the rest refetch. */
export async function afterSiteFilterChange(
  queryClient: QueryClient,
  cloudId: number,
  answer: SiteFiltersSelectResponse,
) {
  const first = sitesKeys.filterSelect(cloudId, '');
  queryClient.setQueryData(first, answer);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: sitesKeys.filterSelects(cloudId),
      predicate: (query) => JSON.stringify(query.queryKey) !== JSON.stringify(first),
    }),
    queryClient.invalidateQueries({ queryKey: sitesKeys.selects(cloudId) }),
    queryClient.invalidateQueries({ queryKey: dashboardsKeys.all(cloudId) }),
    // The dashboard's open alerts and tasks in progress follow the grouping too.
    queryClient.invalidateQueries({ queryKey: activityKeys.all(cloudId) }),
  ]);
}

export function useSelectSiteFilter(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteFilterId: number) => selectSiteFilter(cloudId, siteFilterId),
    onSuccess: (answer) => afterSiteFilterChange(queryClient, cloudId, answer),
  });
}
