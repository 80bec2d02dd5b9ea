// The title of each kind of configuration: the site page's section, as the site menu's anchors name them.
import type { ConfigType } from '../../../../core/config/document.ts';
import { SECTION_OF } from '../../../../core/config/document.ts';

export const TYPE_TITLE_KEYS = {
  wifi5: 'nav.site.configWifi5Wireless',
  wifi6: 'nav.site.configWifi6Wireless',
  ml: 'nav.site.configMlWireless',
  glinq: 'nav.site.configGlinqWireless',
  switch: 'nav.site.configSwitchSecurity',
  terragraph: 'nav.site.configTerragraphNetworkPlanning',
  gateway: 'nav.site.configSdwanGroup',
} as const satisfies Record<ConfigType, string>;

/** The anchor of a kind's section on the site page (core/routes.ts siteConfigHashes). */
export const sectionAnchor = (type: ConfigType) => SECTION_OF[type].replaceAll('_', '-');
export const GENERAL_ANCHOR = 'general-locale';
