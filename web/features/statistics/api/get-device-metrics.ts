// GET /apiv2/cloud/:cloudId/devices/:deviceId/metrics: a device's numbers over a time range.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceMetricsResponse } from '../../../../core/api/metrics.ts';
import type { TimeRange } from '../../../../core/time-range.ts';
import { apiGet } from '../../../platform/http.ts';
import { statisticsKeys } from './keys.ts';

// A 24 h chart gains a point a minute; a minute-old chart is still the device's picture.
const STALE_MS = 60_000;

export function getDeviceMetrics(
  cloudId: number,
  deviceId: number,
  range: TimeRange,
): Promise<DeviceMetricsResponse> {
  return apiGet<DeviceMetricsResponse>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/metrics`, { range });
}

export function deviceMetricsQueryOptions(cloudId: number, deviceId: number, range: TimeRange) {
  return queryOptions({
    queryKey: statisticsKeys.metrics(cloudId, deviceId, range),
    queryFn: () => getDeviceMetrics(cloudId, deviceId, range),
    staleTime: STALE_MS,
  });
}

/** The charts of the last range stay on screen while another range loads. */
export function useDeviceMetrics(cloudId: number | null, deviceId: number, range: TimeRange) {
  return useQuery({
    ...deviceMetricsQueryOptions(cloudId ?? 0, deviceId, range),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}
