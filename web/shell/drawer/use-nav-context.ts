// Builds the navigation model's context (core/navigation/context.ts) from what the console knows: the
// signed-in user, the cloud, the active site filter, the licensed smart NVR and the page's objects.
import type { NavContext } from '../../../core/navigation/context.ts';
import { type DrawerLevel, levelTrail, navParamsFor, pageLevel } from '../../../core/navigation/levels.ts';
import { type Access, can } from '../../../core/policy.ts';
import { accessOf, type Me, type Membership } from '../../features/auth/index.ts';
import { useCloud } from '../../features/clouds/index.ts';
import {
  type PageObjects,
  useActiveSiteFilter,
  useSmartNvrLicense,
} from '../../features/navigation/index.ts';

export type PageNavigation = {
  readonly context: NavContext;
  /** The levels reachable from the page, the cloud first and the page's own level last. */
  readonly trail: readonly DrawerLevel[];
};

function pageAccess(membership: Membership, objects: PageObjects): Access {
  const permissions = objects.device?.site_permissions ?? objects.site?.site_permissions;
  const siteId = objects.device?.site_id ?? objects.site?.id ?? null;
  // A Site User's permissions on the page's site come with the navigation call.
  const sites = siteId !== null && permissions ? [{ siteId, permissions }] : [];
  return { roleId: membership.role_id, permissions: membership.permissions, sites };
}

/** The navigation context of the page; null outside a cloud the user belongs to. */
export function usePageNavigation(
  me: Me,
  pathname: string,
  cloudId: number | null,
  membership: Membership | null,
  objects: PageObjects,
): PageNavigation | null {
  const cloud = useCloud(membership ? cloudId : null);
  const siteFilterActive = useActiveSiteFilter(membership ? cloudId : null);
  const managesSnvr = membership !== null && can(accessOf(membership), 'manage_snvr');
  const license = useSmartNvrLicense(cloudId, managesSnvr);
  if (cloudId === null || membership === null) return null;

  const params = navParamsFor(
    pathname,
    { cloudId, userId: me.user.id },
    { siteId: objects.device?.site_id ?? undefined },
  );
  const { site, device } = objects;
  const context: NavContext = {
    access: pageAccess(membership, objects),
    theme: { addonsEnabled: me.theme.addons_enabled, supportToolsEnabled: me.theme.support_tools_enabled },
    user: { supportTools: me.user.support_tools },
    // Until the cloud is known, what depends on its plan and AuthPort stays hidden.
    cloud: cloud.data
      ? { plan_type: cloud.data.plan_type, authport_enabled: cloud.data.authport_enabled }
      : { plan_type: 'trial', authport_enabled: false },
    siteFilterActive,
    site: site
      ? { configEnabled: site.configEnabled, sdwanEnabled: site.sdwan_enabled }
      : device
        ? { configEnabled: device.site_config_enabled, sdwanEnabled: false }
        : null,
    device: device
      ? {
          productType: device.product_type,
          brandId: device.product_brand_id,
          mgmtdVersion: device.mgmtd_version,
          allowConfig: device.allow_config,
        }
      : null,
    licensedSmartNvrId: managesSnvr ? (license.data?.deviceId ?? null) : null,
    params,
  };
  // Pages outside the four levels (e.g. the admin tools) show the cloud menu.
  return { context, trail: levelTrail(pageLevel(pathname) ?? 'cloud', params) };
}
