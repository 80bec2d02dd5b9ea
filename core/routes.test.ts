import { describe, expect, it } from 'vitest';
import { allRoutePatterns, matchRoute, ROUTE_KEYS, readPathIds, routes } from './routes.ts';

// docs/navigation.md#routes and the drawer links of docs/navigation.md#navigation-drawer: the registry must know every one of these.
const REQUIRED_PATTERNS = [
  '/cloud/:cloudId/dashboard',
  '/cloud/:cloudId/activity',
  '/cloud/:cloudId/addons',
  '/cloud/:cloudId/licenses',
  '/cloud/:cloudId/vpc',
  '/cloud/:cloudId',
  '/site/:siteId',
  '/site/:siteId/dashboard',
  '/site/:siteId/client/:clientId',
  '/device/:deviceId',
  '/smartnvr/:smartNvrId',
  '/smartnvr/:smartNvrId/dashboard',
  ...[
    'devices',
    'clients',
    'sites',
    'sites/add',
    'users',
    'report',
    'tools',
    'edit',
    'clouds',
    'profile',
    'account-security',
    'linqpath',
    'notification-settings',
    'site-filter/add',
    'authport/service-plans',
    'authport/accounts',
    'authport/certificate',
    'authport/captive-portals',
    'authport/history',
  ].map((page) => `/v2/cloud/:cloudId/${page}`),
  '/admintools',
  '/welcome/logout',
  '/welcome/login',
  '/voucher',
  ...['activity', 'clients', 'config', 'google-map', 'floor-maps', 'addons'].map(
    (page) => `/site/:siteId/${page}`,
  ),
  '/site/:siteId/device/:deviceId',
  ...[
    'dashboard',
    'statistics/wireless',
    'statistics/networks',
    'statistics/system',
    'clients',
    'activity',
    'ports',
    'config',
  ].map((page) => `/site/:siteId/device/:deviceId/${page}`),
  ...['devices', 'topology', 'edit', 'notification-settings'].map(
    (page) => `/v2/cloud/:cloudId/site/:siteId/${page}`,
  ),
  '/v2/cloud/:cloudId/site/:siteId/device/:deviceId/device-files',
  '/smartnvr/:smartNvrId/activity',
  ...['ipcams', 'streaming', 'tunnels'].map((page) => `/v2/cloud/:cloudId/smartnvr/:smartNvrId/${page}`),
];

const SAMPLE_IDS: Record<string, number> = {
  cloudId: 3,
  siteId: 41,
  deviceId: 5120,
  smartNvrId: 9,
  clientId: 77,
};

function paramsFor(path: string): Record<string, number> {
  const params: Record<string, number> = {};
  for (const segment of path.split('/')) {
    if (segment.startsWith(':')) params[segment.slice(1)] = SAMPLE_IDS[segment.slice(1)] ?? 1;
  }
  return params;
}

describe('route registry', () => {
  it('holds every route of docs/navigation.md', () => {
    const patterns = allRoutePatterns();
    for (const pattern of REQUIRED_PATTERNS) expect(patterns).toContain(pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('has no two patterns that could match the same path', () => {
    const patterns = allRoutePatterns().map((pattern) => pattern.split('/'));
    for (const [i, a] of patterns.entries()) {
      for (const b of patterns.slice(i + 1)) {
        const overlap =
          a.length === b.length &&
          a.every((seg, k) => seg === b[k] || seg.startsWith(':') || b[k]?.startsWith(':'));
        expect(overlap, `${a.join('/')} overlaps ${b.join('/')}`).toBe(false);
      }
    }
  });

  // A page its menu names in the same words takes its title from the menu's key (core/navigation/labels.ts).
  it('gives every route a title key of its own or of the menu entry that names it', () => {
    for (const key of ROUTE_KEYS) {
      expect(routes[key].titleKey).toMatch(/^(routes\.title\.[a-zA-Z]+|nav\.[a-z]+\.[a-zA-Z0-9]+)$/);
    }
  });

  it.each(ROUTE_KEYS)('round-trips %s through href and matchRoute', (key) => {
    const route = routes[key];
    const params = paramsFor(route.path);
    const href = (route.href as (p: Record<string, number>) => string)(params);
    expect(href).not.toContain(':');
    expect(matchRoute(href)).toEqual({ key, params });
  });
});

describe('matchRoute', () => {
  it('parses ids as numbers', () => {
    expect(matchRoute('/v2/cloud/12/site/7/device/900/device-files')).toEqual({
      key: 'deviceFiles',
      params: { cloudId: 12, siteId: 7, deviceId: 900 },
    });
  });

  it.each([
    '/cloud/0/dashboard',
    '/cloud/-1/dashboard',
    '/cloud/abc/dashboard',
    '/cloud/1.5/dashboard',
    '/cloud/01/dashboard',
    '/cloud/1e3/dashboard',
    '/cloud/99999999999999999999/dashboard',
    '/site//dashboard',
  ])('rejects the bad id in %s', (path) => {
    expect(matchRoute(path)).toBeNull();
  });

  it.each(['/nope', '/cloud/3/nope', '/cloud/3/dashboard/extra', 'cloud/3/dashboard', '', '/v2/cloud/3'])(
    'returns null for the unknown path %s',
    (path) => {
      expect(matchRoute(path)).toBeNull();
    },
  );

  it('ignores a trailing slash, query and hash', () => {
    expect(matchRoute('/cloud/3/activity/?status=RUNNING%2BPENDING#alert')).toEqual({
      key: 'cloudActivity',
      params: { cloudId: 3 },
    });
    expect(matchRoute('/')).toEqual({ key: 'home', params: {} });
  });
});

describe('readPathIds', () => {
  it('reads ids from the cloud, site, device, addon, site-filter and smartnvr segments', () => {
    expect(readPathIds('/v2/cloud/3/site/4/device/5/device-files')).toEqual({
      cloudId: 3,
      siteId: 4,
      deviceId: 5,
    });
    expect(readPathIds('/v2/cloud/3/smartnvr/6/ipcams')).toEqual({ cloudId: 3, smartNvrId: 6 });
    expect(readPathIds('/cloud/3/addon/12/site-filter/13')).toEqual({
      cloudId: 3,
      addonId: 12,
      siteFilterId: 13,
    });
  });

  it('skips segments whose next segment is not an id', () => {
    expect(readPathIds('/v2/cloud/3/site-filter/add')).toEqual({ cloudId: 3 });
    expect(readPathIds('/cloud/x/dashboard')).toEqual({});
  });
});
