// The one route registry (docs/navigation.md#routes and the drawer links of docs/navigation.md#navigation-drawer). Every URL of the console is built from here.

import { SSO_OUTCOMES } from './api/single-sign-on.ts';
import { DEVICE_SORTS } from './device-list.ts';
import { DEVICE_CONNECTIONS, DEVICE_FAMILIES, HEALTH_IDS } from './domain.ts';
import { parseId, type RouteParams, defineRoute as route } from './route-definition.ts';
import { TIME_RANGES } from './time-range.ts';

// docs/navigation.md#routes: the cloud activity page filters by task status and alert health, and jumps to a tab by hash.
// The '+' is sent encoded (%2B); a hand-typed '+' reads back as a space, so readers should accept both.
const activityQuery = {
  status: ['SUCCESS+FAIL+TIMEOUT', 'RUNNING+PENDING'],
  id: 'id',
  health: ['HEALTH_CRITICAL+HEALTH_WARNING'],
} as const;
// The activity page's tabs.
const ACTIVITY_TABS = ['alert', 'maintenance'] as const;
// The Admin Panel's sections, each with its own address so it can be bookmarked, and its search.
export const ADMIN_TABS = ['users', 'clouds', 'errors', 'news', 'videos'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
const adminQuery = { tab: ADMIN_TABS, search: 'text' } as const;
// docs/navigation.md#routes: search results link to list pages with a search query parameter.
const searchQuery = { search: 'text' } as const;
// The device list's filters (as the dashboards' counts link to them) and order, so a view is bookmarked.
const deviceFilterQuery = {
  health: HEALTH_IDS,
  status: DEVICE_CONNECTIONS,
  type: DEVICE_FAMILIES,
  site: 'id',
  model: 'id',
  fw: 'text',
  sort: DEVICE_SORTS,
} as const;
// Charts are drawn over the range the address names, so a view can be bookmarked.
const rangeQuery = { range: TIME_RANGES } as const;
// docs/navigation.md#navigation-drawer: anchors of the site configuration page.
const siteConfigHashes = [
  'general-locale',
  'wifi5-wireless',
  'wifi6-wireless',
  'ml-wireless',
  'glinq-wireless',
  'switch-security',
  'terragraph-network-planning',
  'sdwan-group',
] as const;

const V2 = '/v2/cloud/:cloudId';
const SITE_DEVICE = '/site/:siteId/device/:deviceId';
const V2_SITE = `${V2}/site/:siteId` as const;
const V2_NVR = `${V2}/smartnvr/:smartNvrId` as const;

export const routes = {
  // Cloud level
  cloudDashboard: route('/cloud/:cloudId/dashboard', 'cloud', 'nav.common.dashboard', {
    query: rangeQuery,
  }),
  cloudActivity: route('/cloud/:cloudId/activity', 'cloud', 'nav.common.activity', {
    query: activityQuery,
    hashes: ACTIVITY_TABS,
  }),
  cloudAddons: route('/cloud/:cloudId/addons', 'cloud', 'nav.common.addons'),
  cloudLicenses: route('/cloud/:cloudId/licenses', 'cloud', 'nav.main.licenses'),
  cloudVpc: route('/cloud/:cloudId/vpc', 'cloud', 'nav.main.vpc'),
  cloudSwitch: route('/cloud/:cloudId', 'cloud', 'routes.title.cloudSwitch'),
  devices: route(`${V2}/devices`, 'cloud', 'nav.common.devices', {
    query: { ...searchQuery, ...deviceFilterQuery },
  }),
  devicesImport: route(`${V2}/devices/import`, 'cloud', 'routes.title.devicesImport'),
  devicesPending: route(`${V2}/devices/pending`, 'cloud', 'routes.title.devicesPending'),
  // docs/clients.md: every wireless client the caller sees, narrowed to a site and searched.
  cloudClients: route(`${V2}/clients`, 'cloud', 'nav.main.clients', {
    query: { ...searchQuery, site: 'id' },
  }),
  sites: route(`${V2}/sites`, 'cloud', 'nav.main.sites', { query: searchQuery }),
  sitesAdd: route(`${V2}/sites/add`, 'cloud', 'nav.cloud.createSite'),
  users: route(`${V2}/users`, 'cloud', 'nav.main.userManagement', { query: searchQuery }),
  // The change log (docs/navigation.md names no address for it).
  changeLog: route(`${V2}/change-log`, 'cloud', 'nav.main.changeLog'),
  reports: route(`${V2}/report`, 'cloud', 'nav.main.reportManagement'),
  // docs/webhooks.md#the-page: the cloud's webhooks and their delivery logs.
  cloudWebhooks: route(`${V2}/webhooks`, 'cloud', 'nav.main.webhooks'),
  // docs/api-tokens.md#cloud-tokens: the cloud's API tokens.
  cloudApiTokens: route(`${V2}/api-tokens`, 'cloud', 'nav.main.apiTokens'),
  // docs/single-sign-on.md#a-clouds-provider: the cloud's OpenID Connect provider.
  cloudSingleSignOn: route(`${V2}/single-sign-on`, 'cloud', 'nav.main.singleSignOn'),
  tools: route(`${V2}/tools`, 'cloud', 'nav.main.tools'),
  cloudEdit: route(`${V2}/edit`, 'cloud', 'routes.title.cloudEdit'),
  clouds: route(`${V2}/clouds`, 'cloud', 'nav.cloud.account', { query: searchQuery }),
  profile: route(`${V2}/profile`, 'cloud', 'routes.title.profile'),
  accountSecurity: route(`${V2}/account-security`, 'cloud', 'routes.title.accountSecurity'),
  linqpath: route(`${V2}/linqpath`, 'cloud', 'routes.title.linqpath'),
  notificationSettings: route(`${V2}/notification-settings`, 'cloud', 'nav.common.notifications'),
  siteFilterAdd: route(`${V2}/site-filter/add`, 'cloud', 'routes.title.siteFilterAdd'),
  // A saved site grouping's edit page (docs/navigation.md names only site-filter/add).
  siteFilterEdit: route(`${V2}/site-filter/:siteFilterId/edit`, 'cloud', 'routes.title.siteFilterEdit'),
  authportServicePlans: route(`${V2}/authport/service-plans`, 'cloud', 'routes.title.authportServicePlans'),
  authportAccounts: route(`${V2}/authport/accounts`, 'cloud', 'routes.title.authportAccounts'),
  authportCertificate: route(`${V2}/authport/certificate`, 'cloud', 'routes.title.authportCertificate'),
  authportCaptivePortals: route(
    `${V2}/authport/captive-portals`,
    'cloud',
    'routes.title.authportCaptivePortals',
  ),
  authportHistory: route(`${V2}/authport/history`, 'cloud', 'routes.title.authportHistory'),

  // Site level
  site: route('/site/:siteId', 'site', 'routes.title.site'),
  siteDashboard: route('/site/:siteId/dashboard', 'site', 'routes.title.siteDashboard', {
    query: rangeQuery,
    hashes: ['default'],
  }),
  siteClient: route('/site/:siteId/client/:clientId', 'site', 'routes.title.siteClient', {
    query: rangeQuery,
  }),
  siteActivity: route('/site/:siteId/activity', 'site', 'routes.title.siteActivity', {
    query: activityQuery,
    hashes: ACTIVITY_TABS,
  }),
  siteClients: route('/site/:siteId/clients', 'site', 'nav.site.wirelessClients'),
  siteConfig: route('/site/:siteId/config', 'site', 'routes.title.siteConfig', { hashes: siteConfigHashes }),
  siteGoogleMap: route('/site/:siteId/google-map', 'site', 'nav.site.googleMap'),
  siteFloorMaps: route('/site/:siteId/floor-maps', 'site', 'nav.site.floorMaps'),
  siteAddons: route('/site/:siteId/addons', 'site', 'routes.title.siteAddons'),
  siteDevices: route(`${V2_SITE}/devices`, 'site', 'routes.title.siteDevices', {
    query: { ...searchQuery, ...deviceFilterQuery },
  }),
  siteTopology: route(`${V2_SITE}/topology`, 'site', 'nav.site.topology'),
  siteEdit: route(`${V2_SITE}/edit`, 'site', 'nav.site.properties'),
  siteNotificationSettings: route(
    `${V2_SITE}/notification-settings`,
    'site',
    'routes.title.siteNotificationSettings',
  ),

  // Device level
  device: route('/device/:deviceId', 'device', 'routes.title.device'),
  siteDevice: route(SITE_DEVICE, 'device', 'routes.title.siteDevice'),
  deviceDashboard: route(`${SITE_DEVICE}/dashboard`, 'device', 'routes.title.deviceDashboard'),
  deviceWirelessStatistics: route(
    `${SITE_DEVICE}/statistics/wireless`,
    'device',
    'routes.title.deviceWirelessStatistics',
    { query: rangeQuery },
  ),
  deviceNetworkStatistics: route(
    `${SITE_DEVICE}/statistics/networks`,
    'device',
    'routes.title.deviceNetworkStatistics',
    { query: rangeQuery },
  ),
  deviceSystemStatistics: route(
    `${SITE_DEVICE}/statistics/system`,
    'device',
    'routes.title.deviceSystemStatistics',
    { query: rangeQuery },
  ),
  deviceClients: route(`${SITE_DEVICE}/clients`, 'device', 'routes.title.deviceClients'),
  deviceActivity: route(`${SITE_DEVICE}/activity`, 'device', 'routes.title.deviceActivity', {
    query: activityQuery,
    hashes: ACTIVITY_TABS,
  }),
  devicePorts: route(`${SITE_DEVICE}/ports`, 'device', 'nav.device.ports'),
  deviceConfig: route(`${SITE_DEVICE}/config`, 'device', 'routes.title.deviceConfig'),
  deviceFiles: route(`${V2_SITE}/device/:deviceId/device-files`, 'device', 'routes.title.deviceFiles'),

  // Smart NVR level
  smartnvr: route('/smartnvr/:smartNvrId', 'smartnvr', 'routes.title.smartnvr'),
  smartNvrDashboard: route('/smartnvr/:smartNvrId/dashboard', 'smartnvr', 'routes.title.smartNvrDashboard'),
  smartNvrActivity: route('/smartnvr/:smartNvrId/activity', 'smartnvr', 'routes.title.smartNvrActivity', {
    query: activityQuery,
    hashes: ACTIVITY_TABS,
  }),
  // docs/cameras.md: `camera` picks one of the recorder's cameras (an alert's link).
  smartNvrIpcams: route(`${V2_NVR}/ipcams`, 'smartnvr', 'nav.smartnvr.ipCameras', {
    query: { camera: 'text' },
  }),
  smartNvrStreaming: route(`${V2_NVR}/streaming`, 'smartnvr', 'nav.smartnvr.streaming'),
  smartNvrTunnels: route(`${V2_NVR}/tunnels`, 'smartnvr', 'nav.smartnvr.tunnels'),

  // Outside any cloud
  home: route('/', 'none', 'routes.title.home'),
  adminTools: route('/admintools', 'none', 'routes.title.adminTools', { query: adminQuery }),
  // docs/guest-access.md#the-voucher-page: the parameters an access point sends a guest with.
  voucher: route('/voucher', 'none', 'routes.title.voucher', {
    query: { nas: 'text', mac: 'text', ssid: 'text', uamip: 'text', uamport: 'text', userurl: 'text' },
  }),
  // ?sso= says why a single sign-on came back without signing in (docs/single-sign-on.md#the-sign-in).
  login: route('/welcome/login', 'none', 'routes.title.login', {
    query: { next: 'text', sso: SSO_OUTCOMES },
  }),
  logout: route('/welcome/logout', 'none', 'routes.title.logout'),
  // An invitation's link (docs/navigation.md names no address for it).
  invitation: route('/welcome/invitation', 'none', 'routes.title.invitation', { query: { token: 'text' } }),
  // "Forgot password" and the mailed link's page.
  forgotPassword: route('/welcome/forgot-password', 'none', 'routes.title.forgotPassword'),
  passwordReset: route('/welcome/reset-password', 'none', 'routes.title.passwordReset', {
    query: { token: 'text' },
  }),
  // The links mailed to confirm a new email, and to sign in while the account's login pace holds.
  confirmEmail: route('/welcome/confirm-email', 'none', 'routes.title.confirmEmail', {
    query: { token: 'text' },
  }),
  signInLink: route('/welcome/sign-in-link', 'none', 'routes.title.signInLink', { query: { token: 'text' } }),
  noCloud: route('/welcome/no-cloud', 'none', 'routes.title.noCloud'),
} as const;

export type AppRoutes = typeof routes;
export type RouteKey = keyof AppRoutes;
export type RouteTitleKey = AppRoutes[RouteKey]['titleKey'];
export type ParamsOf<K extends RouteKey> = RouteParams<AppRoutes[K]['path']>;
export type RouteMatch = { [K in RouteKey]: { readonly key: K; readonly params: ParamsOf<K> } }[RouteKey];

export const ROUTE_KEYS = Object.keys(routes) as RouteKey[];

/** Every path pattern, for the server's single-page-app fallback. */
export function allRoutePatterns(): string[] {
  return ROUTE_KEYS.map((key) => routes[key].path);
}

const compiled = ROUTE_KEYS.map((key) => ({ key, segments: routes[key].path.split('/').slice(1) }));

function splitPathname(pathname: string): string[] | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  if (!path.startsWith('/')) return null;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.split('/').slice(1);
}

