// GET /apiv2/cloud/:cloudId/devices/:deviceId/item-metrics: a device's radios, SSIDs, ports, WAN ports,
// cameras and storage over a time range (docs/telemetry.md#per-item-series); and .../smartnvrs/:smartNvrId/
// item-metrics, a recorder's.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DeviceItemMetricsResponse } from '../../../../core/api/item-metrics.ts';
import type { TimeRange } from '../../../../core/time-range.ts';
import { apiGet } from '../../../platform/http.ts';
import { statisticsKeys } from './keys.ts';

// Per hour at the finest: a minute-old answer is still the device's picture.
const STALE_MS = 60_000;

export function getDeviceItemMetrics(
  cloudId: number,
  deviceId: number,
  range: TimeRange,
): Promise<DeviceItemMetricsResponse> {
  return apiGet<DeviceItemMetricsResponse>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/item-metrics`, {
    range,
  });
}

/** The charts of the last range stay on screen while another range loads. */
export function useDeviceItemMetrics(cloudId: number | null, deviceId: number, range: TimeRange) {
  return useQuery({
    queryKey: statisticsKeys.itemMetrics(cloudId ?? 0, deviceId, range),
    queryFn: () => getDeviceItemMetrics(cloudId ?? 0, deviceId, range),
    staleTime: STALE_MS,
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

/** A smart NVR's cameras and storage; the charts of the last range stay on screen while another loads. */
export function useSmartNvrItemMetrics(cloudId: number | null, smartNvrId: number, range: TimeRange) {
  return useQuery({
    queryKey: statisticsKeys.smartNvrItemMetrics(cloudId ?? 0, smartNvrId, range),
    queryFn: () =>
      apiGet<DeviceItemMetricsResponse>(`/apiv2/cloud/${cloudId ?? 0}/smartnvrs/${smartNvrId}/item-metrics`, {
        range,
      }),
    staleTime: STALE_MS,
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}
