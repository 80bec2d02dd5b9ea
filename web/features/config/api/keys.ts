// The query keys of a site's and a device's configuration (docs/configuration.md): the queries and the
// changes that must refresh them take their keys from here.
import type { SiteConfigDevicesQuery } from '../../../../core/api/config.ts';
import type { ConfigOwner } from './config-owner.ts';

export const configKeys = {
  all: (cloudId: number) => ['config', cloudId] as const,
  /** Everything about one site's configuration: its documents, diff, revisions and devices' progress. */
  site: (cloudId: number, siteId: number) => [...configKeys.all(cloudId), 'site', siteId] as const,
  siteDocuments: (cloudId: number, siteId: number) =>
    [...configKeys.site(cloudId, siteId), 'documents'] as const,
  siteDiff: (cloudId: number, siteId: number) => [...configKeys.site(cloudId, siteId), 'diff'] as const,
  /** Where each device of the site stands with the console's document: every page and filter of it. */
  siteDevices: (cloudId: number, siteId: number) => [...configKeys.site(cloudId, siteId), 'devices'] as const,
  siteDevicesPage: (cloudId: number, siteId: number, query: Omit<SiteConfigDevicesQuery, 'limit'>) =>
    [...configKeys.siteDevices(cloudId, siteId), query] as const,
  /** One device's configuration: its document, and under it its revisions. */
  device: (cloudId: number, deviceId: number) => [...configKeys.all(cloudId), 'device', deviceId] as const,
  revisions: (cloudId: number, owner: ConfigOwner, offset: number) =>
    [
      ...(owner.kind === 'site' ? configKeys.site(cloudId, owner.id) : configKeys.device(cloudId, owner.id)),
      'revisions',
      offset,
    ] as const,
};
