// POST /apiv2/cloud/:cloudId/devices: registers one device into a site by serial number and MAC address.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterDeviceBody, RegisteredDevice } from '../../../../core/api/devices.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function registerDevice(cloudId: number, body: RegisterDeviceBody): Promise<RegisteredDevice> {
  return apiPost<RegisteredDevice>(`/apiv2/cloud/${cloudId}/devices`, body);
}

/** The dialog shows what the server refused beside its field; the device list is read again. */
export function useRegisterDevice(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterDeviceBody) => registerDevice(cloudId, body),
    meta: LOCAL_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKeys.lists(cloudId) }),
  });
}
