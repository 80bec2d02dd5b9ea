// The query keys of the license pages; their queries and changes take them from here.
import type { LicenseDevicesParams } from './get-license-devices.ts';

export const licensesKeys = {
  all: (cloudId: number) => ['licenses', cloudId] as const,
  addons: (cloudId: number) => [...licensesKeys.all(cloudId), 'addons'] as const,
  /** Every page of the devices holding a license, or holding none. */
  deviceLists: (cloudId: number) => [...licensesKeys.all(cloudId), 'devices'] as const,
  devices: (cloudId: number, params: LicenseDevicesParams) =>
    [...licensesKeys.deviceLists(cloudId), params] as const,
};
