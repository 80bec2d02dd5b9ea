// Device calls outside the cloud prefix (docs/api.md#the-calls).
import { type Static, type TSchema, Type } from 'typebox';
import { DEVICE_SORTS } from '../device-list.ts';
import { DEVICE_CONNECTIONS, DEVICE_FAMILIES, HEALTH_IDS, STATUS_IDS, TASK_TYPES } from '../domain.ts';
import { DEVICE_NAME_MAX_LENGTH } from '../limits.ts';
import { DEVICE_ACTIONS } from '../policy.ts';
import { closed } from './closed.ts';
import { ListPage, ListQuery } from './list-query.ts';

/** Whether the device's configuration may be viewed and changed in the console (docs/navigation.md#navigation-drawer device menu). */
export const AllowConfigResponse = Type.Object({ allow_config: Type.Boolean() });
export type AllowConfigResponse = Static<typeof AllowConfigResponse>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * How a device reaches the network by its latest heartbeat: a gateway's first WAN port that is up, a radio's
 * first link that is up, a mesh unit's peer nearest the PoP, a switch's fastest port with a link.
 */
export const DeviceUplink = Type.Object({
  kind: Type.Enum(['wan', 'radio_link', 'mesh', 'port']),
  up: Type.Boolean(),
  /** The WAN port's name, the peer's MAC address, or the switch port's number. */
  name: Type.String(),
  /** The link's speed or capacity, when the device reports it. */
  mbps: Nullable(Type.Integer()),
});
export type DeviceUplink = Static<typeof DeviceUplink>;

/** A device in the cloud's device list (docs/entities.md Device fields, names as docs/entities.md writes them). */
export const DeviceListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The device's site, when it is on a live one. */
  site: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  mac: Type.String(),
  ip: Type.Union([Type.String(), Type.Null()]),
  hostname: Type.String(),
  sn: Type.String(),
  product_type: Type.String(),
  product_brand_id: Type.Integer(),
  /** The model's name from the product catalogue; null for a model the catalogue does not know. */
  product_name: Type.Union([Type.String(), Type.Null()]),
  status_id: Type.Enum(STATUS_IDS),
  /** docs/entities.md: not blocked and reporting (STATUS_ONLINE or STATUS_SKIPPED_HB). */
  online: Type.Boolean(),
  /** Blocked: its credential is refused and it takes no task until it is unblocked. */
  blocked: Type.Boolean(),
  health_id: Type.Enum(HEALTH_IDS),
  /** Firmware as version-revision (docs/entities.md), and the management daemon's version. */
  fw: Type.String(),
  mgmtd_version: Type.String(),
  /** The task types the caller may start on this device (core/task-types.ts allowedTasks). */
  allowed_tasks: Type.Array(Type.Enum(TASK_TYPES)),
  /** When it last reported; null when it never did. */
  last_seen_at: Nullable(Type.String()),
  /** How long it has been up, while it is online; null otherwise. */
  uptime_s: Nullable(Type.Integer()),
  /** Wireless clients by its latest sample; null for a device that reports none. */
  clients: Nullable(Type.Integer()),
  uplink: Nullable(DeviceUplink),
});
export type DeviceListItem = Static<typeof DeviceListItem>;

/** The device list's filters, as the dashboards' counts link to them; each narrows the list further. */
export const DeviceFilterQuery = Type.Object(
  {
    health: Type.Optional(Type.Enum(HEALTH_IDS)),
    status: Type.Optional(Type.Enum(DEVICE_CONNECTIONS)),
    type: Type.Optional(Type.Enum(DEVICE_FAMILIES)),
    site_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    /** The model, by its product catalogue id. */
    model: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    /** The firmware exactly, version-revision (docs/entities.md). */
    fw: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '^[0-9A-Za-z._-]+$' })),
  },
  closed,
);
export type DeviceFilterQuery = Static<typeof DeviceFilterQuery>;

export const DeviceListQuery = Type.Object(
  {
    ...ListQuery.properties,
    ...DeviceFilterQuery.properties,
    /** A column's order, '-' first for descending; then by name (core/device-list.ts). */
    sort: Type.Optional(Type.Enum(DEVICE_SORTS)),
  },
  closed,
);
export type DeviceListQuery = Static<typeof DeviceListQuery>;

