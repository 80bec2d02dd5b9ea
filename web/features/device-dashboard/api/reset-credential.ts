// POST /apiv2/cloud/:cloudId/devices/:deviceId/reset-credential (or smartnvrs/:smartNvrId/...): the device's
// credential stops working, so it can be adopted again; its dashboard reads it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { deviceDashboardKeys } from './keys.ts';

export function useResetCredential(cloudId: number, target: { deviceId: number } | { smartNvrId: number }) {
  const queryClient = useQueryClient();
  const path =
    'deviceId' in target
      ? `/apiv2/cloud/${cloudId}/devices/${target.deviceId}/reset-credential`
      : `/apiv2/cloud/${cloudId}/smartnvrs/${target.smartNvrId}/reset-credential`;
  return useMutation({
    mutationFn: () => apiPost<null>(path),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey:
          'deviceId' in target
            ? deviceDashboardKeys.device(cloudId, target.deviceId)
            : deviceDashboardKeys.smartNvr(cloudId, target.smartNvrId),
      }),
  });
}
