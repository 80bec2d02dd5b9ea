// DELETE /apiv2/cloud/:cloudId and POST /apiv2/cloud/:cloudId/leave: the cloud goes from the user's clouds.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeftCloud } from '../../../../core/api/cloud-management.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiPost } from '../../../platform/http.ts';
import { meQueryOptions } from '../../auth/index.ts';
import { cloudListQueryOptions } from './get-clouds.ts';

export function deleteCloud(cloudId: number, name: string): Promise<{ ok: true }> {
  return apiDelete<{ ok: true }>(`/apiv2/cloud/${cloudId}`, { name });
}

export function leaveCloud(cloudId: number): Promise<LeftCloud> {
  return apiPost<LeftCloud>(`/apiv2/cloud/${cloudId}/leave`);
}

/** Deleting or leaving: the page says why a refusal happened, so the error policy stays out. */
export function useRemoveCloud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { cloudId: number; deleteName?: string }): Promise<unknown> =>
      request.deleteName === undefined
        ? leaveCloud(request.cloudId)
        : deleteCloud(request.cloudId, request.deleteName),
    meta: LOCAL_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cloudListQueryOptions().queryKey, exact: true }),
        // Fetched before the change resolves, so the page knows the user's next cloud.
        queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }),
      ]),
  });
}
