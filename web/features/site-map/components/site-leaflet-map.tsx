// The site map itself (docs/site-map.md): Leaflet with the deployment's tiles, or a plain coordinate grid
// when no tile loads; markers (devices, or sites on the dashboards) clustered by screen cell, radio links as
// lines, dragging with edit_map.
import 'leaflet/dist/leaflet.css';
import Box from '@mui/material/Box';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import type { MapTiles, SiteMapDevice, SiteMapLink } from '../../../../core/api/site-map.ts';
import { clusterByCell } from './clusters.ts';
import { clusterIcon, deviceIcon, gridLayer, labelMarker, tileLayer } from './map-layers.ts';

/** docs/site-map.md#tiles: with no tile loaded by then, the map draws on the grid. */
export const TILE_WAIT_MS = 8000;
/** The zoom a site opens at when it has one place to show. */
const SITE_ZOOM = 16;
/** Coordinates are saved to about 10 cm. */
const round = (value: number) => Math.round(value * 1e6) / 1e6;

export type PlacedDevice = SiteMapDevice & { readonly latitude: number; readonly longitude: number };
/** Anything drawn as a marker: a placed device, or a site with coordinates. */
export type MapPoint = { readonly id: number; readonly latitude: number; readonly longitude: number };

export type SiteLeafletMapProps<T extends MapPoint> = {
  readonly label: string;
  readonly tiles: MapTiles;
  readonly grid: boolean;
  /** A fixed height in pixels (a dashboard card); by default the map fills the page. */
  readonly height?: number;
  readonly center: readonly [number, number] | null;
  readonly devices: readonly T[];
  readonly links: readonly SiteMapLink[];
  readonly selectedId: number | null;
  readonly draggable: boolean;
  readonly placing: boolean;
  /** Where the device being moved stands: the map centres on it, so Enter alone leaves it in place. */
  readonly placingFrom?: readonly [number, number] | null;
  readonly colourOf: (device: T) => string;
  readonly linkColour: (link: SiteMapLink) => string;
  readonly clusterColour: string;
  readonly describe: (device: T) => string;
  readonly describeCluster: (count: number) => string;
  readonly onSelect: (deviceId: number) => void;
  readonly onMove: (device: T, latitude: number, longitude: number) => void;
  readonly onPick: (latitude: number, longitude: number) => void;
  readonly onTilesFailed: () => void;
};

