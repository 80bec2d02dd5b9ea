import { describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION } from '../domain.ts';
import { cloudMenu, siteChoiceHref } from './cloud-menu.ts';
import { MissingNavValueError } from './errors.ts';
import { access, navContext } from './test-context.ts';

describe('cloud menu (docs/navigation.md#navigation-drawer)', () => {
  it('is headed "Cloud Menu", or "Group Menu" while a saved site filter is active', () => {
    expect(cloudMenu(navContext({ siteFilterActive: false })).headerKey).toBe('nav.cloud.header');
    expect(cloudMenu(navContext({ siteFilterActive: true })).headerKey).toBe('nav.cloud.groupHeader');
  });

  it('offers the site-group filter and Create a new site only to users who can manage sites', () => {
    const manager = cloudMenu(navContext({ access: access('ROLE_ADMIN', CLOUD_PERMISSION.manage_sites) }));
    expect(manager.sitePicker).toBe('site-group-filter');
    expect(manager.createSite).toEqual({
      key: 'create-site',
      labelKey: 'nav.cloud.createSite',
      href: '/v2/cloud/3/sites/add',
    });
    const others = cloudMenu(
      navContext({ access: access('ROLE_ADMIN', ALL_CLOUD_PERMISSIONS & ~CLOUD_PERMISSION.manage_sites) }),
    );
    expect(others.sitePicker).toBe('site-selector');
    expect(others.createSite).toBeNull();
  });

  it('gives a plain site selector to a Site User', () => {
    expect(cloudMenu(navContext({ access: access('ROLE_USER', 0) })).sitePicker).toBe('site-selector');
  });

  it('links the account footer to Manage Clouds of the current cloud', () => {
    expect(cloudMenu(navContext({ params: { cloudId: 17 } })).footer).toEqual({
      key: 'account',
      labelKey: 'nav.cloud.account',
      href: '/v2/cloud/17/clouds',
    });
  });

  it('has no entries of its own', () => {
    expect(Object.keys(cloudMenu(navContext()))).toEqual(['headerKey', 'sitePicker', 'createSite', 'footer']);
  });

  it('sends a chosen site to its default dashboard', () => {
    expect(siteChoiceHref(42)).toBe('/site/42/dashboard#default');
  });

  it('needs the current cloud', () => {
    expect(() => cloudMenu(navContext({ params: { cloudId: undefined } }))).toThrow(MissingNavValueError);
  });
});
