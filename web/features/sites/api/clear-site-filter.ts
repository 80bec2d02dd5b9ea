// DELETE /apiv2/cloud/:cloudId/site-filters-select: "Back to Cloud" clears the active grouping (docs/navigation.md#top-bar-panels).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SiteFiltersSelectResponse } from '../../../../core/api/sites.ts';
import { apiDelete } from '../../../platform/http.ts';
import { afterSiteFilterChange } from './select-site-filter.ts';

/** Sent without a body, so without a JSON content type (the server refuses an empty JSON body). */
export function clearSiteFilter(cloudId: number): Promise<SiteFiltersSelectResponse> {
  return apiDelete<SiteFiltersSelectResponse>(`/apiv2/cloud/${cloudId}/site-filters-select`);
}

export function useClearSiteFilter(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => clearSiteFilter(cloudId),
    onSuccess: (answer) => afterSiteFilterChange(queryClient, cloudId, answer),
  });
}
