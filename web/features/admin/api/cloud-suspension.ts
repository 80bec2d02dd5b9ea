// POST /apiv2/admin/clouds/:cloudId/suspend and /unsuspend. The clouds list refreshes, and so does the
// cloud itself where the administrator is a member of it, so its suspended-cloud notice follows.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCloud } from '../../../../core/api/admin.ts';
import { apiPost } from '../../../platform/http.ts';
import { cloudQueryOptions } from '../../clouds/index.ts';
import { adminKeys } from './keys.ts';

export function useCloudSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cloudId, suspend }: { cloudId: number; suspend: boolean }) =>
      apiPost<AdminCloud>(`/apiv2/admin/clouds/${cloudId}/${suspend ? 'suspend' : 'unsuspend'}`),
    onSuccess: (cloud) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.cloudLists() }),
        // The cloud, its license status and its promotions, by the key's prefix.
        queryClient.invalidateQueries({ queryKey: cloudQueryOptions(cloud.id).queryKey }),
      ]),
  });
}
