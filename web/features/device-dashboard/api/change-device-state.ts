// POST /apiv2/cloud/:cloudId/devices/:deviceId/unblock and .../recommission: the device takes tasks again;
// its own pages, the device lists, the dashboards and the site counts read it again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../platform/http.ts';
import { dashboardsKeys } from '../../dashboards/index.ts';
import { devicesKeys } from '../../devices/index.ts';
import { sitesKeys } from '../../sites/index.ts';

export type DeviceStateChange = 'unblock' | 'recommission';

export function useChangeDeviceState(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DeviceStateChange) =>
      apiPost<null>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/${change}`),
    onSuccess: () =>
      Promise.all(
        [
          devicesKeys.device(cloudId, deviceId),
          devicesKeys.lists(cloudId),
          // A recommissioned device counts again on the dashboards and in its site's counts.
          dashboardsKeys.all(cloudId),
          sitesKeys.lists(cloudId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