/** GET /apiv2/cloud/:cloudId/devices: devices in the order asked for (by name by default), then id. */
export const DeviceListResponse = Type.Object({
  ...ListPage(DeviceListItem).properties,
  /** What the caller may do in bulk on the list's devices: on every device, the server checks again. */
  actions: Type.Array(Type.Enum(DEVICE_ACTIONS)),
});
export type DeviceListResponse = Static<typeof DeviceListResponse>;

/** POST /apiv2/cloud/:cloudId/devices: registers a device into a site by serial number and MAC address. */
export const RegisterDeviceBody = Type.Object(
  {
    site_id: Type.Integer({ minimum: 1, maximum: 2147483647 }),
    sn: Type.String({ pattern: '^[A-Za-z0-9-]{4,40}$' }),
    mac: Type.String({ pattern: '^[0-9A-Fa-f]{2}([:-]?[0-9A-Fa-f]{2}){5}$' }),
    product_brand_id: Type.Integer({ minimum: 1, maximum: 100_000 }),
    /** Defaults to the model's SKU and the end of the MAC address. */
    name: Type.Optional(Type.String({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: '\\S' })),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples).
    examples: [
      { site_id: 12, sn: 'SN-2026-000123', mac: '00:1A:2B:3C:4D:5E', product_brand_id: 3, name: 'Lobby AP' },
    ],
  },
);
export type RegisterDeviceBody = Static<typeof RegisterDeviceBody>;

/** PATCH /apiv2/cloud/:cloudId/devices/:deviceId: renames a device (site permission rename_device). */
export const RenameDeviceBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: DEVICE_NAME_MAX_LENGTH, pattern: '\\S' }) },
  { ...closed, examples: [{ name: 'Lobby AP (2nd floor)' }] },
);
export type RenameDeviceBody = Static<typeof RenameDeviceBody>;
export const RenamedDevice = Type.Object({ id: Type.Integer(), name: Type.String() });

export const RegisteredDevice = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  site_id: Type.Integer(),
  sn: Type.String(),
  mac: Type.String(),
  product_brand_id: Type.Integer(),
  product_type: Type.String(),
});
export type RegisteredDevice = Static<typeof RegisteredDevice>;

/** A smart NVR of the cloud (docs/entities.md SmartNVR), as GET /apiv2/cloud/:cloudId/smartnvrs lists them. */
export const SmartNvrItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  sn: Type.String(),
  mac: Type.String(),
  product_brand_id: Type.Integer(),
  status_id: Type.Enum(STATUS_IDS),
  health_id: Type.Enum(HEALTH_IDS),
});
export const SmartNvrListResponse = Type.Object({ items: Type.Array(SmartNvrItem) });
export type SmartNvrListResponse = Static<typeof SmartNvrListResponse>;

// The parts of a heartbeat (the agent protocol, docs/agent-protocol.md) a dashboard shows, under the API's
// snake_case names (docs/api-conventions.md, One casing).
const Num = Type.Number();
const OptionalNum = Type.Optional(Type.Number());
const ReportRadio = Type.Object({
  band: Type.String(),
  channel: Type.Integer(),
  width_mhz: Num,
  tx_power_dbm: Num,
  noise_dbm: Num,
  util_pct: Type.Number({ description: 'channel utilisation' }),
});
const ReportPort = Type.Object({
  port: Type.Integer(),
  link: Type.Boolean(),
  speed_mbps: Type.Integer(),
  poe_w: Num,
});
const ReportLink = Type.Object({
  peer_mac: Type.String(),
  band: Type.String({ description: 'link band in GHz' }),
  up: Type.Boolean(),
  rssi: OptionalNum,
  snr: OptionalNum,
  capacity_mbps: OptionalNum,
  mcs: Type.Optional(Type.Integer({ description: 'the modulation and coding scheme the link sends with' })),
});
const ReportMeshPeer = Type.Object({
  mac: Type.String(),
  rssi: Num,
  snr: Num,
  capacity_mbps: Num,
  hops: Type.Integer({ description: 'hops to the PoP' }),
});
const ReportWan = Type.Object({
  name: Type.String(),
  up: Type.Boolean(),
  ip: Type.Optional(Type.String()),
  latency_ms: OptionalNum,
  loss_pct: OptionalNum,
});
const ReportManagedDevice = Type.Object({
  mac: Type.String(),
  name: Type.String(),
  reachable: Type.Boolean(),
});
const ReportCamera = Type.Object({
  id: Type.String(),
  name: Type.String(),
  stream: Type.Enum(['streaming', 'failed', 'idle']),
  bitrate_kbps: Num,
});

