// Navigation context calls (docs/decisions.md: what the shell needs to draw a site, device or smart NVR page whose
// address carries no cloud id): names for the breadcrumbs, the cloud, and the facts the drawer menus use.
import { type Static, Type } from 'typebox';
import { SITE_PERMISSIONS } from '../domain.ts';

/** The caller's site-level permissions on the site (docs/roles.md), so the menus need no second call. */
const SitePermissionList = Type.Array(Type.Enum(SITE_PERMISSIONS));

/** GET /apiv2/navigation/site/:id */
export const NavigationSiteResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cloud_id: Type.Integer(),
  configEnabled: Type.Boolean(),
  sdwan_enabled: Type.Boolean(),
  allow_config: Type.Boolean(),
  site_permissions: SitePermissionList,
});
export type NavigationSite = Static<typeof NavigationSiteResponse>;

/** GET /apiv2/navigation/device/:id; allow_config follows the same rule as GET /apiv2/device/:id/allow-config. */
export const NavigationDeviceResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cloud_id: Type.Integer(),
  site_id: Type.Union([Type.Integer(), Type.Null()]),
  site_name: Type.Union([Type.String(), Type.Null()]),
  product_type: Type.String(),
  product_brand_id: Type.Integer(),
  mgmtd_version: Type.String(),
  allow_config: Type.Boolean(),
  /** The site's configEnabled, which the device menu's Configuration entry also needs. */
  site_config_enabled: Type.Boolean(),
  site_permissions: SitePermissionList,
});
export type NavigationDevice = Static<typeof NavigationDeviceResponse>;

/** GET /apiv2/navigation/smartnvr/:id */
export const NavigationSmartNvrResponse = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  cloud_id: Type.Integer(),
});
export type NavigationSmartNvr = Static<typeof NavigationSmartNvrResponse>;
