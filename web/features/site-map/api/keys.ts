// The query keys of the site map; its query and its change take them from here.
export const siteMapKeys = {
  all: (cloudId: number) => ['site-map', cloudId] as const,
  site: (cloudId: number, siteId: number) => [...siteMapKeys.all(cloudId), siteId] as const,
};
