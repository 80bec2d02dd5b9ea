// What the site map feature offers the other features: its Leaflet map, read-only (docs/site-map.md#elsewhere),
// and its query keys, for the live event stream.

export { siteMapKeys } from './api/keys.ts';
export { PointsMap, type PointsMapProps } from './components/points-map.tsx';
export { type MapPoint, TILE_WAIT_MS } from './components/site-leaflet-map.tsx';
