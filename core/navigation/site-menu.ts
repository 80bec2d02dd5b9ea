// docs/navigation.md#navigation-drawer site menu.
import { can, sitePermissions } from '../policy.ts';
import { routes } from '../routes.ts';
import { type NavContext, requireParam } from './context.ts';
import type { NavLabelKey } from './labels.ts';
import { type NavEntry, navGroup, navHeading, navLink, navLinkWithChildren } from './nav-entry.ts';

type ConfigAnchor = (typeof routes.siteConfig.hashes)[number];

// docs/navigation.md#navigation-drawer: the anchors of the site configuration page, in this order; #sdwan-group only with its tab.
const CONFIG_ANCHORS: readonly (readonly [ConfigAnchor, NavLabelKey])[] = [
  ['general-locale', 'nav.site.configGeneralLocale'],
  ['wifi5-wireless', 'nav.site.configWifi5Wireless'],
  ['wifi6-wireless', 'nav.site.configWifi6Wireless'],
  ['ml-wireless', 'nav.site.configMlWireless'],
  ['glinq-wireless', 'nav.site.configGlinqWireless'],
  ['switch-security', 'nav.site.configSwitchSecurity'],
  ['terragraph-network-planning', 'nav.site.configTerragraphNetworkPlanning'],
];
const SDWAN_ANCHOR: readonly [ConfigAnchor, NavLabelKey] = ['sdwan-group', 'nav.site.configSdwanGroup'];

function configuration(siteId: number, sdwanEnabled: boolean): NavEntry {
  const anchors = sdwanEnabled ? [...CONFIG_ANCHORS, SDWAN_ANCHOR] : CONFIG_ANCHORS;
  return navLinkWithChildren(
    'configuration',
    'nav.common.configuration',
    routes.siteConfig.href({ siteId }),
    anchors.map(([hash, labelKey]) =>
      navLink(`configuration-${hash}`, labelKey, routes.siteConfig.href({ siteId }, { hash })),
    ),
  );
}

function manageEntries(ctx: NavContext, cloudId: number, siteId: number): NavEntry[] {
  const entries: NavEntry[] = [
    navGroup('maps', 'nav.site.maps', [
      navLink('google-map', 'nav.site.googleMap', routes.siteGoogleMap.href({ siteId })),
      navLink('floor-maps', 'nav.site.floorMaps', routes.siteFloorMaps.href({ siteId })),
      navLink('topology', 'nav.site.topology', routes.siteTopology.href({ cloudId, siteId })),
    ]),
  ];
  if (can(ctx.access, 'manage_licenses')) {
    entries.push(navLink('addons', 'nav.common.addons', routes.siteAddons.href({ siteId })));
  }
  entries.push(
    navLink('properties', 'nav.site.properties', routes.siteEdit.href({ cloudId, siteId })),
    navLink(
      'notifications',
      'nav.common.notifications',
      routes.siteNotificationSettings.href({ cloudId, siteId }),
    ),
  );
  return entries;
}

/** The site menu for the current site; needs params.cloudId and params.siteId. */
export function siteMenu(ctx: NavContext): NavEntry[] {
  const cloudId = requireParam(ctx.params, 'cloudId');
  const siteId = requireParam(ctx.params, 'siteId');
  const permissions = sitePermissions(ctx.access, siteId);
  const entries: NavEntry[] = [
    navLink('dashboard', 'nav.common.dashboard', routes.siteDashboard.href({ siteId })),
    navLink('devices', 'nav.common.devices', routes.siteDevices.href({ cloudId, siteId })),
  ];
  if (ctx.site?.configEnabled && permissions.has('view_config')) {
    entries.push(configuration(siteId, ctx.site.sdwanEnabled));
  }
  entries.push(
    navLink('activity', 'nav.common.activity', routes.siteActivity.href({ siteId })),
    navLink('wireless-clients', 'nav.site.wirelessClients', routes.siteClients.href({ siteId })),
  );
  if (permissions.has('edit_site')) {
    entries.push(...navHeading('manage', 'nav.common.manage', manageEntries(ctx, cloudId, siteId)));
  }
  return entries;
}
