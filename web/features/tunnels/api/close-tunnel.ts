// DELETE /apiv2/cloud/:cloudId/tunnels/:tunnelId: closes a tunnel now.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../platform/http.ts';
import { tunnelKeys } from './keys.ts';

export function closeTunnel(cloudId: number, tunnelId: number) {
  return apiDelete<{ ok: true }>(`/apiv2/cloud/${cloudId}/tunnels/${tunnelId}`);
}

export function useCloseTunnel(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tunnelId: number) => closeTunnel(cloudId, tunnelId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tunnelKeys.all(cloudId) }),
  });
}
