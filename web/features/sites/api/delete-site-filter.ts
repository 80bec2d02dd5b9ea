// DELETE /apiv2/cloud/:cloudId/site-filters/:siteFilterId: members who had it selected see the whole cloud.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../platform/http.ts';
import { invalidateSites } from './invalidate-sites.ts';
import { sitesKeys } from './keys.ts';

export function deleteSiteFilter(cloudId: number, siteFilterId: number): Promise<void> {
  return apiDelete<void>(`/apiv2/cloud/${cloudId}/site-filters/${siteFilterId}`);
}

export function useDeleteSiteFilter(cloudId: number, siteFilterId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSiteFilter(cloudId, siteFilterId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: sitesKeys.filter(cloudId, siteFilterId) });
      return invalidateSites(queryClient, cloudId);
    },
  });
}
