// What the drawer shows at each level (docs/navigation.md#navigation-drawer): one call for the shell, built from the menus.
import { type CloudMenu, cloudMenu } from './cloud-menu.ts';
import type { NavContext } from './context.ts';
import { deviceMenu } from './device-menu.ts';
import type { DrawerLevel } from './levels.ts';
import { mainMenu } from './main-menu.ts';
import { type NavEntry, withoutEmptyGroups } from './nav-entry.ts';
import { siteMenu } from './site-menu.ts';
import { smartNvrMenu } from './smartnvr-menu.ts';

export type DrawerMenu =
  | { readonly level: 'cloud'; readonly frame: CloudMenu; readonly entries: readonly NavEntry[] }
  | { readonly level: 'site' | 'smartnvr' | 'device'; readonly entries: readonly NavEntry[] };

/**
 * The menu of a drawer level, without entries whose page is not built yet (docs/navigation.md). Throws the
 * menus' errors, e.g. UnknownProductTypeError at the device level.
 */
export function drawerMenu(level: DrawerLevel, ctx: NavContext): DrawerMenu {
  switch (level) {
    case 'cloud':
      return { level, frame: cloudMenu(ctx), entries: withoutEmptyGroups(mainMenu(ctx)) };
    case 'site':
      return { level, entries: withoutEmptyGroups(siteMenu(ctx)) };
    case 'smartnvr':
      return { level, entries: withoutEmptyGroups(smartNvrMenu(ctx)) };
    case 'device':
      return { level, entries: withoutEmptyGroups(deviceMenu(ctx)) };
  }
}
