// Every i18n key the navigation model hands to the shell (docs/navigation.md#side-menu, docs/navigation.md#navigation-drawer). The web checks that
// locales/en.json has each of them; the English texts live there, never here.
export const NAV_LABEL_KEYS = [
  // Shared by several menus and the breadcrumbs.
  'nav.common.dashboard',
  'nav.common.devices',
  'nav.common.activity',
  'nav.common.manage',
  'nav.common.notifications',
  'nav.common.addons',
  'nav.common.configuration',
  // docs/navigation.md#side-menu main side menu.
  'nav.main.smartnvr',
  'nav.main.sites',
  'nav.main.siteManagement',
  'nav.main.userManagement',
  'nav.main.changeLog',
  'nav.main.reportManagement',
  'nav.main.tools',
  'nav.main.licensing',
  'nav.main.licenses',
  'nav.main.vpc',
  'nav.main.properties',
  'nav.main.authport',
  'nav.main.authportServicePlans',
  'nav.main.authportAccounts',
  'nav.main.authportCertificate',
  'nav.main.authportCaptivePortals',
  'nav.main.authportHistory',
  // docs/navigation.md#navigation-drawer cloud menu and docs/navigation.md#top-bar-panels site picker.
  'nav.cloud.header',
  'nav.cloud.groupHeader',
  'nav.cloud.account',
  'nav.cloud.createSite',
  // docs/navigation.md#navigation-drawer site menu.
  'nav.site.configGeneralLocale',
  'nav.site.configWifi5Wireless',
  'nav.site.configWifi6Wireless',
  'nav.site.configMlWireless',
  'nav.site.configGlinqWireless',
  'nav.site.configSwitchSecurity',
  'nav.site.configTerragraphNetworkPlanning',
  'nav.site.configSdwanGroup',
  'nav.site.wirelessClients',
  'nav.site.maps',
  'nav.site.googleMap',
  'nav.site.floorMaps',
  'nav.site.topology',
  'nav.site.properties',
  // docs/navigation.md#navigation-drawer smart NVR menu.
  'nav.smartnvr.ipCameras',
  'nav.smartnvr.streaming',
  'nav.smartnvr.tunnels',
  // docs/navigation.md#navigation-drawer device menu.
  'nav.device.statistics',
  'nav.device.wireless',
  'nav.device.networks',
  'nav.device.system',
  'nav.device.clients',
  'nav.device.ports',
  'nav.device.files',
  // docs/navigation.md#navigation-drawer drawer levels, for the back and forward arrows.
  'nav.level.cloud',
  'nav.level.site',
  'nav.level.smartnvr',
  'nav.level.device',
] as const;

export type NavLabelKey = (typeof NAV_LABEL_KEYS)[number];