/** What the device reported in its latest heartbeat, by family; absent parts it does not report. */
export const DeviceReport = Type.Object({
  /** When the heartbeat came. */
  at: Type.String(),
  uptime_s: Type.Integer(),
  system: Type.Object({
    cpu_pct: Num,
    mem_pct: Num,
    temp_c: OptionalNum,
    power_w: Type.Optional(Type.Number({ description: 'power drawn (a switch: PoE delivered)' })),
    power_budget_w: Type.Optional(Type.Number({ description: 'the power budget power_w must stay within' })),
  }),
  time_sync: Type.Object({ synced: Type.Boolean(), offset_ms: OptionalNum }),
  config: Type.Object({
    applied: Type.Boolean({ description: 'false while the last configuration failed to apply' }),
    error: Type.Optional(Type.String()),
    unsynced_files: Type.Array(Type.String(), {
      description: 'configuration files changed on the device outside the console',
    }),
  }),
  action_required: Nullable(Type.String()),
  radios: Type.Optional(Type.Array(ReportRadio)),
  clients: Type.Optional(Type.Integer({ description: 'wireless clients connected' })),
  ports: Type.Optional(
    Type.Array(ReportPort, { description: 'the front panel; GET .../ports has the counters' }),
  ),
  links: Type.Optional(Type.Array(ReportLink)),
  mesh_peers: Type.Optional(Type.Array(ReportMeshPeer)),
  wan: Type.Optional(Type.Array(ReportWan)),
  managed_devices: Type.Optional(Type.Array(ReportManagedDevice)),
  cameras: Type.Optional(Type.Array(ReportCamera)),
  media_sync: Type.Optional(
    Type.Object({ ok: Type.Boolean(), lag_s: Type.Integer(), error: Type.Optional(Type.String()) }),
  ),
});
export type DeviceReport = Static<typeof DeviceReport>;

/** GET /apiv2/cloud/:cloudId/devices/:deviceId: the device dashboard's identity, state and latest report. */
export const DeviceDetail = Type.Object({
  ...Type.Omit(DeviceListItem, ['online', 'last_seen_at', 'uptime_s', 'clients', 'uplink']).properties,
  online: Type.Boolean(),
  /** Decommissioned: out of the device list, taking no task, until it is recommissioned. */
  decomm: Type.Boolean(),
  /**
   * Who blocked or decommissioned it and when, by the change log; null when it is neither, or when no
   * record says (by is null for a change the console made on its own).
   */
  state_changed: Nullable(Type.Object({ by: Nullable(Type.String()), at: Type.String() })),
  /** The caller may unblock or recommission it (site permission change_device_state). */
  can_change_state: Type.Boolean(),
  /** Its configuration is suspended (a firmware downgrade), and why; absent when it is not. */
  config_suspended: Type.Optional(Type.Object({ reason: Nullable(Type.String()) })),
  last_seen_at: Nullable(Type.String()),
  /** The caller may rename it (site permission rename_device). */
  can_rename: Type.Boolean(),
  /**
   * It holds a credential and the caller may reset it (site permission change_device_state), so that it
   * can be adopted again.
   */
  can_reset_credential: Type.Boolean(),
  /** The caller may open its web page through a tunnel (change_device_state or live_actions, docs/remote-access.md). */
  can_open_tunnel: Type.Boolean(),
  /**
   * The peer at the other end of each radio link, and each mesh peer, when it is a device of the cloud the
   * caller sees.
   */
  link_peers: Type.Array(Type.Object({ mac: Type.String(), id: Type.Integer(), name: Type.String() })),
  report: Nullable(DeviceReport),
});
export type DeviceDetail = Static<typeof DeviceDetail>;

/** GET /apiv2/cloud/:cloudId/smartnvrs/:smartNvrId: the recorder dashboard. */
export const SmartNvrDetail = Type.Object({
  ...SmartNvrItem.properties,
  ip: Nullable(Type.String()),
  fw: Type.String(),
  product_name: Nullable(Type.String()),
  online: Type.Boolean(),
  last_seen_at: Nullable(Type.String()),
  allowed_tasks: Type.Array(Type.Enum(TASK_TYPES)),
  /** It holds a credential and the caller may reset it (manage_snvr), so that it can be adopted again. */
  can_reset_credential: Type.Boolean(),
  /** The caller may open its web page through a tunnel (owners and administrators, docs/remote-access.md). */
  can_open_tunnel: Type.Boolean(),
  report: Nullable(DeviceReport),
});
export type SmartNvrDetail = Static<typeof SmartNvrDetail>;
