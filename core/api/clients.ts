// Wireless clients (docs/navigation.md#routes /site/{siteId}/client/{clientId}, docs/navigation.md#navigation-drawer Wireless Clients and the device's
// Clients page): one page of the clients the caller sees, and one client with where it has been.
// Shared by server and web app.
import { type Static, Type } from 'typebox';
import { TIME_RANGES } from '../time-range.ts';
import { closed } from './closed.ts';
import { ListPage, ListQuery } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const Named = Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]);

/** What the list sorts by: last seen, host name, signal strength (RSSI) or traffic (received + sent). */
export const CLIENT_SORTS = ['lastSeen', 'hostname', 'rssi', 'traffic'] as const;
export type ClientSort = (typeof CLIENT_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export const ClientListQuery = Type.Object(
  {
    ...ListQuery.properties,
    /** One site's clients, or one device's; both narrow what the caller may see anyway. */
    site_id: Type.Optional(Id),
    device_id: Type.Optional(Id),
    sort: Type.Enum(CLIENT_SORTS, { default: 'lastSeen' }),
    order: Type.Enum(SORT_ORDERS, { default: 'desc' }),
  },
  closed,
);
export type ClientListQuery = Static<typeof ClientListQuery>;

/** GET /apiv2/cloud/:cloudId/clients/export: the list's search, narrowing and order, without paging. */
export const ClientExportQuery = Type.Object(
  {
    search: ListQuery.properties.search,
    site_id: Type.Optional(Id),
    device_id: Type.Optional(Id),
    sort: Type.Enum(CLIENT_SORTS, { default: 'lastSeen' }),
    order: Type.Enum(SORT_ORDERS, { default: 'desc' }),
  },
  closed,
);
export type ClientExportQuery = Static<typeof ClientExportQuery>;

/** Most rows one CSV export of the clients holds. */
export const CLIENT_EXPORT_ROWS_MAX = 100_000;

/** The columns of the CSV export, in order (docs/clients.md#csv-export). */
export const CLIENT_EXPORT_COLUMNS = [
  'hostname',
  'mac',
  'ip',
  'connected',
  'site',
  'device',
  'ssid',
  'band',
  'rssi_dbm',
  'rx_bytes',
  'tx_bytes',
  'first_seen_at',
  'last_seen_at',
] as const;

export const ClientListItem = Type.Object({
  id: Type.Integer(),
  /** Lower case with colons. */
  mac: Type.String(),
  ip: NullableString,
  /** '' when the client never told its name. */
  hostname: Type.String(),
  ssid: Type.String(),
  band: Type.Union([
    Type.Literal('2.4'),
    Type.Literal('5'),
    Type.Literal('6'),
    Type.Literal('60'),
    Type.Null(),
  ]),
  /** dBm, as its device last reported it. */
  rssi: Type.Union([Type.Integer(), Type.Null()]),
  /** Bytes received (rx) and sent (tx) as its devices counted them, since the cloud first saw the client. */
  rx_bytes: Type.Integer({ minimum: 0 }),
  tx_bytes: Type.Integer({ minimum: 0 }),
  /** Its device, while that device is in the cloud, and the device's live site. */
  device: Named,
  site: Named,
  /** When it came to its current device, and when that device last listed it. */
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  /** On its device now: see isClientConnected. */
  connected: Type.Boolean(),
});
export type ClientListItem = Static<typeof ClientListItem>;

/**
 * GET /apiv2/cloud/:cloudId/clients: the clients the caller sees, sorted, one page, and whether the caller
 * may export the same list as a CSV file (site permission export_data on a site it shows).
 */
export const ClientListResponse = Type.Object({
  ...ListPage(ClientListItem).properties,
  can_export: Type.Boolean(),
});
export type ClientListResponse = Static<typeof ClientListResponse>;

export const ClientParams = Type.Object({ cloudId: Id, clientId: Id }, closed);
export const ClientDetailQuery = Type.Object(
  {
    /** Only the stays and addresses of the last 24 hours, 7 or 30 days; the whole history without it. */
    range: Type.Optional(Type.Enum(TIME_RANGES)),
  },
  closed,
);
export type ClientDetailQuery = Static<typeof ClientDetailQuery>;

/**
 * A stay of the client on one device: from when the device first listed it until it last did. A client
 * that leaves and comes back to the same device is one stay. Stays recorded before devices were kept
 * name only the site (device, SSID and band null).
 */
export const ClientStay = Type.Object({
  device: Named,
  site: Named,
  ssid: NullableString,
  band: NullableString,
  first_seen_at: Type.String(),
  last_seen_at: Type.String(),
  /** The stay that goes on now (on the client's current device). */
  current: Type.Boolean(),
});
export type ClientStay = Static<typeof ClientStay>;

/**
 * GET /apiv2/cloud/:cloudId/clients/:clientId/stays: one page of the client's connection history, the
 * stay that goes on first, then newest first, over the range (the whole history without one).
 */
export const ClientStaysQuery = Type.Object(
  {
    range: Type.Optional(Type.Enum(TIME_RANGES)),
    offset: ListQuery.properties.offset,
    limit: ListQuery.properties.limit,
  },
  closed,
);
export type ClientStaysQuery = Static<typeof ClientStaysQuery>;
export const ClientStaysResponse = ListPage(ClientStay);
export type ClientStaysResponse = Static<typeof ClientStaysResponse>;

/** An address the client used before its current one, and when it was last seen with it. */
export const ClientAddress = Type.Object({ ip: Type.String(), until: Type.String() });
export type ClientAddress = Static<typeof ClientAddress>;

/** Most stays and addresses one client answer holds, newest first. */
export const CLIENT_HISTORY_MAX = 100;

/** The client's signal at an hour's sampling, and its traffic in that hour (null without an hour before). */
export const ClientSample = Type.Object({
  at: Type.String(),
  rssi: Type.Union([Type.Integer(), Type.Null()]),
  rx_bytes: Type.Union([Type.Integer(), Type.Null()]),
  tx_bytes: Type.Union([Type.Integer(), Type.Null()]),
});
export type ClientSample = Static<typeof ClientSample>;

/** GET /apiv2/cloud/:cloudId/clients/:clientId */
export const ClientDetail = Type.Object({
  ...ClientListItem.properties,
  history: Type.Array(ClientStay),
  addresses: Type.Array(ClientAddress),
  /** Hourly samples over the range (7 days, all that is kept, without one), oldest first. */
  samples: Type.Array(ClientSample),
});
export type ClientDetail = Static<typeof ClientDetail>;

/**
 * Heartbeats a client may be left out of and still count as connected: each heartbeat lists every client
 * of the device, so one that is missing from the latest may have left, but a single report without it
 * (a station in power save) is not yet proof.
 */
export const CLIENT_CONNECTED_HEARTBEATS = 2;

/**
 * A client is connected now when its device is online (docs/entities.md) and was last in contact no earlier than
 * the client was last listed, give or take CLIENT_CONNECTED_HEARTBEATS heartbeats (with half an interval of
 * jitter). `lastContact` is the device's latest heartbeat.
 */
export function isClientConnected(
  client: { lastSeenAt: Date },
  device: { online: boolean; lastContact: Date | null } | null,
  heartbeatIntervalS: number,
): boolean {
  if (!device?.online || !device.lastContact) return false;
  const windowMs = (CLIENT_CONNECTED_HEARTBEATS - 0.5) * heartbeatIntervalS * 1000;
  return client.lastSeenAt.getTime() >= device.lastContact.getTime() - windowMs;
}
