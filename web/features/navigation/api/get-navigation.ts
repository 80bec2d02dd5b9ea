// GET /apiv2/navigation/{site,device,smartnvr}/:id: what the shell needs to draw a page whose address
// carries no cloud id (names, the cloud, menu facts).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  NavigationDevice,
  NavigationSite,
  NavigationSmartNvr,
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
export function getNavigationSmartNvr(smartNvrId: number): Promise<NavigationSmartNvr> {
  return apiGet<NavigationSmartNvr>(`/apiv2/navigation/smartnvr/${smartNvrId}`);
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
export const navigationSmartNvrQueryOptions = (smartNvrId: number) =>
  queryOptions({
    queryKey: navigationKeys.smartNvr(smartNvrId),
    queryFn: () => getNavigationSmartNvr(smartNvrId),
    staleTime: STALE_MS,
  });

export function useNavigationSite(siteId: number | null) {
  return useQuery({ ...navigationSiteQueryOptions(siteId ?? 0), enabled: siteId !== null });
}
export function useNavigationDevice(deviceId: number | null) {
  return useQuery({ ...navigationDeviceQueryOptions(deviceId ?? 0), enabled: deviceId !== null });
}
export function useNavigationSmartNvr(smartNvrId: number | null) {
  return useQuery({ ...navigationSmartNvrQueryOptions(smartNvrId ?? 0), enabled: smartNvrId !== null });
}
