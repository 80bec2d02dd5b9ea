// POST /apiv2/cloud/:cloudId/devices/:deviceId/tunnels and .../smartnvrs/:smartNvrId/tunnels: remote web
// access, answered with the one-time address of the tunnel's own host.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpenedTunnel } from '../../../../core/api/tunnels.ts';
import { apiPost } from '../../../platform/http.ts';
import { tunnelKeys } from './keys.ts';

/** What the tunnel reaches: a device or a recorder. */
export type TunnelTarget = { readonly deviceId: number } | { readonly smartNvrId: number };

export function openTunnel(cloudId: number, target: TunnelTarget, durationMin: number) {
  const path = 'deviceId' in target ? `devices/${target.deviceId}` : `smartnvrs/${target.smartNvrId}`;
  return apiPost<OpenedTunnel>(`/apiv2/cloud/${cloudId}/${path}/tunnels`, { duration_min: durationMin });
}

export function useOpenTunnel(cloudId: number, target: TunnelTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (durationMin: number) => openTunnel(cloudId, target, durationMin),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tunnelKeys.all(cloudId) }),
  });
}
