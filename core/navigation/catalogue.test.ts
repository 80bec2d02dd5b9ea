import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json' with { type: 'json' };
import { matchRoute, routes } from '../routes.ts';
import { breadcrumbs } from './breadcrumbs.ts';
import { cloudMenu } from './cloud-menu.ts';
import { DEVICE_MENU_TYPES, deviceMenu } from './device-menu.ts';
import { NAV_LABEL_KEYS } from './labels.ts';
import { LEVEL_LABEL_KEYS } from './levels.ts';
import { mainMenu } from './main-menu.ts';
import type { NavEntry } from './nav-entry.ts';
import { siteMenu } from './site-menu.ts';
import { smartNvrMenu } from './smartnvr-menu.ts';
import { byKey, navContext } from './test-context.ts';

// Every menu at its fullest, plus the variants that swap a label.
function everyEntry(): NavEntry[] {
  const full = navContext();
  const frames = [cloudMenu(full), cloudMenu(navContext({ siteFilterActive: true }))];
  return [
    ...mainMenu(full),
    ...mainMenu(navContext({ access: { roleId: 'ROLE_GUEST', permissions: 0 } })),
    ...frames.flatMap((frame) => [frame.footer, ...(frame.createSite ? [frame.createSite] : [])]),
    ...siteMenu(full),
    ...smartNvrMenu(full),
    ...DEVICE_MENU_TYPES.flatMap((productType) => deviceMenu(navContext({ device: { productType } }))),
  ].flatMap((entry) => [...byKey([entry]).values()]);
}

describe('navigation label keys', () => {
  it('lists each key once, shaped nav.area.phrase', () => {
    expect(new Set(NAV_LABEL_KEYS).size).toBe(NAV_LABEL_KEYS.length);
    for (const key of NAV_LABEL_KEYS) expect(key).toMatch(/^nav\.[a-z]+\.[a-z][A-Za-z0-9]*$/);
  });

  it('lists exactly the keys the menus, headers, levels and breadcrumbs use', () => {
    const headers = [cloudMenu(navContext()), cloudMenu(navContext({ siteFilterActive: true }))].map(
      (frame) => frame.headerKey,
    );
    const crumbs = breadcrumbs({
      cloud: { id: 1, name: 'c' },
      site: { id: 2, name: 's' },
      device: { id: 3, name: 'd' },
      pageTitle: 'p',
    });
    const used = new Set([
      ...everyEntry().map((entry) => entry.labelKey),
      ...headers,
      ...Object.values(LEVEL_LABEL_KEYS),
      ...crumbs.flatMap((crumb) => ('labelKey' in crumb ? [crumb.labelKey] : [])),
    ]);
    expect([...used].sort()).toEqual([...NAV_LABEL_KEYS].sort());
  });
});

describe('navigation links', () => {
  it('lead to pages of the route registry', () => {
    const hrefs = everyEntry().flatMap((entry) => (entry.href ? [entry.href] : []));
    expect(hrefs.length).toBeGreaterThan(50);
    for (const href of hrefs) expect(matchRoute(href), href).not.toBeNull();
  });

  // A page named in its menu in the same words as its title takes both from one key ("User management" once).
  it('name a page in the words of its title from the same key', () => {
    const text = (key: string) => (en as Record<string, string>)[key] ?? key;
    const twoKeys = everyEntry().flatMap((entry) => {
      const match = entry.href ? matchRoute(entry.href) : null;
      if (!match) return [];
      const titleKey = routes[match.key].titleKey;
      const same = text(entry.labelKey).toLowerCase() === text(titleKey).toLowerCase();
      return same && entry.labelKey !== titleKey ? [`${entry.labelKey} and ${titleKey}`] : [];
    });
    expect(twoKeys).toEqual([]);
  });

  it('keep keys unique within each menu', () => {
    const ctx = navContext();
    for (const menu of [mainMenu(ctx), siteMenu(ctx), smartNvrMenu(ctx), deviceMenu(ctx)]) {
      const keys = [...byKey(menu).keys()];
      const count = (entries: readonly NavEntry[]): number =>
        entries.reduce((total, entry) => total + 1 + count(entry.children ?? []), 0);
      expect(keys.length).toBe(count(menu));
    }
  });
});