/** The route a pathname belongs to, with its ids parsed; null for unknown paths and ids that are not positive integers. */
export function matchRoute(pathname: string): RouteMatch | null {
  const segments = splitPathname(pathname);
  if (!segments) return null;
  for (const candidate of compiled) {
    if (candidate.segments.length !== segments.length) continue;
    const params: Record<string, number> = {};
    const matched = candidate.segments.every((pattern, index) => {
      const segment = segments[index] ?? '';
      if (!pattern.startsWith(':')) return pattern === segment;
      const id = parseId(segment);
      if (id === null) return false;
      params[pattern.slice(1)] = id;
      return true;
    });
    if (matched) return { key: candidate.key, params } as RouteMatch;
  }
  return null;
}

// docs/navigation.md#routes: ids are read from the segment after cloud, site, device, addon, site-filter and smartnvr.
const ID_SEGMENTS = {
  cloud: 'cloudId',
  site: 'siteId',
  device: 'deviceId',
  addon: 'addonId',
  'site-filter': 'siteFilterId',
  smartnvr: 'smartNvrId',
} as const;

export type PathIdName = (typeof ID_SEGMENTS)[keyof typeof ID_SEGMENTS];
export type PathIds = { readonly [K in PathIdName]?: number };

/** The ids named by the segments of any path (known route or not), e.g. the current cloud of a page. */
export function readPathIds(pathname: string): PathIds {
  const segments = splitPathname(pathname) ?? [];
  const ids: Partial<Record<PathIdName, number>> = {};
  segments.forEach((segment, index) => {
    const name = Object.hasOwn(ID_SEGMENTS, segment)
      ? ID_SEGMENTS[segment as keyof typeof ID_SEGMENTS]
      : null;
    const id = name ? parseId(segments[index + 1] ?? '') : null;
    if (name && id !== null && ids[name] === undefined) ids[name] = id;
  });
  return ids;
}
