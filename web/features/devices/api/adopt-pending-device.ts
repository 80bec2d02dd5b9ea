// POST /apiv2/cloud/:cloudId/pending-devices/adopt: registers a device that called home into a site.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdoptPendingBody } from '../../../../core/api/device-registration.ts';
import type { RegisteredDevice } from '../../../../core/api/devices.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function adoptPendingDevice(cloudId: number, body: AdoptPendingBody): Promise<RegisteredDevice> {
  return apiPost<RegisteredDevice>(`/apiv2/cloud/${cloudId}/pending-devices/adopt`, body);
}

/** The dialog shows what the server refused; the pending and device lists are read again. */
export function useAdoptPendingDevice(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdoptPendingBody) => adoptPendingDevice(cloudId, body),
    meta: LOCAL_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKeys.all(cloudId) }),
  });
}
