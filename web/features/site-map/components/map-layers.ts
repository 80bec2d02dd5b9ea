// The site map's Leaflet pieces (docs/site-map.md): the tile layer and its attribution, the plain coordinate
// grid drawn when no tile loads, and the markers' icons.
import L from 'leaflet';
import type { MapTiles } from '../../../../core/api/site-map.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The attribution the tiles' license asks for, as Leaflet's attribution control shows it. */
export function attributionHtml(tiles: MapTiles): string {
  const text = escapeHtml(tiles.attribution_text);
  if (!tiles.attribution_url) return text;
  return `<a href="${escapeHtml(tiles.attribution_url)}" rel="noopener noreferrer" target="_blank">${text}</a>`;
}

export function tileLayer(tiles: MapTiles): L.TileLayer {
  return L.tileLayer(tiles.url, { attribution: attributionHtml(tiles), maxZoom: 19, crossOrigin: true });
}

const GridLayer: new (options: L.GridLayerOptions) => L.GridLayer = L.GridLayer.extend({
  createTile(this: L.GridLayer & { _map: L.Map }, coords: L.Coords) {
    const tile = document.createElement('div');
    tile.className = 'site-map-grid-tile';
    tile.setAttribute('aria-hidden', 'true');
    const corner = this._map.unproject(coords.scaleBy(this.getTileSize()), coords.z);
    tile.textContent = `${corner.lat.toFixed(4)}, ${corner.lng.toFixed(4)}`;
    return tile;
  },
});

/** The plain coordinate grid: each tile's edges, with the coordinates of its north-west corner. */
export function gridLayer(): L.GridLayer {
  return new GridLayer({ maxZoom: 22 });
}

/** A device's marker: a dot in its health's colour, its name for assistive technology. */
export function deviceIcon(colour: string, selected: boolean): L.DivIcon {
  const size = selected ? 22 : 18;
  return L.divIcon({
    className: 'site-map-marker',
    html: `<span class="site-map-dot" style="background:${colour};width:${size}px;height:${size}px"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** A cluster's marker: the count of the devices it holds. */
export function clusterIcon(count: number, colour: string): L.DivIcon {
  return L.divIcon({
    className: 'site-map-marker',
    html: `<span class="site-map-cluster" style="background:${colour}">${count}</span>`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
  });
}

/** Names a marker for assistive technology and the keyboard (Leaflet makes it focusable). */
export function labelMarker(marker: L.Marker, label: string): void {
  const element = marker.getElement();
  if (!element) return;
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', label);
  element.removeAttribute('title');
}
