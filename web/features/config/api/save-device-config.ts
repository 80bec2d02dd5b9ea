// PUT /apiv2/cloud/:cloudId/devices/:deviceId/config: saves the edited document (the server keeps what differs
// from the site as overrides), reverts leaves to the site, switches inheritance or resumes configuration.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceConfig, SaveDeviceConfigBody } from '../../../../core/api/config.ts';
import { FIELD_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPut } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function saveDeviceConfig(
  cloudId: number,
  deviceId: number,
  body: SaveDeviceConfigBody,
): Promise<DeviceConfig> {
  return apiPut<DeviceConfig>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/config`, body);
}

export function useSaveDeviceConfig(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDeviceConfigBody) => saveDeviceConfig(cloudId, deviceId, body),
    meta: FIELD_ERRORS,
    onSuccess: (saved) => queryClient.setQueryData(configKeys.device(cloudId, deviceId), saved),
  });
}
