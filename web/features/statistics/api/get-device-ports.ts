// GET /apiv2/cloud/:cloudId/devices/:deviceId/ports: a switch's ports as its last heartbeat reported them.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DevicePortsResponse } from '../../../../core/api/metrics.ts';
import { apiGet } from '../../../platform/http.ts';
import { statisticsKeys } from './keys.ts';

// A switch reports every minute.
const STALE_MS = 60_000;

export function getDevicePorts(cloudId: number, deviceId: number): Promise<DevicePortsResponse> {
  return apiGet<DevicePortsResponse>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/ports`);
}

export function devicePortsQueryOptions(cloudId: number, deviceId: number) {
  return queryOptions({
    queryKey: statisticsKeys.ports(cloudId, deviceId),
    queryFn: () => getDevicePorts(cloudId, deviceId),
    staleTime: STALE_MS,
    refetchInterval: STALE_MS,
  });
}

export function useDevicePorts(cloudId: number | null, deviceId: number) {
  return useQuery({ ...devicePortsQueryOptions(cloudId ?? 0, deviceId), enabled: cloudId !== null });
}
