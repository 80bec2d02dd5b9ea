// The query keys of the device and recorder dashboards: under the device's (or recorder's) own key in
// web/features/devices/api/keys.ts, so whatever refreshes a device refreshes its dashboard.
import { devicesKeys } from '../../devices/index.ts';

export const deviceDashboardKeys = {
  device: (cloudId: number, deviceId: number) =>
    [...devicesKeys.device(cloudId, deviceId), 'detail'] as const,
  smartNvr: (cloudId: number, smartNvrId: number) =>
    [...devicesKeys.smartNvr(cloudId, smartNvrId), 'detail'] as const,
  /** The firmware catalogue of a product, offered by the update dialog. */
  firmware: (cloudId: number, productBrandId: number) => ['firmware', cloudId, productBrandId] as const,
};
