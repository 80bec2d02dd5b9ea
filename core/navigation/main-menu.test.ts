import { describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION, PLAN_TYPES } from '../domain.ts';
import { MissingNavValueError } from './errors.ts';
import { mainMenu } from './main-menu.ts';
import { access, byKey, IDS, keysOf, navContext, outline } from './test-context.ts';

const { manage_licenses, manage_snvr, manage_vpc, manage_sites } = CLOUD_PERMISSION;
const ALL = ALL_CLOUD_PERMISSIONS;

describe('main side menu (docs/navigation.md#side-menu)', () => {
  it('gives an owner of a VPC cloud with AuthPort every entry, in order, with its link', () => {
    const menu = mainMenu(navContext());
    expect(outline(menu)).toEqual([
      'dashboard',
      'devices',
      'clients',
      'smartnvr',
      'activity',
      'sites',
      [
        'manage',
        [
          'users',
          'change-log',
          'webhooks',
          'api-tokens',
          'single-sign-on',
          'reports',
          'tools',
          ['licensing', ['addons', 'licenses']],
          'vpc',
          'properties',
          [
            'authport',
            [
              'authport-service-plans',
              'authport-accounts',
              'authport-certificate',
              'authport-captive-portals',
              'authport-history',
            ],
          ],
          'notifications',
        ],
      ],
    ]);
    const hrefs = Object.fromEntries([...byKey(menu)].map(([key, entry]) => [key, entry.href]));
    expect(hrefs).toEqual({
      dashboard: '/cloud/3/dashboard',
      devices: '/v2/cloud/3/devices',
      clients: '/v2/cloud/3/clients',
      smartnvr: '/smartnvr/70/dashboard',
      activity: '/cloud/3/activity',
      sites: '/v2/cloud/3/sites',
      manage: null,
      users: '/v2/cloud/3/users',
      'change-log': '/v2/cloud/3/change-log',
      webhooks: '/v2/cloud/3/webhooks',
      'api-tokens': '/v2/cloud/3/api-tokens',
      'single-sign-on': '/v2/cloud/3/single-sign-on',
      reports: '/v2/cloud/3/report',
      tools: '/v2/cloud/3/tools',
      licensing: null,
      addons: '/cloud/3/addons',
      licenses: '/cloud/3/licenses',
      vpc: '/cloud/3/vpc',
      properties: '/v2/cloud/3/edit',
      authport: null,
      'authport-service-plans': '/v2/cloud/3/authport/service-plans',
      'authport-accounts': '/v2/cloud/3/authport/accounts',
      'authport-certificate': '/v2/cloud/3/authport/certificate',
      'authport-captive-portals': '/v2/cloud/3/authport/captive-portals',
      'authport-history': '/v2/cloud/3/authport/history',
      notifications: '/v2/cloud/3/notification-settings',
    });
    const labels = Object.fromEntries([...byKey(menu)].map(([key, entry]) => [key, entry.labelKey]));
    expect(labels).toMatchObject({
      dashboard: 'nav.common.dashboard',
      clients: 'nav.main.clients',
      smartnvr: 'nav.main.smartnvr',
      sites: 'nav.main.siteManagement',
      manage: 'nav.common.manage',
      users: 'nav.main.userManagement',
      'change-log': 'nav.main.changeLog',
      reports: 'nav.main.reportManagement',
      licensing: 'nav.main.licensing',
      authport: 'nav.main.authport',
      notifications: 'nav.common.notifications',
    });
    expect(byKey(menu).get('manage')?.heading).toBe(true);
  });

  it('always gives Dashboard, Devices, Clients, Activity and Sites, and no Manage heading when nothing is under it', () => {
    const menu = mainMenu(
      navContext({
        access: access('ROLE_GUEST', 0),
        user: { supportTools: false },
        licensedSmartNvrId: null,
      }),
    );
    expect(outline(menu)).toEqual(['dashboard', 'devices', 'clients', 'activity', 'sites']);
    expect(menu.find((entry) => entry.key === 'sites')?.labelKey).toBe('nav.main.sites');
  });

  it('names Sites "Site management" only with manage_sites', () => {
    const label = (bits: number) =>
      mainMenu(navContext({ access: access('ROLE_ADMIN', bits) })).find((entry) => entry.key === 'sites')
        ?.labelKey;
    expect(label(manage_sites)).toBe('nav.main.siteManagement');
    expect(label(ALL & ~manage_sites)).toBe('nav.main.sites');
  });

  it.each([
    ['manage_snvr and a licensed smart NVR', ALL, IDS.smartNvrId, true],
    ['a licensed smart NVR without manage_snvr', ALL & ~manage_snvr, IDS.smartNvrId, false],
    ['manage_snvr without a licensed smart NVR', ALL, null, false],
  ] as const)('shows Smart NVR with %s: %s', (_, bits, licensedSmartNvrId, shown) => {
    const menu = mainMenu(navContext({ access: access('ROLE_ADMIN', bits), licensedSmartNvrId }));
    expect(keysOf(menu).includes('smartnvr')).toBe(shown);
  });

  it('links Smart NVR to the licensed recorder', () => {
    const menu = mainMenu(navContext({ licensedSmartNvrId: 123 }));
    expect(byKey(menu).get('smartnvr')?.href).toBe('/smartnvr/123/dashboard');
  });

  it.each([
    ['ROLE_OWNER', true],
    ['ROLE_ADMIN', true],
    ['ROLE_GUEST', false],
    ['ROLE_USER', false],
  ] as const)('shows User management to %s: %s', (role, shown) => {
    const menu = mainMenu(navContext({ access: access(role, ALL) }));
    expect(keysOf(menu).includes('users')).toBe(shown);
    expect(keysOf(menu).includes('change-log')).toBe(shown);
  });

  it.each([
    ['reports', manage_sites],
    ['notifications', manage_sites],
    ['properties', manage_licenses],
  ] as const)('shows %s only with its permission bit', (key, bit) => {
    expect(keysOf(mainMenu(navContext({ access: access('ROLE_ADMIN', bit) })))).toContain(key);
    expect(keysOf(mainMenu(navContext({ access: access('ROLE_ADMIN', ALL & ~bit) })))).not.toContain(key);
  });

  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])(
    'shows Tools when the theme enables support tools (%s) and the user has them (%s): %s',
    (theme, user, shown) => {
      const menu = mainMenu(
        navContext({ theme: { supportToolsEnabled: theme }, user: { supportTools: user } }),
      );
      expect(keysOf(menu).includes('tools')).toBe(shown);
    },
  );

  it.each([
    [ALL, true, true],
    [ALL, false, false],
    [ALL & ~manage_licenses, true, false],
  ])('shows Add-ons, Licenses & Billing with bits %i and the add-on flag %s: %s', (bits, addons, shown) => {
    const menu = mainMenu(
      navContext({ access: access('ROLE_ADMIN', bits), theme: { addonsEnabled: addons } }),
    );
    expect(keysOf(menu).includes('licensing')).toBe(shown);
  });

  it.each(
    PLAN_TYPES.flatMap((plan) => [
      [plan, ALL, plan === 'vpc'],
      [plan, ALL & ~manage_vpc, false],
    ]),
  )('shows VPC on a %s plan with bits %i: %s', (plan, bits, shown) => {
    const menu = mainMenu(navContext({ access: access('ROLE_ADMIN', bits), cloud: { plan_type: plan } }));
    expect(keysOf(menu).includes('vpc')).toBe(shown);
  });

  it.each([
    [ALL, true, true],
    [ALL, false, false],
    [ALL & ~manage_sites, true, false],
  ])('shows the AuthPort submenu with bits %i and authport_enabled %s: %s', (bits, enabled, shown) => {
    const menu = mainMenu(
      navContext({ access: access('ROLE_ADMIN', bits), cloud: { authport_enabled: enabled } }),
    );
    expect(keysOf(menu).includes('authport')).toBe(shown);
    expect(keysOf(menu).includes('authport-history')).toBe(shown);
  });

  it('fills the links with the current cloud', () => {
    const menu = mainMenu(navContext({ params: { cloudId: 41 } }));
    expect(byKey(menu).get('users')?.href).toBe('/v2/cloud/41/users');
  });

  it('needs the current cloud', () => {
    expect(() => mainMenu(navContext({ params: { cloudId: undefined } }))).toThrow(MissingNavValueError);
  });
});
