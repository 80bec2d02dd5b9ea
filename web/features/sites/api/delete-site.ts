// DELETE /apiv2/cloud/:cloudId/sites/:siteId: its devices stay in the cloud without a site.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedSite } from '../../../../core/api/sites.ts';
import { apiDelete } from '../../../platform/http.ts';
import { navigationKeys } from '../../navigation/index.ts';
import { sitesKeys } from './keys.ts';

export function deleteSite(cloudId: number, siteId: number): Promise<DeletedSite> {
  return apiDelete<DeletedSite>(`/apiv2/cloud/${cloudId}/sites/${siteId}`);
}

export function useDeleteSite(cloudId: number, siteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteSite(cloudId, siteId),
    onSuccess: () => {
      // What is still on screen about the deleted site must not ask for it again (it would answer 404).
      queryClient.removeQueries({ queryKey: sitesKeys.properties(cloudId, siteId) });
      queryClient.removeQueries({ queryKey: navigationKeys.site(siteId) });
      return queryClient.invalidateQueries({ queryKey: sitesKeys.all(cloudId) });
    },
  });
}
