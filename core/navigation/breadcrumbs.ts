// docs/navigation.md#navigation-drawer breadcrumbs and document title. Names and titles come in already translated; the one fixed
// crumb, 'Devices', is an i18n key.
import { routes } from '../routes.ts';
import { ExternalLinkError, MissingNavValueError } from './errors.ts';
import type { NavLabelKey } from './labels.ts';
import { isExternalLink } from './links.ts';

export type NamedObject = { readonly id: number; readonly name: string };

export type BreadcrumbInput = {
  readonly cloud?: NamedObject | undefined;
  readonly site?: NamedObject | undefined;
  /** Needs the site it belongs to. */
  readonly device?: NamedObject | undefined;
  readonly smartnvr?: NamedObject | undefined;
  /** A page under another page, e.g. a client under the clients list. */
  readonly parent?: { readonly title: string; readonly href?: string | null | undefined } | undefined;
  readonly pageTitle: string;
};

/** The last crumb, the page itself, has no link. */
export type Breadcrumb = { readonly key: string; readonly href: string | null } & (
  | { readonly text: string }
  | { readonly labelKey: NavLabelKey }
);

/** Cloud name, site, 'Devices' and device name, smart recorder, optional parent title, page title. */
export function breadcrumbs(input: BreadcrumbInput): Breadcrumb[] {
  const { cloud, site, device, smartnvr, parent } = input;
  if ((site || device || smartnvr) && !cloud) throw new MissingNavValueError('cloud');
  if (device && !site) throw new MissingNavValueError('site');
  const crumbs: Breadcrumb[] = [];
  if (cloud) {
    crumbs.push({ key: 'cloud', text: cloud.name, href: routes.cloudDashboard.href({ cloudId: cloud.id }) });
  }
  if (cloud && site) {
    crumbs.push({ key: 'site', text: site.name, href: routes.siteDashboard.href({ siteId: site.id }) });
    if (device) {
      const ids = { siteId: site.id, deviceId: device.id };
      crumbs.push(
        {
          key: 'devices',
          labelKey: 'nav.common.devices',
          href: routes.siteDevices.href({ cloudId: cloud.id, siteId: site.id }),
        },
        { key: 'device', text: device.name, href: routes.deviceDashboard.href(ids) },
      );
    }
  }
  if (smartnvr) {
    crumbs.push({
      key: 'smartnvr',
      text: smartnvr.name,
      href: routes.smartNvrDashboard.href({ smartNvrId: smartnvr.id }),
    });
  }
  if (parent) {
    const href = parent.href ?? null;
    if (href !== null && isExternalLink(href)) throw new ExternalLinkError(href);
    crumbs.push({ key: 'parent', text: parent.title, href });
  }
  crumbs.push({ key: 'page', text: input.pageTitle, href: null });
  return crumbs;
}

/** docs/navigation.md#navigation-drawer: the page title plus the original title (the product name); the original alone without a page title. */
export function documentTitle(pageTitle: string | null | undefined, originalTitle: string): string {
  const page = pageTitle?.trim();
  return page ? `${page} | ${originalTitle}` : originalTitle;
}
