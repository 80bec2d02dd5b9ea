// What the statistics feature offers the other features: a smart NVR's per-item series, for its dashboard.
export { useSmartNvrItemMetrics } from './api/get-device-item-metrics.ts';
