// Grid clustering of the site map's markers (docs/site-map.md#markers): markers whose screen positions fall
// in one square cell at the current zoom are drawn as one cluster with their count.

/** The side of a cluster cell, in screen pixels. */
export const CLUSTER_CELL_PX = 48;

export type ScreenPoint<T> = { readonly item: T; readonly x: number; readonly y: number };

/** Groups the points by cell, in the order of their first point; a group of one is a plain marker. */
export function clusterByCell<T>(points: readonly ScreenPoint<T>[], cell = CLUSTER_CELL_PX): T[][] {
  const groups = new Map<string, T[]>();
  for (const point of points) {
    const key = `${Math.floor(point.x / cell)}:${Math.floor(point.y / cell)}`;
    const group = groups.get(key);
    if (group) group.push(point.item);
    else groups.set(key, [point.item]);
  }
  return [...groups.values()];
}
