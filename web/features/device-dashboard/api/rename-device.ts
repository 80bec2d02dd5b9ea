// PATCH /apiv2/cloud/:cloudId/devices/:deviceId: renames a device; every place that shows its name reads
// it again (its own pages, the drawer and breadcrumbs, the device lists, the dashboards).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPatch } from '../../../platform/http.ts';
import { dashboardsKeys } from '../../dashboards/index.ts';
import { devicesKeys } from '../../devices/index.ts';
import { navigationKeys } from '../../navigation/index.ts';

export function useRenameDevice(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiPatch<{ id: number; name: string }>(`/apiv2/cloud/${cloudId}/devices/${deviceId}`, { name }),
    onSuccess: () =>
      Promise.all(
        [
          devicesKeys.device(cloudId, deviceId),
          devicesKeys.lists(cloudId),
          dashboardsKeys.all(cloudId),
          navigationKeys.device(deviceId),
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}
