// The site map's calls (docs/site-map.md, docs/api.md#the-calls): a site's placed devices and radio links,
// and a device's place on the map.
import { type Static, type TSchema, Type } from 'typebox';
import { HEALTH_IDS, STATUS_IDS } from '../domain.ts';
import { closed } from './closed.ts';
import { DeviceUplink } from './devices.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** Where the map's tiles come from and whose they are (docs/site-map.md#tiles): sent with GET /auth/me. */
export const MapTiles = Type.Object({
  /** A tile URL template with {z}, {x} and {y} (and {s} for a subdomain). */
  url: Type.String(),
  attribution_text: Type.String(),
  attribution_url: Nullable(Type.String()),
});
export type MapTiles = Static<typeof MapTiles>;

/** docs/site-map.md#tiles: OpenStreetMap's tiles, attributed as the OpenStreetMap license asks. */
export const DEFAULT_MAP_TILES: MapTiles = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution_text: '© OpenStreetMap contributors',
  attribution_url: 'https://www.openstreetmap.org/copyright',
};

export const SiteMapParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export type SiteMapParams = Static<typeof SiteMapParams>;

/** A device of the site as the map draws it; latitude and longitude are null while it is not placed. */
export const SiteMapDevice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The model's name from the product catalogue; null for a model the catalogue does not know. */
  model: Nullable(Type.String()),
  product_type: Type.String(),
  status_id: Type.Enum(STATUS_IDS),
  /** docs/entities.md: not blocked and reporting (STATUS_ONLINE or STATUS_SKIPPED_HB). */
  online: Type.Boolean(),
  blocked: Type.Boolean(),
  health_id: Type.Enum(HEALTH_IDS),
  /** Wireless clients by its latest sample; null for a device that reports none. */
  clients: Nullable(Type.Integer()),
  uplink: Nullable(DeviceUplink),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type SiteMapDevice = Static<typeof SiteMapDevice>;

/** A radio link both of whose ends are devices of the site, reported by either end (once per pair). */
export const SiteMapLink = Type.Object({
  from_device_id: Type.Integer(),
  to_device_id: Type.Integer(),
  /** The link's band in GHz, as the device reports it. */
  band: Type.String(),
  state: Type.Enum(['up', 'down']),
  capacity_mbps: Nullable(Type.Integer()),
});
export type SiteMapLink = Static<typeof SiteMapLink>;

export const SiteMap = Type.Object({
  site: Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    /** The site's own coordinates, where the map opens when no device is placed; null when it has none. */
    latitude: Nullable(Type.Number()),
    longitude: Nullable(Type.Number()),
  }),
  devices: Type.Array(SiteMapDevice),
  links: Type.Array(SiteMapLink),
  /** Whether the caller may place and move devices (site permission edit_map). */
  can_edit_map: Type.Boolean(),
});
export type SiteMap = Static<typeof SiteMap>;

export const DeviceLocationParams = Type.Object({ cloudId: Id, deviceId: Id }, closed);
export type DeviceLocationParams = Static<typeof DeviceLocationParams>;

/** Both numbers to place or move the device, both null to take it off the map. */
export const DeviceLocationBody = Type.Object(
  { latitude: Nullable(Latitude), longitude: Nullable(Longitude) },
  closed,
);
export type DeviceLocationBody = Static<typeof DeviceLocationBody>;

export const DeviceLocation = Type.Object({
  id: Type.Integer(),
  latitude: Nullable(Type.Number()),
  longitude: Nullable(Type.Number()),
});
export type DeviceLocation = Static<typeof DeviceLocation>;
