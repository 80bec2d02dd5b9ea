// The query keys of the licence pages; their queries and changes take them from here.
import type { LicenceDevicesParams } from './get-licence-devices.ts';

export const licencesKeys = {
  all: (cloudId: number) => ['licences', cloudId] as const,
  addons: (cloudId: number) => [...licencesKeys.all(cloudId), 'addons'] as const,
  /** Every page of the devices holding a licence, or holding none. */
  deviceLists: (cloudId: number) => [...licencesKeys.all(cloudId), 'devices'] as const,
  devices: (cloudId: number, params: LicenceDevicesParams) =>
    [...licencesKeys.deviceLists(cloudId), params] as const,
};
