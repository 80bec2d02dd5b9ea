// The query keys of the floor maps; their query and their changes take them from here.
export const floorMapKeys = {
  all: (cloudId: number) => ['floor-maps', cloudId] as const,
  site: (cloudId: number, siteId: number) => [...floorMapKeys.all(cloudId), siteId] as const,
};
