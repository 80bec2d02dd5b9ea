// GET /apiv2/cloud/:cloudId/dashboard: what the cloud and site dashboards draw, in one answer.
import { type Static, Type } from 'typebox';
import { HEALTH_IDS, STATUS_IDS } from '../domain.ts';
import { DEFAULT_TIME_RANGE, TIME_RANGES } from '../time-range.ts';
import { closed } from './closed.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Count = Type.Integer({ minimum: 0 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const DashboardQuery = Type.Object(
  {
    range: Type.Enum(TIME_RANGES, { default: DEFAULT_TIME_RANGE }),
    /** One site's dashboard; without it, the cloud's (narrowed by the caller's active site grouping). */
    site_id: Type.Optional(Id),
  },
  closed,
);
export type DashboardQuery = Static<typeof DashboardQuery>;

const StatusCounts = Type.Object(
  Object.fromEntries(STATUS_IDS.map((id) => [id, Count])) as Record<
    (typeof STATUS_IDS)[number],
    typeof Count
  >,
);
const HealthCounts = Type.Object(
  Object.fromEntries(HEALTH_IDS.map((id) => [id, Count])) as Record<
    (typeof HEALTH_IDS)[number],
    typeof Count
  >,
);

/** Devices of one product family by status and by health. */
export const FamilyCounts = Type.Object({
  product_type: Type.String(),
  total: Count,
  status: StatusCounts,
  health: HealthCounts,
});
export type FamilyCounts = Static<typeof FamilyCounts>;

/** A site with devices in trouble, worst first: critical, then warning, then offline. */
export const ProblemSite = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  total: Count,
  critical: Count,
  warning: Count,
  offline: Count,
});
export type ProblemSite = Static<typeof ProblemSite>;

/** The firmware versions one product family runs, most used first; the rest summed up as `others`. */
export const FirmwareUse = Type.Object({
  product_type: Type.String(),
  versions: Type.Array(Type.Object({ fw: Type.String(), count: Count })),
  others: Count,
});
export type FirmwareUse = Static<typeof FirmwareUse>;

/** One point of a chart: the start of its bucket (ISO 8601, UTC) and its values. */
export const ClientsPoint = Type.Object({
  at: Type.String(),
  /** Wireless clients connected on average over the bucket. */
  clients: Nullable(Type.Number()),
  /** Bytes received and sent over the bucket, all devices together. */
  rx_bytes: Nullable(Type.Number()),
  tx_bytes: Nullable(Type.Number()),
  /** The same as throughput: average bits per second over the bucket's hours that were rolled up. */
  rx_rate: Nullable(Type.Number()),
  tx_rate: Nullable(Type.Number()),
});
export type ClientsPoint = Static<typeof ClientsPoint>;

export const AlertsPoint = Type.Object({ at: Type.String(), critical: Count, warning: Count });
export type AlertsPoint = Static<typeof AlertsPoint>;

export const DashboardResponse = Type.Object({
  range: Type.Enum(TIME_RANGES),
  /** The charts' window: from (inclusive) to (exclusive), and the width of a point in milliseconds. */
  from: Type.String(),
  to: Type.String(),
  bucket_ms: Type.Integer(),
  /** The site of a site's dashboard, with its position when it has coordinates. */
  site: Nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      location: Type.String(),
      latitude: Nullable(Type.Number()),
      longitude: Nullable(Type.Number()),
    }),
  ),
  /** The saved site grouping narrowing a cloud dashboard, when the caller has one active. */
  grouping: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  devices: Type.Object({ total: Count, families: Type.Array(FamilyCounts) }),
  /** At most five sites, worst first; none on a site's dashboard. */
  problem_sites: Type.Array(ProblemSite),
  firmware: Type.Array(FirmwareUse),
  /** Smart NVRs by status and health (cloud dashboards only: recorders belong to the cloud). */
  recorders: Nullable(Type.Object({ total: Count, status: StatusCounts, health: HealthCounts })),
  /** Hourly figures rolled up from the devices' heartbeats, up to the last full hour. */
  clients: Type.Array(ClientsPoint),
  /** Alerts raised per bucket, by health. */
  alerts: Type.Array(AlertsPoint),
});
export type DashboardResponse = Static<typeof DashboardResponse>;
