// GET /apiv2/cloud/:cloudId/devices/:deviceId: the device dashboard's identity, state and latest report.
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import type { DeviceDetail } from '../../../../core/api/devices.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { deviceDashboardKeys } from './keys.ts';

// Devices report every minute; live device events refresh it sooner (its key is under the dashboards').
const REFRESH_MS = 60_000;

export function getDeviceDetail(cloudId: number, deviceId: number): Promise<DeviceDetail> {
  return apiGet<DeviceDetail>(`/apiv2/cloud/${cloudId}/devices/${deviceId}`);
}

export function deviceDetailQueryOptions(cloudId: number, deviceId: number) {
  return queryOptions({
    queryKey: deviceDashboardKeys.device(cloudId, deviceId),
    // The dashboard shows its own loading, failed and not-found states.
    meta: LOCAL_ERRORS,
    queryFn: () => getDeviceDetail(cloudId, deviceId),
    refetchInterval: REFRESH_MS,
  });
}

export function useDeviceDetail(cloudId: number | null, deviceId: number) {
  return useQuery({ ...deviceDetailQueryOptions(cloudId ?? 0, deviceId), enabled: cloudId !== null });
}

/** The devices at the far ends of this device's links: how each of them hears the link back. */
export function useDeviceDetails(cloudId: number | null, deviceIds: readonly number[]) {
  return useQueries({
    queries: deviceIds.map((deviceId) => ({
      ...deviceDetailQueryOptions(cloudId ?? 0, deviceId),
      enabled: cloudId !== null,
    })),
  });
}
