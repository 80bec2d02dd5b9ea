import { describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION, SITE_PERMISSIONS } from '../domain.ts';
import { MissingNavValueError } from './errors.ts';
import { siteMenu } from './site-menu.ts';
import { access, byKey, IDS, keysOf, navContext, outline } from './test-context.ts';

const ANCHORS = [
  'general-locale',
  'wifi5-wireless',
  'wifi6-wireless',
  'ml-wireless',
  'glinq-wireless',
  'switch-security',
  'terragraph-network-planning',
];
const siteUser = (permissions: readonly string[], bits = 0) =>
  access('ROLE_USER', bits, [{ siteId: IDS.siteId, permissions }]);
const allBut = (missing: string) => SITE_PERMISSIONS.filter((permission) => permission !== missing);

describe('site menu (docs/navigation.md#navigation-drawer)', () => {
  it('gives an owner every entry, Configuration third, with its links', () => {
    const menu = siteMenu(navContext());
    expect(outline(menu)).toEqual([
      'dashboard',
      'devices',
      ['configuration', [...ANCHORS, 'sdwan-group'].map((hash) => `configuration-${hash}`)],
      'activity',
      'wireless-clients',
      [
        'manage',
        [['maps', ['google-map', 'floor-maps', 'topology']], 'addons', 'properties', 'notifications'],
      ],
    ]);
    const hrefs = Object.fromEntries([...byKey(menu)].map(([key, entry]) => [key, entry.href]));
    expect(hrefs).toEqual({
      dashboard: '/site/5/dashboard',
      devices: '/v2/cloud/3/site/5/devices',
      configuration: '/site/5/config',
      ...Object.fromEntries(
        [...ANCHORS, 'sdwan-group'].map((hash) => [`configuration-${hash}`, `/site/5/config#${hash}`]),
      ),
      activity: '/site/5/activity',
      'wireless-clients': '/site/5/clients',
      manage: null,
      maps: null,
      'google-map': '/site/5/google-map',
      'floor-maps': '/site/5/floor-maps',
      topology: '/v2/cloud/3/site/5/topology',
      addons: '/site/5/addons',
      properties: '/v2/cloud/3/site/5/edit',
      notifications: '/v2/cloud/3/site/5/notification-settings',
    });
    expect(byKey(menu).get('manage')).toMatchObject({ heading: true, labelKey: 'nav.common.manage' });
    expect(byKey(menu).get('configuration-ml-wireless')?.labelKey).toBe('nav.site.configMlWireless');
    expect(byKey(menu).get('wireless-clients')?.labelKey).toBe('nav.site.wirelessClients');
  });

  it('leaves out #sdwan-group when the SDWAN tab is off', () => {
    const anchors = byKey(siteMenu(navContext({ site: { sdwanEnabled: false } })))
      .get('configuration')
      ?.children?.map((entry) => entry.href);
    expect(anchors).toEqual(ANCHORS.map((hash) => `/site/5/config#${hash}`));
  });

  it.each([
    ['configuration enabled and view_config', { configEnabled: true }, SITE_PERMISSIONS, true],
    ['configuration disabled', { configEnabled: false }, SITE_PERMISSIONS, false],
    ['no view_config', { configEnabled: true }, allBut('view_config'), false],
  ])('shows Configuration with %s: %s', (_, site, permissions, shown) => {
    const menu = siteMenu(navContext({ access: siteUser(permissions), site }));
    expect(keysOf(menu).includes('configuration')).toBe(shown);
  });

  it('leaves Configuration out while the site is not known', () => {
    expect(keysOf(siteMenu(navContext({ site: null })))).not.toContain('configuration');
  });

  it('shows Configuration to a Guest, who may view config, but not the Manage heading', () => {
    const menu = siteMenu(navContext({ access: access('ROLE_GUEST', ALL_CLOUD_PERMISSIONS) }));
    expect(outline(menu).map((item) => (typeof item === 'string' ? item : item[0]))).toEqual([
      'dashboard',
      'devices',
      'configuration',
      'activity',
      'wireless-clients',
    ]);
  });

  it('shows the Manage heading only with edit_site', () => {
    expect(keysOf(siteMenu(navContext({ access: siteUser(['edit_site']) })))).toContain('manage');
    const without = keysOf(
      siteMenu(navContext({ access: siteUser(allBut('edit_site'), ALL_CLOUD_PERMISSIONS) })),
    );
    for (const key of ['manage', 'maps', 'google-map', 'topology', 'addons', 'properties', 'notifications']) {
      expect(without).not.toContain(key);
    }
  });

  it('reads edit_site for the current site only', () => {
    const elsewhere = access('ROLE_USER', 0, [{ siteId: 99, permissions: [...SITE_PERMISSIONS] }]);
    expect(keysOf(siteMenu(navContext({ access: elsewhere })))).toEqual([
      'dashboard',
      'devices',
      'activity',
      'wireless-clients',
    ]);
  });

  it('shows Add-ons under Manage only with manage_licenses', () => {
    const withBit = siteUser(['edit_site'], CLOUD_PERMISSION.manage_licenses);
    const withoutBit = siteUser(['edit_site'], ALL_CLOUD_PERMISSIONS & ~CLOUD_PERMISSION.manage_licenses);
    expect(keysOf(siteMenu(navContext({ access: withBit })))).toContain('addons');
    expect(outline(siteMenu(navContext({ access: withoutBit }))).at(-1)).toEqual([
      'manage',
      [['maps', ['google-map', 'floor-maps', 'topology']], 'properties', 'notifications'],
    ]);
  });

  it.each(['cloudId', 'siteId'] as const)('needs %s', (name) => {
    expect(() => siteMenu(navContext({ params: { [name]: undefined } }))).toThrow(MissingNavValueError);
  });
});
