// GET /apiv2/navigation/{site,device,smartnvr}/:id: what the shell needs to draw a page whose address
// carries no cloud id (names, the cloud, menu facts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  NavigationDevice,
  NavigationSite,
  NavigationSmartnvr,
} from '../../../../core/api/navigation.ts';
import { apiGet } from '../../../platform/http.ts';
import { navigationKeys } from './keys.ts';

const STALE_MS = 60_000;

export function getNavigationSite(siteId: number): Promise<NavigationSite> {
  return apiGet<NavigationSite>(`/apiv2/navigation/site/${siteId}`);
}
export function getNavigationDevice(deviceId: number): Promise<NavigationDevice> {
  return apiGet<NavigationDevice>(`/apiv2/navigation/device/${deviceId}`);
}
export function getNavigationSmartnvr(smartnvrId: number): Promise<NavigationSmartnvr> {
  return apiGet<NavigationSmartnvr>(`/apiv2/navigation/smartnvr/${smartnvrId}`);
}

export const navigationSiteQueryOptions = (siteId: number) =>
  queryOptions({
    queryKey: navigationKeys.site(siteId),
    queryFn: () => getNavigationSite(siteId),
    staleTime: STALE_MS,
  });
export const navigationDeviceQueryOptions = (deviceId: number) =>
  queryOptions({
    queryKey: navigationKeys.device(deviceId),
    queryFn: () => getNavigationDevice(deviceId),
    staleTime: STALE_MS,
  });
export const navigationSmartnvrQueryOptions = (smartnvrId: number) =>
  queryOptions({
    queryKey: navigationKeys.smartNvr(smartnvrId),
    queryFn: () => getNavigationSmartnvr(smartnvrId),
    staleTime: STALE_MS,
  });

export function useNavigationSite(siteId: number | null) {
  return useQuery({ ...navigationSiteQueryOptions(siteId ?? 0), enabled: siteId !== null });
}
export function useNavigationDevice(deviceId: number | null) {
  return useQuery({ ...navigationDeviceQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
}
export function useNavigationSmartnvr(smartnvrId: number | null) {
  return useQuery({ ...navigationSmartnvrQueryOptions(smartnvrId ?? 0), enabled: smartnvrId !== null });
}
