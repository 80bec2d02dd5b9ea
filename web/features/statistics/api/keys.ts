// The query keys of a device's statistics pages: under the device's own key in
// web/features/devices/api/keys.ts, so whatever refreshes a device refreshes them.
import type { TimeRange } from '../../../../core/time-range.ts';
import { devicesKeys } from '../../devices/index.ts';

export const statisticsKeys = {
  ports: (cloudId: number, deviceId: number) => [...devicesKeys.device(cloudId, deviceId), 'ports'] as const,
  metrics: (cloudId: number, deviceId: number, range: TimeRange) =>
    [...devicesKeys.device(cloudId, deviceId), 'metrics', range] as const,
  files: (cloudId: number, deviceId: number) => [...devicesKeys.device(cloudId, deviceId), 'files'] as const,
  itemMetrics: (cloudId: number, deviceId: number, range: TimeRange) =>
    [...devicesKeys.device(cloudId, deviceId), 'item-metrics', range] as const,
  smartNvrItemMetrics: (cloudId: number, smartNvrId: number, range: TimeRange) =>
    [...devicesKeys.smartNvr(cloudId, smartNvrId), 'item-metrics', range] as const,
};
