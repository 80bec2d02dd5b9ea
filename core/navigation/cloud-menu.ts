// docs/navigation.md#navigation-drawer cloud menu: the frame of the drawer's cloud level. Its own entries are not shown; the
// drawer lists the main side menu (main-menu.ts) inside it.
import { can } from '../policy.ts';
import { routes } from '../routes.ts';
import { type NavContext, requireParam } from './context.ts';
import type { NavLabelKey } from './labels.ts';
import { type NavEntry, navLink } from './nav-entry.ts';

export type SitePickerKind = 'site-group-filter' | 'site-selector';

export type CloudMenu = {
  readonly headerKey: NavLabelKey;
  /** Users who can manage sites filter by site groups; others get a plain site selector. */
  readonly sitePicker: SitePickerKind;
  /** docs/navigation.md#top-bar-panels: 'Create a new site' in the site picker, for users with manage_sites. */
  readonly createSite: NavEntry | null;
  readonly footer: NavEntry;
};

/** The cloud menu frame for the current cloud; needs params.cloudId. */
export function cloudMenu(ctx: NavContext): CloudMenu {
  const cloudId = requireParam(ctx.params, 'cloudId');
  const managesSites = can(ctx.access, 'manage_sites');
  return {
    headerKey: ctx.siteFilterActive ? 'nav.cloud.groupHeader' : 'nav.cloud.header',
    sitePicker: managesSites ? 'site-group-filter' : 'site-selector',
    createSite: managesSites
      ? navLink('create-site', 'nav.cloud.createSite', routes.sitesAdd.href({ cloudId }))
      : null,
    footer: navLink('account', 'nav.cloud.account', routes.clouds.href({ cloudId })),
  };
}

/** Where choosing a site in the cloud menu goes. */
export function siteChoiceHref(siteId: number): string {
  return routes.siteDashboard.href({ siteId }, { hash: 'default' });
}
