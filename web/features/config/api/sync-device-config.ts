// POST /apiv2/cloud/:cloudId/devices/:deviceId/config/sync: settles a drift, keeping the console's document
// or taking the device's.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeviceConfig, SyncBody } from '../../../../core/api/config.ts';
import { apiPost } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function syncDeviceConfig(cloudId: number, deviceId: number, body: SyncBody): Promise<DeviceConfig> {
  return apiPost<DeviceConfig>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/config/sync`, body);
}

export function useSyncDeviceConfig(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SyncBody) => syncDeviceConfig(cloudId, deviceId, body),
    onSuccess: (synced) => queryClient.setQueryData(configKeys.device(cloudId, deviceId), synced),
  });
}
