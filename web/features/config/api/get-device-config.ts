// GET /apiv2/cloud/:cloudId/devices/:deviceId/config: the device's effective document, where each leaf comes
// from, its suspension, drift and hashes.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceConfig } from '../../../../core/api/config.ts';
import { apiGet } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function getDeviceConfig(cloudId: number, deviceId: number): Promise<DeviceConfig> {
  return apiGet<DeviceConfig>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/config`);
}

export function deviceConfigQueryOptions(cloudId: number, deviceId: number) {
  return queryOptions({
    queryKey: configKeys.device(cloudId, deviceId),
    queryFn: () => getDeviceConfig(cloudId, deviceId),
  });
}

export function useDeviceConfig(cloudId: number | null, deviceId: number) {
  return useQuery({ ...deviceConfigQueryOptions(cloudId ?? 0, deviceId), enabled: cloudId !== null });
}
