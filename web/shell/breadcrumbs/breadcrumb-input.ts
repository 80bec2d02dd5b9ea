// What the breadcrumbs of the current page name: its cloud, site, device or smart NVR, and its title.
import type { BreadcrumbInput } from '../../../core/navigation/breadcrumbs.ts';
import type { Membership } from '../../features/auth/index.ts';
import type { PageObjects } from '../../features/navigation/index.ts';

export function breadcrumbInput(
  cloudId: number | null,
  membership: Membership | null,
  objects: PageObjects,
  pageTitle: string,
): BreadcrumbInput {
  const cloud = cloudId !== null && membership ? { id: cloudId, name: membership.cloud_name } : undefined;
  const { device, smartnvr } = objects;
  const site =
    objects.site ??
    (device?.site_id != null && device.site_name !== null
      ? { id: device.site_id, name: device.site_name }
      : null);
  // Objects whose cloud is not known to the user yet cannot be placed; the page itself still is.
  if (!cloud) return { pageTitle };
  return {
    cloud,
    site: site ? { id: site.id, name: site.name } : undefined,
    device: site && device ? { id: device.id, name: device.name } : undefined,
    smartnvr: smartnvr ? { id: smartnvr.id, name: smartnvr.name } : undefined,
    pageTitle,
  };
}
