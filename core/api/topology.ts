// The topology call (docs/topology.md, docs/api.md#the-calls): a site's devices and the links between
// them, as their reports draw them.
import { type Static, type TSchema, Type } from 'typebox';
import { HEALTH_IDS } from '../domain.ts';
import { closed } from './closed.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What reported a link (docs/topology.md#edges). */
export const TOPOLOGY_EDGE_KINDS = ['port', 'lldp', 'radio_link', 'mesh', 'managed'] as const;
export type TopologyEdgeKind = (typeof TOPOLOGY_EDGE_KINDS)[number];

/** up and down as the newest report says; stale when no report came for LINK_STALE_INTERVALS intervals. */
export const LINK_STATES = ['up', 'down', 'stale'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export const TopologyParams = Type.Object({ cloudId: Id, siteId: Id }, closed);
export type TopologyParams = Static<typeof TopologyParams>;

/** A model of the site's devices, once however many devices are of it. */
export const TopologyModel = Type.Object({
  /** The model's name from the product catalogue; null for a model the catalogue does not know. */
  name: Nullable(Type.String()),
  family: Type.String({ description: 'the product type: wifi, switch, gateway, ptmp, ...' }),
});
export type TopologyModel = Static<typeof TopologyModel>;

export const TopologyNode = Type.Object({
  id: Type.Integer({ description: "the device's id" }),
  name: Type.String(),
  model: Type.Integer({ minimum: 0, description: "the device's model: its position in `models`" }),
  health_id: Type.Enum(HEALTH_IDS),
});
export type TopologyNode = Static<typeof TopologyNode>;

/** Where a field is absent, no report gives it (docs/topology.md#api). */
export const TopologyEdge = Type.Object({
  /** Stable between reads: the kind and both ends. */
  id: Type.String(),
  kind: Type.Enum(TOPOLOGY_EDGE_KINDS),
  from_device_id: Type.Integer(),
  /** The port at this end (a switch port's number, an interface name). */
  from_port: Type.Optional(Type.String()),
  to_device_id: Type.Integer(),
  to_port: Type.Optional(Type.String()),
  state: Type.Enum(LINK_STATES),
  /** A wired link's negotiated speed, as the switch port reports it. */
  speed_mbps: Type.Optional(Type.Integer()),
  /** A radio link's or mesh peer's capacity. */
  capacity_mbps: Type.Optional(Type.Integer()),
  /** A radio link's band in GHz. */
  band: Type.Optional(Type.String()),
  /** The signal each end hears, for radio links and mesh peers. */
  from_rssi_dbm: Type.Optional(Type.Integer()),
  to_rssi_dbm: Type.Optional(Type.Integer()),
  /** A stale link's newest report. */
  last_seen_at: Type.Optional(Type.String({ format: 'date-time' })),
});
export type TopologyEdge = Static<typeof TopologyEdge>;

export const Topology = Type.Object({
  site: Type.Object({ id: Type.Integer(), name: Type.String() }),
  /** The models of the site's devices, each once. */
  models: Type.Array(TopologyModel),
  nodes: Type.Array(TopologyNode),
  edges: Type.Array(TopologyEdge),
  /** The heartbeat interval the states are measured in. */
  heartbeat_interval_s: Type.Integer(),
});
export type Topology = Static<typeof Topology>;
