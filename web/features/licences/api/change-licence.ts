// PUT and DELETE /apiv2/cloud/:cloudId/licenses/devices/:deviceId: assign or release a device's licence.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceLicence } from '../../../../core/api/cloud-management.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiPut } from '../../../platform/http.ts';
import { licenseStatusQueryOptions } from '../../clouds/index.ts';
import { licencesKeys } from './keys.ts';

export function changeLicence(cloudId: number, deviceId: number, assign: boolean): Promise<DeviceLicence> {
  const path = `/apiv2/cloud/${cloudId}/licenses/devices/${deviceId}`;
  return assign ? apiPut<DeviceLicence>(path) : apiDelete<DeviceLicence>(path);
}

export function useChangeLicence(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, assign }: { deviceId: number; assign: boolean }) =>
      changeLicence(cloudId, deviceId, assign),
    // The page says when no licence is left.
    meta: LOCAL_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: licencesKeys.deviceLists(cloudId) }),
        queryClient.invalidateQueries({ queryKey: licenseStatusQueryOptions(cloudId).queryKey, exact: true }),
      ]),
  });
}