export function SiteLeafletMap<T extends MapPoint>(props: SiteLeafletMapProps<T>) {
  const container = useRef<HTMLElement>(null);
  const map = useRef<L.Map | null>(null);
  const layers = useRef<{ links: L.LayerGroup; markers: L.LayerGroup } | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const [zoom, setZoom] = useState<number | null>(null);
  const viewSet = useRef(false);

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { worldCopyJump: true });
    created.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    const links = L.layerGroup().addTo(created);
    const markers = L.layerGroup().addTo(created);
    layers.current = { links, markers };
    created.on('zoomend', () => setZoom(created.getZoom()));
    created.on('click', (event: L.LeafletMouseEvent) => {
      if (latest.current.placing) latest.current.onPick(round(event.latlng.lat), round(event.latlng.lng));
    });
    // From the keyboard: move the map with the arrow keys, then Enter places the device at its centre.
    created.on('keypress', (event: L.LeafletKeyboardEvent) => {
      if (!latest.current.placing || event.originalEvent.key !== 'Enter') return;
      const centre = created.getCenter();
      latest.current.onPick(round(centre.lat), round(centre.lng));
    });
    created.setView([20, 0], 2);
    map.current = created;
    setZoom(created.getZoom());
    // The page's layout can change the map's size (the drawer, a card beside it): Leaflet measures again.
    const resized =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => created.invalidateSize());
    resized?.observe(container.current);
    return () => {
      resized?.disconnect();
      created.remove();
      map.current = null;
    };
  }, []);

  // Tiles while they load; the grid once one fails or none has come in time.
  const { grid, tiles } = props;
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    if (grid) {
      const layer = gridLayer().addTo(current);
      return () => void layer.remove();
    }
    const layer = tileLayer(tiles);
    let loaded = false;
    const fail = () => latest.current.onTilesFailed();
    layer.on('tileload', () => {
      loaded = true;
    });
    layer.on('tileerror', fail);
    const timer = setTimeout(() => {
      if (!loaded) fail();
    }, TILE_WAIT_MS);
    layer.addTo(current);
    return () => {
      clearTimeout(timer);
      // Removed first: its attribution leaves the map on its 'remove' event.
      layer.remove();
      layer.off();
    };
  }, [grid, tiles]);

  // The first view: every placed device, else the site's own place.
  const { devices, center } = props;
  useEffect(() => {
    const current = map.current;
    if (!current || viewSet.current) return;
    const sized = current.getSize().x > 0;
    if (devices.length > 1 && sized) {
      current.fitBounds(L.latLngBounds(devices.map((d) => [d.latitude, d.longitude])), {
        padding: [40, 40],
        maxZoom: 18,
      });
    } else if (devices[0] || center) {
      const first = devices[0];
      current.setView(
        first ? [first.latitude, first.longitude] : [center?.[0] ?? 0, center?.[1] ?? 0],
        SITE_ZOOM,
      );
    } else return;
    viewSet.current = true;
  }, [devices, center]);

  // Picking a place starts from the keyboard's point of view: the map takes the focus (arrow keys, Enter).
  const { placing, placingFrom } = props;
  useEffect(() => {
    const current = map.current;
    if (!current || !placing) return;
    if (placingFrom) current.panTo([placingFrom[0], placingFrom[1]]);
    container.current?.focus();
  }, [placing, placingFrom]);

  const { links, selectedId, draggable } = props;
  useEffect(() => {
    const current = map.current;
    const groups = layers.current;
    if (!current || !groups || zoom === null) return;
    const p = latest.current;
    groups.links.clearLayers();
    groups.markers.clearLayers();
    const byId = new Map(devices.map((device) => [device.id, device]));
    for (const link of links) {
      const from = byId.get(link.from_device_id);
      const to = byId.get(link.to_device_id);
      if (!from || !to) continue;
      L.polyline(
        [
          [from.latitude, from.longitude],
          [to.latitude, to.longitude],
        ],
        { color: p.linkColour(link), weight: 3, dashArray: link.state === 'up' ? undefined : '6 6' },
      ).addTo(groups.links);
    }
    const points = devices.map((device) => {
      const at = current.project([device.latitude, device.longitude], zoom);
      return { item: device, x: at.x, y: at.y };
    });
    for (const group of clusterByCell(points)) {
      const [first] = group;
      if (!first) continue;
      if (group.length > 1) {
        const bounds = L.latLngBounds(group.map((d) => [d.latitude, d.longitude]));
        const marker = L.marker(bounds.getCenter(), { icon: clusterIcon(group.length, p.clusterColour) });
        marker.on('click', () =>
          current.getSize().x > 0
            ? current.fitBounds(bounds, { padding: [60, 60], maxZoom: 20 })
            : current.setView(bounds.getCenter(), current.getZoom() + 2),
        );
        marker.addTo(groups.markers);
        labelMarker(marker, p.describeCluster(group.length));
        continue;
      }
      const marker = L.marker([first.latitude, first.longitude], {
        icon: deviceIcon(p.colourOf(first), first.id === selectedId),
        draggable,
        zIndexOffset: first.id === selectedId ? 1000 : 0,
      });
      marker.on('click', () => latest.current.onSelect(first.id));
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        latest.current.onMove(first, round(at.lat), round(at.lng));
      });
      marker.addTo(groups.markers);
      labelMarker(marker, p.describe(first));
    }
  }, [devices, links, selectedId, draggable, zoom]);

  // Leaflet owns the inner element's classes: React never sets them, so a re-render keeps them.
  return (
    <Box
      sx={{
        height: props.height ?? { xs: 360, md: 'calc(100vh - 260px)' },
        minHeight: props.height ?? 360,
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
        '& .leaflet-container': {
          height: '100%',
          fontFamily: 'inherit',
          bgcolor: props.grid ? 'background.paper' : 'action.hover',
          cursor: props.placing ? 'crosshair' : undefined,
        },
        '& .site-map-marker': { background: 'none', border: 0 },
        '& .site-map-dot': {
          display: 'block',
          borderRadius: '50%',
          border: '3px solid #fff',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.5), 0 1px 4px rgba(0,0,0,0.4)',
          boxSizing: 'border-box',
        },
        '& .site-map-cluster': {
          display: 'grid',
          placeItems: 'center',
          width: 34,
          height: 34,
          borderRadius: '50%',
          color: '#fff',
          fontWeight: 700,
          fontSize: 13,
          border: '3px solid #fff',
          boxShadow: '0 0 0 1px rgba(0,0,0,0.5)',
          boxSizing: 'border-box',
        },
        '& .site-map-grid-tile': {
          boxSizing: 'border-box',
          borderTop: 1,
          borderLeft: 1,
          borderColor: 'divider',
          color: 'text.secondary',
          fontSize: 11,
          p: 0.5,
        },
      }}
    >
      <section ref={container} aria-label={props.label} style={{ height: '100%' }} />
    </Box>
  );
}
