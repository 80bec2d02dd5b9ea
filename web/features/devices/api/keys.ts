// The query keys of everything about a cloud's devices, in one place: the queries, the changes that must
// refresh them and the live events (web/shell/live-event-keys.ts) all take their keys from here, so a
// renamed key cannot leave a page without its refresh. A device's own pages (dashboard, statistics) sit
// under its device key, so one device change refreshes them all.
import type { DeviceListParams } from './get-devices.ts';

export const devicesKeys = {
  /** Everything about the cloud's devices: the lists and every device's pages. */
  all: (cloudId: number) => ['devices', cloudId] as const,
  /** Every page, search, filter and order of the device list. */
  lists: (cloudId: number) => [...devicesKeys.all(cloudId), 'list'] as const,
  list: (cloudId: number, params: DeviceListParams) =>
    [
      ...devicesKeys.lists(cloudId),
      params.search,
      params.offset,
      params.filters ?? {},
      params.sort ?? 'name',
    ] as const,
  /** Every page about one device. */
  device: (cloudId: number, deviceId: number) => [...devicesKeys.all(cloudId), 'device', deviceId] as const,
  /** Every page about one recorder. */
  smartNvr: (cloudId: number, smartNvrId: number) =>
    [...devicesKeys.all(cloudId), 'smartnvr', smartNvrId] as const,
  pending: (cloudId: number) => [...devicesKeys.all(cloudId), 'pending'] as const,
  pendingPage: (cloudId: number, offset: number) => [...devicesKeys.pending(cloudId), offset] as const,
  onboardingKey: (cloudId: number) => [...devicesKeys.all(cloudId), 'onboarding-key'] as const,
  registrationSites: (cloudId: number, filter: string) =>
    [...devicesKeys.all(cloudId), 'registration-sites', filter] as const,
  /** The columns the user chose for a list: the user's, in every cloud. */
  columns: (list: string) => ['list-columns', list] as const,
};
