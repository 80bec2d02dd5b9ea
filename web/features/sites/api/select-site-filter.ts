// POST /apiv2/cloud/:cloudId/site-filters-select { siteFilterId }: makes a saved grouping the active one (docs/api.md#the-calls).
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteFiltersSelectResponse } from '../../../../core/api/sites.ts';
import { apiPost } from '../../../platform/http.ts';
import { dashboardKey } from '../../dashboards/index.ts';
import { siteFiltersSelectKey, siteFiltersSelectQueryOptions } from './get-site-filters-select.ts';
import { sitesSelectKey } from './get-sites-select.ts';

export function selectSiteFilter(cloudId: number, siteFilterId: number): Promise<SiteFiltersSelectResponse> {
  return apiPost<SiteFiltersSelectResponse>(`/apiv2/cloud/${cloudId}/site-filters-select`, { siteFilterId });
}

/** Both select and clear answer with the first page: it replaces the cached one, the rest refetch. */
export async function afterSiteFilterChange(
  queryClient: QueryClient,
  cloudId: number,
  answer: SiteFiltersSelectResponse,
) {
  queryClient.setQueryData(siteFiltersSelectQueryOptions(cloudId).queryKey, answer);
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: siteFiltersSelectKey(cloudId),
      predicate: (query) => query.queryKey[3] !== '',
    }),
    queryClient.invalidateQueries({ queryKey: sitesSelectKey(cloudId) }),
    queryClient.invalidateQueries({ queryKey: dashboardKey(cloudId) }),
    // The dashboard's open alerts and tasks in progress follow the grouping too.
    queryClient.invalidateQueries({ queryKey: ['activity'] }),
  ]);
}

export function useSelectSiteFilter(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteFilterId: number) => selectSiteFilter(cloudId, siteFilterId),
    onSuccess: (answer) => afterSiteFilterChange(queryClient, cloudId, answer),
  });
}
