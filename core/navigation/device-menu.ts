// docs/navigation.md#navigation-drawer device menu, under /site/{siteId}/device/{deviceId}; its entries depend on the product type.
import type { ProductType } from '../domain.ts';
import { sitePermissions } from '../policy.ts';
import { routes } from '../routes.ts';
import { type DeviceFacts, type NavContext, requireParam } from './context.ts';
import { MissingNavValueError, UnknownProductTypeError } from './errors.ts';
import { type NavEntry, navGroup, navLink } from './nav-entry.ts';
import { keepsFiles } from './versions.ts';

/** docs/navigation.md#navigation-drawer: point-to-point radios of these brands have no Clients page. */
export const BRANDS_WITHOUT_CLIENTS: readonly number[] = [153, 154, 161];

/** The product types that have a device menu. A smart NVR has its own menu at cloud level. */
export const DEVICE_MENU_TYPES = [
  'wifi',
  'ptmp',
  'metrolinq',
  'mesh',
  'gateway',
  'switch',
  'glinq',
] as const satisfies readonly ProductType[];
export type DeviceMenuType = (typeof DEVICE_MENU_TYPES)[number];

type Ids = { readonly cloudId: number; readonly siteId: number; readonly deviceId: number };
type Page = 'dashboard' | 'statistics' | 'wirelessStatistics' | 'clients' | 'activity' | 'ports' | 'files';

const isDeviceMenuType = (type: string): type is DeviceMenuType =>
  (DEVICE_MENU_TYPES as readonly string[]).includes(type);

function statistics(ids: Ids, wireless: boolean): NavEntry {
  const { siteId, deviceId } = ids;
  const children = [
    navLink('networks', 'nav.device.networks', routes.deviceNetworkStatistics.href({ siteId, deviceId })),
    navLink('system', 'nav.device.system', routes.deviceSystemStatistics.href({ siteId, deviceId })),
  ];
  if (wireless) {
    const href = routes.deviceWirelessStatistics.href({ siteId, deviceId });
    children.unshift(navLink('wireless', 'nav.device.wireless', href));
  }
  return navGroup('statistics', 'nav.device.statistics', children);
}

function entry(page: Page, ids: Ids): NavEntry {
  const { siteId, deviceId } = ids;
  switch (page) {
    case 'dashboard':
      return navLink('dashboard', 'nav.common.dashboard', routes.deviceDashboard.href({ siteId, deviceId }));
    case 'statistics':
      return statistics(ids, false);
    case 'wirelessStatistics':
      return statistics(ids, true);
    case 'clients':
      return navLink('clients', 'nav.device.clients', routes.deviceClients.href({ siteId, deviceId }));
    case 'activity':
      return navLink('activity', 'nav.common.activity', routes.deviceActivity.href({ siteId, deviceId }));
    case 'ports':
      return navLink('ports', 'nav.device.ports', routes.devicePorts.href({ siteId, deviceId }));
    case 'files':
      return navLink('files', 'nav.device.files', routes.deviceFiles.href(ids));
  }
}

function pagesOf(type: DeviceMenuType, device: DeviceFacts): Page[] {
  switch (type) {
    // Point-to-multipoint radios carry wireless links and subscriber clients like access points, so
    // they get the Wi-Fi set (docs/navigation.md#navigation-drawer does not list them).
    case 'wifi':
    case 'ptmp':
    case 'glinq':
      return ['dashboard', 'wirelessStatistics', 'clients', 'activity'];
    case 'metrolinq':
      return BRANDS_WITHOUT_CLIENTS.includes(device.brandId)
        ? ['dashboard', 'wirelessStatistics', 'activity']
        : ['dashboard', 'wirelessStatistics', 'clients', 'activity'];
    case 'mesh':
    case 'gateway':
      return ['dashboard', 'statistics', 'activity'];
    case 'switch':
      return keepsFiles('switch', device.mgmtdVersion)
        ? ['dashboard', 'ports', 'activity', 'files']
        : ['dashboard', 'ports', 'activity'];
  }
}

/**
 * The device menu for the current device; needs params.cloudId, params.siteId, params.deviceId and the
 * device's facts. Throws UnknownProductTypeError for a product type without a device menu.
 */
export function deviceMenu(ctx: NavContext): NavEntry[] {
  const ids = {
    cloudId: requireParam(ctx.params, 'cloudId'),
    siteId: requireParam(ctx.params, 'siteId'),
    deviceId: requireParam(ctx.params, 'deviceId'),
  };
  const { device } = ctx;
  if (!device) throw new MissingNavValueError('device');
  if (!isDeviceMenuType(device.productType)) throw new UnknownProductTypeError(device.productType);
  const entries = pagesOf(device.productType, device).map((page) => entry(page, ids));
  const viewsConfig = sitePermissions(ctx.access, ids.siteId).has('view_config');
  if (viewsConfig && ctx.site?.configEnabled && device.allowConfig) {
    entries.push(
      navLink(
        'configuration',
        'nav.common.configuration',
        routes.deviceConfig.href({ siteId: ids.siteId, deviceId: ids.deviceId }),
      ),
    );
  }
  return entries;
}
