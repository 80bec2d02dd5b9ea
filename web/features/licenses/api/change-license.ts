// PUT and DELETE /apiv2/cloud/:cloudId/licenses/devices/:deviceId: assign or release a device's license.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceLicense } from '../../../../core/api/cloud-management.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiPut } from '../../../platform/http.ts';
import { licenseStatusQueryOptions } from '../../clouds/index.ts';
import { licensesKeys } from './keys.ts';

export function changeLicense(cloudId: number, deviceId: number, assign: boolean): Promise<DeviceLicense> {
  const path = `/apiv2/cloud/${cloudId}/licenses/devices/${deviceId}`;
  return assign ? apiPut<DeviceLicense>(path) : apiDelete<DeviceLicense>(path);
}

export function useChangeLicense(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, assign }: { deviceId: number; assign: boolean }) =>
      changeLicense(cloudId, deviceId, assign),
    // The page says when no license is left.
    meta: LOCAL_ERRORS,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: licensesKeys.deviceLists(cloudId) }),
        queryClient.invalidateQueries({ queryKey: licenseStatusQueryOptions(cloudId).queryKey, exact: true }),
      ]),
  });
}
