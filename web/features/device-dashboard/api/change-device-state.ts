// POST /apiv2/cloud/:cloudId/devices/:deviceId/unblock and .../recommission: the device takes tasks again;
// its dashboard and the device lists read it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { devicesKeys } from '../../devices/api/keys.ts';

export type DeviceStateChange = 'unblock' | 'recommission';

export function useChangeDeviceState(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DeviceStateChange) =>
      apiPost<null>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/${change}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: devicesKeys.device(cloudId, deviceId) }),
        queryClient.invalidateQueries({ queryKey: devicesKeys.lists(cloudId) }),
      ]),
  });
}
