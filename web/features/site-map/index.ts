// What the site map feature offers the other features: its Leaflet map, read-only (docs/site-map.md#elsewhere).

export { PointsMap, type PointsMapProps } from './components/points-map.tsx';
export { type MapPoint, TILE_WAIT_MS } from './components/site-leaflet-map.tsx';
