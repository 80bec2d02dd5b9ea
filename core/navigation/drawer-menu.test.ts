import { describe, expect, it } from 'vitest';
import { drawerMenu } from './drawer-menu.ts';
import { UnknownProductTypeError } from './errors.ts';
import { levelTrail, pageLevel } from './levels.ts';
import { IDS, keysOf, navContext } from './test-context.ts';

describe('drawer menu for a level', () => {
  it('frames the main side menu in the cloud menu at the cloud level', () => {
    const menu = drawerMenu('cloud', navContext({ siteFilterActive: true }));
    expect(menu.level).toBe('cloud');
    if (menu.level !== 'cloud') return;
    expect(menu.frame.headerKey).toBe('nav.cloud.groupHeader');
    expect(menu.entries.map((entry) => entry.key).slice(0, 2)).toEqual(['dashboard', 'devices']);
  });

  it('gives each level of a device page its own menu', () => {
    const ctx = navContext({ device: { productType: 'switch', mgmtdVersion: '1.4.9', allowConfig: false } });
    const trail = levelTrail(pageLevel('/site/5/device/11/ports'), IDS);
    const menus = trail.map((level) => keysOf(drawerMenu(level, ctx).entries));
    expect(menus[1]).toContain('wireless-clients');
    expect(menus[2]).toEqual(['dashboard', 'ports', 'activity']);
  });

  it('gives the smart NVR level its menu', () => {
    expect(keysOf(drawerMenu('smartnvr', navContext()).entries)).toEqual([
      'dashboard',
      'ip-cameras',
      'streaming',
      'tunnels',
      'activity',
    ]);
  });

  // docs/navigation.md: an entry whose page is not built yet is hidden, and so is a group left empty.
  it('leaves out the entries of pages not built yet', () => {
    const ctx = navContext();
    const cloud = keysOf(drawerMenu('cloud', ctx).entries);
    expect(cloud).toEqual(expect.arrayContaining(['users', 'addons', 'licenses', 'properties']));
    // Reports are built (docs/reports.md): shown with manage_sites.
    expect(cloud).toContain('reports');
    // The AuthPort pages are built (docs/guest-access.md): shown with manage_sites and AuthPort on.
    expect(cloud).toEqual(expect.arrayContaining(['authport', 'authport-accounts']));
    const site = keysOf(drawerMenu('site', ctx).entries);
    expect(site).toEqual(expect.arrayContaining(['dashboard', 'devices', 'activity', 'properties']));
    // The site map, floor maps and topology are built (docs/site-map.md, docs/floor-maps.md,
    // docs/topology.md): the Maps group shows them.
    expect(site).toEqual(expect.arrayContaining(['maps', 'google-map', 'floor-maps', 'topology']));
    // The configuration pages are built: offered with their anchors.
    expect(site).toEqual(expect.arrayContaining(['configuration', 'configuration-general-locale']));
    expect(keysOf(drawerMenu('device', ctx).entries)).toEqual([
      'dashboard',
      'statistics',
      'wireless',
      'networks',
      'system',
      'clients',
      'activity',
      'configuration',
    ]);
  });

  it('reports an unknown product type at the device level', () => {
    expect(() => drawerMenu('device', navContext({ device: { productType: 'toaster' } }))).toThrow(
      UnknownProductTypeError,
    );
  });
});
