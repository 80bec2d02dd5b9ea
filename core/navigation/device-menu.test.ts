import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES, SITE_PERMISSIONS } from '../domain.ts';
import { productBrand } from '../product-catalogue.ts';
import { deviceMenu } from './device-menu.ts';
import { MissingNavValueError, UnknownProductTypeError } from './errors.ts';
import { access, byKey, type ContextOverrides, IDS, keysOf, navContext, outline } from './test-context.ts';

const WIFI_SET = ['dashboard', ['statistics', ['wireless', 'networks', 'system']], 'clients', 'activity'];
const WITHOUT_CLIENTS = ['dashboard', ['statistics', ['wireless', 'networks', 'system']], 'activity'];
const MESH_SET = ['dashboard', ['statistics', ['networks', 'system']], 'activity'];
const SWITCH_SET = ['dashboard', 'ports', 'activity'];

// Configuration is covered on its own below; these contexts leave it out.
const menuOf = (device: ContextOverrides['device']) =>
  deviceMenu(navContext({ device: { allowConfig: false, ...device } }));

describe('device menu (docs/navigation.md#navigation-drawer)', () => {
  it.each([
    ['wifi', 1, WIFI_SET],
    // Point-to-multipoint radios get the Wi-Fi set.
    ['ptmp', 51, WIFI_SET],
    ['glinq', 167, WIFI_SET],
    ['metrolinq', 146, WIFI_SET],
    ['mesh', 76, MESH_SET],
    ['gateway', 86, MESH_SET],
    ['switch', 96, [...SWITCH_SET, 'files']],
  ])('gives a %s device (brand %i) its entries', (productType, brandId, expected) => {
    expect(productBrand(brandId)?.productType).toBe(productType);
    expect(outline(menuOf({ productType, brandId, mgmtdVersion: '1.5.0' }))).toEqual(expected);
  });

  it('builds every link under /site/{siteId}/device/{deviceId}, Files under /v2', () => {
    const wifi = byKey(menuOf({ productType: 'wifi' }));
    const switchMenu = byKey(menuOf({ productType: 'switch', mgmtdVersion: '1.5.0' }));
    const hrefs = Object.fromEntries(
      [...wifi, ...switchMenu].map(([key, entry]) => [key, entry.href] as const),
    );
    expect(hrefs).toEqual({
      dashboard: '/site/5/device/11/dashboard',
      statistics: null,
      wireless: '/site/5/device/11/statistics/wireless',
      networks: '/site/5/device/11/statistics/networks',
      system: '/site/5/device/11/statistics/system',
      clients: '/site/5/device/11/clients',
      activity: '/site/5/device/11/activity',
      ports: '/site/5/device/11/ports',
      files: '/v2/cloud/3/site/5/device/11/device-files',
    });
    expect(wifi.get('statistics')?.labelKey).toBe('nav.device.statistics');
    expect(switchMenu.get('files')?.labelKey).toBe('nav.device.files');
  });

  it.each([153, 154, 161])('omits Clients for MetroLinq brand %i', (brandId) => {
    expect(outline(menuOf({ productType: 'metrolinq', brandId }))).toEqual(WITHOUT_CLIENTS);
  });

  it.each([152, 155, 160, 162])('keeps Clients for MetroLinq brand %i', (brandId) => {
    expect(outline(menuOf({ productType: 'metrolinq', brandId }))).toEqual(WIFI_SET);
  });

  it('applies the brand exception to MetroLinq only', () => {
    expect(outline(menuOf({ productType: 'wifi', brandId: 153 }))).toEqual(WIFI_SET);
  });

  it.each([
    ['1.4.9', false],
    ['1.5.0', true],
    ['1.5.0-12', true],
    ['1.10.0', true],
    ['2.0', true],
    ['1.4.10', false],
    ['', false],
    [null, false],
    ['unknown', false],
  ])('shows switch Files at management daemon version %j: %s', (mgmtdVersion, shown) => {
    expect(outline(menuOf({ productType: 'switch', brandId: 96, mgmtdVersion }))).toEqual(
      shown ? [...SWITCH_SET, 'files'] : SWITCH_SET,
    );
  });

  it('shows Files only on switches', () => {
    expect(keysOf(menuOf({ productType: 'gateway', mgmtdVersion: '9.9.9' }))).not.toContain('files');
  });

  describe('Configuration', () => {
    const siteUser = (permissions: readonly string[]) =>
      access('ROLE_USER', 0, [{ siteId: IDS.siteId, permissions }]);
    const withoutViewConfig = SITE_PERMISSIONS.filter((permission) => permission !== 'view_config');

    it('is added last, to /config, when config may be viewed, the site has it enabled and the device allows it', () => {
      const menu = deviceMenu(
        navContext({ access: siteUser(['view_config']), device: { productType: 'mesh' } }),
      );
      expect(menu.at(-1)).toEqual({
        key: 'configuration',
        labelKey: 'nav.common.configuration',
        href: '/site/5/device/11/config',
      });
      expect(outline(menu)).toEqual([...MESH_SET, 'configuration']);
    });

    it.each([
      ['the user may not view config', { access: siteUser(withoutViewConfig) }],
      ['the site has configuration disabled', { site: { configEnabled: false } }],
      ['the site is not known', { site: null }],
      ['the device does not allow config', { device: { allowConfig: false } }],
    ])('is left out when %s', (_, overrides) => {
      expect(keysOf(deviceMenu(navContext(overrides)))).not.toContain('configuration');
    });

    it('is added for every device type', () => {
      for (const productType of ['wifi', 'ptmp', 'metrolinq', 'mesh', 'gateway', 'switch', 'glinq']) {
        expect(keysOf(deviceMenu(navContext({ device: { productType } }))).at(-1)).toBe('configuration');
      }
    });
  });

  it('has a menu for every product type but the smart NVR, which has its own', () => {
    for (const productType of PRODUCT_TYPES.filter((type) => type !== 'smartnvr')) {
      expect(deviceMenu(navContext({ device: { productType } })).length).toBeGreaterThan(0);
    }
    expect(() => menuOf({ productType: 'smartnvr' })).toThrow(UnknownProductTypeError);
  });

  it.each(['router', '', 'WIFI'])('reports the unknown product type %j as such', (productType) => {
    expect(() => menuOf({ productType })).toThrow(UnknownProductTypeError);
    expect(() => menuOf({ productType })).toThrow(expect.objectContaining({ productType }));
  });

  it('needs the device and its ids', () => {
    expect(() => deviceMenu(navContext({ device: null }))).toThrow(MissingNavValueError);
    for (const name of ['cloudId', 'siteId', 'deviceId'] as const) {
      expect(() => deviceMenu(navContext({ params: { [name]: undefined } }))).toThrow(MissingNavValueError);
    }
  });
});
