// Remote web access and tunnels (docs/remote-access.md, docs/api.md#the-calls): opening a device's or a
// recorder's web page through a tunnel, the open tunnels of a cloud, and closing one.
import { type Static, type TSchema, Type } from 'typebox';
import { TUNNEL_SERVICES } from '../fleet/tunnel-protocol.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** How long remote web access stays open: 15 minutes to 8 hours. */
export const TUNNEL_DURATION_MIN = 15;
export const TUNNEL_DURATION_MAX = 480;
/** The durations the page offers, in minutes. */
export const TUNNEL_DURATIONS = [15, 30, 60, 120, 240, 480] as const;

export const DeviceTunnelParams = Type.Object({ cloudId: Id, deviceId: Id }, closed);
export const SmartNvrTunnelParams = Type.Object({ cloudId: Id, smartNvrId: Id }, closed);
export const TunnelParams = Type.Object({ cloudId: Id, tunnelId: Id }, closed);

export const OpenTunnelBody = Type.Object(
  {
    duration_min: Type.Integer({
      minimum: TUNNEL_DURATION_MIN,
      maximum: TUNNEL_DURATION_MAX,
      description: 'minutes the tunnel stays open, 15 to 480',
    }),
  },
  closed,
);
export type OpenTunnelBody = Static<typeof OpenTunnelBody>;

export const TUNNEL_STATES = ['opening', 'open', 'closed'] as const;
export const TUNNEL_CLOSE_REASONS = ['closed', 'expired', 'idle', 'device_gone', 'failed'] as const;

export const Tunnel = Type.Object({
  id: Type.Integer(),
  service: Type.Enum(TUNNEL_SERVICES),
  /** The device reached; null for a recorder's tunnel. */
  device: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  smart_nvr: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Who opened it; null when the console opened it itself (a recorder's media) or the account is gone. */
  opened_by: Nullable(Type.Object({ id: Type.Integer(), email: Type.String(), name: Type.String() })),
  state: Type.Enum(TUNNEL_STATES),
  opened_at: Type.String(),
  expires_at: Type.String(),
  closed_at: Nullable(Type.String()),
  close_reason: Nullable(Type.Enum(TUNNEL_CLOSE_REASONS)),
  /** Bytes from the device and to it. */
  bytes_in: Type.Integer(),
  bytes_out: Type.Integer(),
  last_used_at: Nullable(Type.String()),
  /** Whether the caller may close it. */
  can_close: Type.Boolean(),
});
export type Tunnel = Static<typeof Tunnel>;

/** The answer to opening remote web access: the tunnel, and the address that opens it in a new tab once. */
export const OpenedTunnel = Type.Object({
  tunnel: Tunnel,
  /** The tunnel's own host with a one-time grant, valid for a minute. */
  url: Type.String(),
});
export type OpenedTunnel = Static<typeof OpenedTunnel>;

export const TunnelListQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
    device_id: Type.Optional(Id),
    smart_nvr_id: Type.Optional(Id),
    /** Open (and opening) tunnels only, unless `all`. */
    state: Type.Optional(Type.Enum(['open', 'all'], { default: 'open' })),
  },
  closed,
);
export type TunnelListQuery = Static<typeof TunnelListQuery>;

export const TunnelList = ListPage(Tunnel);
export type TunnelList = Static<typeof TunnelList>;
