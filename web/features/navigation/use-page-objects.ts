// The objects a site, device or smart NVR page is about, from the navigation context calls: their names
// for the breadcrumbs, the cloud they belong to, and the facts the drawer menus need.
import type { NavigationDevice, NavigationSite, NavigationSmartNvr } from '../../../core/api/navigation.ts';
import { readPathIds } from '../../../core/routes.ts';
import { useNavigationDevice, useNavigationSite, useNavigationSmartNvr } from './api/get-navigation.ts';

export type PageObjects = {
  readonly site: NavigationSite | null;
  readonly device: NavigationDevice | null;
  readonly smartnvr: NavigationSmartNvr | null;
  /** The cloud the page's objects belong to; null on pages about no object (or while loading). */
  readonly cloudId: number | null;
  /** A call is still under way. */
  readonly pending: boolean;
  /** An object is missing or hidden from the caller (the page is not found) or the call failed. */
  readonly error: unknown;
};

export function usePageObjects(pathname: string): PageObjects {
  const ids = readPathIds(pathname);
  const site = useNavigationSite(ids.siteId ?? null);
  const device = useNavigationDevice(ids.deviceId ?? null);
  const smartnvr = useNavigationSmartNvr(ids.smartNvrId ?? null);
  const queries = [site, device, smartnvr];
  const siteData = ids.siteId !== undefined ? (site.data ?? null) : null;
  const deviceData = ids.deviceId !== undefined ? (device.data ?? null) : null;
  const smartNvrData = ids.smartNvrId !== undefined ? (smartnvr.data ?? null) : null;
  return {
    site: siteData,
    device: deviceData,
    smartnvr: smartNvrData,
    cloudId: siteData?.cloud_id ?? deviceData?.cloud_id ?? smartNvrData?.cloud_id ?? null,
    pending: queries.some((query) => query.isPending && query.fetchStatus !== 'idle'),
    error: queries.find((query) => query.isError)?.error ?? null,
  };
}
