// The query keys of a site's and a device's configuration (docs/configuration.md): the queries and the
// changes that must refresh them take their keys from here.
export const configKeys = {
  all: (cloudId: number) => ['config', cloudId] as const,
  /** Everything about one site's configuration: its documents, diff and revisions. */
  site: (cloudId: number, siteId: number) => [...configKeys.all(cloudId), 'site', siteId] as const,
  siteDocuments: (cloudId: number, siteId: number) =>
    [...configKeys.site(cloudId, siteId), 'documents'] as const,
  siteDiff: (cloudId: number, siteId: number) => [...configKeys.site(cloudId, siteId), 'diff'] as const,
  revisions: (cloudId: number, siteId: number, offset: number) =>
    [...configKeys.site(cloudId, siteId), 'revisions', offset] as const,
  device: (cloudId: number, deviceId: number) => [...configKeys.all(cloudId), 'device', deviceId] as const,
};
