import { describe, expect, it } from 'vitest';
import { breadcrumbs, documentTitle } from './breadcrumbs.ts';
import { ExternalLinkError, MissingNavValueError } from './errors.ts';

const cloud = { id: 3, name: 'Demo Networks' };
const site = { id: 5, name: 'Harbour Office' };
const device = { id: 11, name: 'AP Lobby' };
const smartnvr = { id: 70, name: 'Recorder 1' };

describe('breadcrumbs (docs/navigation.md#navigation-drawer)', () => {
  it('lists cloud, site, Devices and device, parent and page, linking all but the page', () => {
    expect(
      breadcrumbs({
        cloud,
        site,
        device,
        parent: { title: 'Statistics', href: '/site/5/device/11/statistics/system' },
        pageTitle: 'System',
      }),
    ).toEqual([
      { key: 'cloud', text: 'Demo Networks', href: '/cloud/3/dashboard' },
      { key: 'site', text: 'Harbour Office', href: '/site/5/dashboard' },
      { key: 'devices', labelKey: 'nav.common.devices', href: '/v2/cloud/3/site/5/devices' },
      { key: 'device', text: 'AP Lobby', href: '/site/5/device/11/dashboard' },
      { key: 'parent', text: 'Statistics', href: '/site/5/device/11/statistics/system' },
      { key: 'page', text: 'System', href: null },
    ]);
  });

  it('puts the smart recorder after the cloud', () => {
    expect(
      breadcrumbs({ cloud, smartnvr, pageTitle: 'IP Cameras' }).map((crumb) => [crumb.key, crumb.href]),
    ).toEqual([
      ['cloud', '/cloud/3/dashboard'],
      ['smartnvr', '/smartnvr/70/dashboard'],
      ['page', null],
    ]);
  });

  it.each([
    ['only a page title', { pageTitle: 'Admin Panel' }, ['page']],
    ['a cloud', { cloud, pageTitle: 'Users' }, ['cloud', 'page']],
    ['a site', { cloud, site, pageTitle: 'Topology' }, ['cloud', 'site', 'page']],
    ['a device', { cloud, site, device, pageTitle: 'Ports' }, ['cloud', 'site', 'devices', 'device', 'page']],
    ['a parent', { cloud, parent: { title: 'Sites' }, pageTitle: 'Add' }, ['cloud', 'parent', 'page']],
    [
      'every part',
      { cloud, site, device, smartnvr, parent: { title: 'P' }, pageTitle: 'T' },
      ['cloud', 'site', 'devices', 'device', 'smartnvr', 'parent', 'page'],
    ],
  ])('with %s', (_, input, keys) => {
    expect(breadcrumbs(input).map((crumb) => crumb.key)).toEqual(keys);
  });

  it('gives a parent without a link no href', () => {
    expect(breadcrumbs({ cloud, parent: { title: 'Sites' }, pageTitle: 'Add' })[1]).toEqual({
      key: 'parent',
      text: 'Sites',
      href: null,
    });
  });

  it('refuses an external parent link', () => {
    expect(() =>
      breadcrumbs({ parent: { title: 'Away', href: 'https://evil.example' }, pageTitle: 'x' }),
    ).toThrow(ExternalLinkError);
  });

  it('needs the cloud of a site, device or recorder, and the site of a device', () => {
    expect(() => breadcrumbs({ site, pageTitle: 'x' })).toThrow(MissingNavValueError);
    expect(() => breadcrumbs({ smartnvr, pageTitle: 'x' })).toThrow(MissingNavValueError);
    expect(() => breadcrumbs({ cloud, device, pageTitle: 'x' })).toThrow(MissingNavValueError);
  });
});

describe('document title (docs/navigation.md#navigation-drawer)', () => {
  it('is the page title plus the original title', () => {
    expect(documentTitle('Site Dashboard', 'Network Console')).toBe('Site Dashboard | Network Console');
  });

  it.each([null, undefined, '', '   '])(
    'is the original title alone without a page title (%j)',
    (pageTitle) => {
      expect(documentTitle(pageTitle, 'Network Console')).toBe('Network Console');
    },
  );
});
