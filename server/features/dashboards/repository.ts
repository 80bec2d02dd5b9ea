// The figures of the cloud and site dashboards. Device counts come from the counts kept ahead for the whole
// cloud, or from the devices of the sites asked for; clients and traffic from the
// hourly per-site rollups (site_metrics_hourly, site 0 being the whole cloud); alerts over time from
// their hourly rollups (site_alerts_hourly) and, for the hours not rolled up yet, alerts_cloud_problem_idx.
import { sql } from 'drizzle-orm';
import type {
  AlertsPoint,
  ClientsPoint,
  DashboardResponse,
  FamilyCounts,
  FirmwareUse,
  ProblemSite,
} from '../../../core/api/dashboards.ts';
import { HEALTH_IDS, type HealthId, PRODUCT_TYPES, STATUS_IDS, type StatusId } from '../../../core/domain.ts';
import { TIME_RANGE_SPANS, type TimeRange } from '../../../core/time-range.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { rolledUpTo } from '../../fleet/metric-store.ts';
import { type CountRow, readDeviceCounts, readProblemSites, type SiteCountRow } from './device-counts.ts';

/** Firmware versions listed per family; the rest are summed up. */
const FIRMWARE_SHOWN = 5;
const PROBLEM_SITES_SHOWN = 5;

export type DashboardScope = {
  cloudId: number;
  /** The sites to count; null for the whole cloud (devices without a site and recorders included). */
  siteIds: readonly number[] | null;
  /** Whether this is one site's dashboard (no list of problem sites). */
  site: boolean;
};

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;

const inSites = (column: string, siteIds: readonly number[] | null) =>
  siteIds === null ? sql`` : sql` AND ${sql.raw(column)} = ANY(${intArray(siteIds)})`;

/**
 * Devices by family, status, health and firmware, and the worst sites: for the whole cloud from the counts
 * kept ahead (device-counts.ts), for some sites from their devices (devices_site_idx finds them).
 */
async function countDevices(db: Database, scope: DashboardScope): Promise<[CountRow[], SiteCountRow[]]> {
  const shown = scope.site ? 0 : PROBLEM_SITES_SHOWN;
  if (scope.siteIds === null)
    return Promise.all([readDeviceCounts(db, scope.cloudId), readProblemSites(db, scope.cloudId, shown)]);
  const live = sql`cloud_id = ${scope.cloudId} AND deleted_at IS NULL AND NOT decomm${inSites('site_id', scope.siteIds)}`;
  return Promise.all([
    queryRows<CountRow>(
      db,
      sql`SELECT product_type, status_id, health_id, fw, count(*)::int AS n FROM devices WHERE ${live}
        GROUP BY 1, 2, 3, 4`,
    ),
    queryRows<SiteCountRow>(
      db,
      sql`SELECT s.id, s.name, c.total, c.critical, c.warning, c.offline FROM (
          SELECT site_id, count(*)::int AS total,
            (count(*) FILTER (WHERE health_id = 'HEALTH_CRITICAL'))::int AS critical,
            (count(*) FILTER (WHERE health_id = 'HEALTH_WARNING'))::int AS warning,
            (count(*) FILTER (WHERE status_id = 'STATUS_OFFLINE'))::int AS offline
          FROM devices WHERE ${live} GROUP BY site_id
        ) c JOIN sites s ON s.id = c.site_id AND s.deleted_at IS NULL
        WHERE c.critical + c.warning + c.offline > 0
        ORDER BY c.critical DESC, c.warning DESC, c.offline DESC, s.name LIMIT ${shown}`,
    ),
  ]);
}

async function deviceSummary(db: Database, scope: DashboardScope) {
  const [counts, problemSites] = await countDevices(db, scope);
  const families = new Map<string, FamilyCounts>();
  const firmware = new Map<string, Map<string, number>>();
  for (const row of counts) {
    const family = families.get(row.product_type) ?? {
      product_type: row.product_type,
      total: 0,
      status: zeros(STATUS_IDS),
      health: zeros(HEALTH_IDS),
    };
    family.total += row.n;
    family.status[row.status_id as StatusId] += row.n;
    family.health[row.health_id as HealthId] += row.n;
    families.set(row.product_type, family);
    const versions = firmware.get(row.product_type) ?? new Map<string, number>();
    versions.set(row.fw, (versions.get(row.fw) ?? 0) + row.n);
    firmware.set(row.product_type, versions);
  }
  // Families in the catalogue's order (access points first), any other after them by name.
  const rank = (type: string) => {
    const index = (PRODUCT_TYPES as readonly string[]).indexOf(type);
    return index === -1 ? PRODUCT_TYPES.length : index;
  };
  const byName = (a: { product_type: string }, b: { product_type: string }) =>
    rank(a.product_type) - rank(b.product_type) || a.product_type.localeCompare(b.product_type);
  const familyList = [...families.values()].sort(byName);
  const firmwareList: FirmwareUse[] = [...firmware.entries()]
    .map(([productType, versions]) => {
      const sorted = [...versions.entries()]
        .map(([fw, count]) => ({ fw, count }))
        .sort((a, b) => b.count - a.count || b.fw.localeCompare(a.fw));
      const others = sorted.slice(FIRMWARE_SHOWN).reduce((total, version) => total + version.count, 0);
      return { product_type: productType, versions: sorted.slice(0, FIRMWARE_SHOWN), others };
    })
    .sort(byName);
  return {
    devices: { total: familyList.reduce((total, family) => total + family.total, 0), families: familyList },
    problem_sites: problemSites satisfies ProblemSite[],
    firmware: firmwareList,
  };
}

async function recorderSummary(db: Database, cloudId: number) {
  const rows = await queryRows<{ status_id: StatusId; health_id: HealthId; n: number }>(
    db,
    sql`SELECT status_id, health_id, count(*)::int AS n FROM smart_nvrs
      WHERE cloud_id = ${cloudId} AND deleted_at IS NULL GROUP BY status_id, health_id`,
  );
  const summary = { total: 0, status: zeros(STATUS_IDS), health: zeros(HEALTH_IDS) };
  for (const row of rows) {
    summary.total += row.n;
    summary.status[row.status_id] += row.n;
    summary.health[row.health_id] += row.n;
  }
  return summary;
}

/** The chart window: whole buckets ending with the one now falls in. */
export function chartWindow(range: TimeRange, now: Date) {
  const { spanMs, bucketMs } = TIME_RANGE_SPANS[range];
  const to = Math.ceil((now.getTime() + 1) / bucketMs) * bucketMs;
  return { from: to - spanMs, to, bucketMs };
}

const bucketStarts = ({ from, to, bucketMs }: ReturnType<typeof chartWindow>) =>
  Array.from({ length: Math.round((to - from) / bucketMs) }, (_, index) =>
    new Date(from + index * bucketMs).toISOString(),
  );

const binned = (column: string, bucketMs: number) =>
  sql`to_char(date_bin(${`${bucketMs / 1000} seconds`}::interval, ${sql.raw(column)}, '2000-01-01T00:00:00Z')
    AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"')`;

async function clientSeries(db: Database, scope: DashboardScope, window: ReturnType<typeof chartWindow>) {
  const sites = scope.siteIds === null ? sql` AND site_id = 0` : inSites('site_id', scope.siteIds);
  // Per hour the sites' figures add up; a wider bucket averages its hours' clients and sums their traffic,
  // whose throughput is over the hours it has (the bucket now falls in is not whole yet).
  const rows = await queryRows<ClientsPoint>(
    db,
    sql`SELECT ${binned('hour', window.bucketMs)} AS at, avg(clients)::float8 AS clients,
        sum(rx_bytes)::float8 AS rx_bytes, sum(tx_bytes)::float8 AS tx_bytes,
        (sum(rx_bytes) * 8 / (count(*) * 3600))::float8 AS rx_rate,
        (sum(tx_bytes) * 8 / (count(*) * 3600))::float8 AS tx_rate
      FROM (SELECT hour, sum(clients) AS clients, sum(rx_bytes) AS rx_bytes, sum(tx_bytes) AS tx_bytes
        FROM site_metrics_hourly WHERE cloud_id = ${scope.cloudId}${sites}
          AND hour >= ${new Date(window.from).toISOString()} AND hour < ${new Date(window.to).toISOString()}
        GROUP BY hour) per_hour
      GROUP BY 1`,
  );
  const byStart = new Map(rows.map((row) => [row.at, row]));
  return bucketStarts(window).map(
    (at) =>
      byStart.get(at) ?? { at, clients: null, rx_bytes: null, tx_bytes: null, rx_rate: null, tx_rate: null },
  );
}

async function alertSeries(db: Database, scope: DashboardScope, window: ReturnType<typeof chartWindow>) {
  // Hours the rollup has counted come from site_alerts_hourly; the rest (the last hour or two) from alerts.
  const rolled = Math.min(Math.max((await rolledUpTo(db)) ?? window.from, window.from), window.to);
  const sites = scope.siteIds === null ? sql` AND site_id = 0` : inSites('site_id', scope.siteIds);
  const iso = (ms: number) => new Date(ms).toISOString();
  const rows = await queryRows<AlertsPoint>(
    db,
    sql`SELECT at, sum(critical)::int AS critical, sum(warning)::int AS warning FROM (
        SELECT ${binned('hour', window.bucketMs)} AS at, critical, warning FROM site_alerts_hourly
        WHERE cloud_id = ${scope.cloudId}${sites} AND hour >= ${iso(window.from)} AND hour < ${iso(rolled)}
        UNION ALL
        SELECT ${binned('problem_at', window.bucketMs)},
          (count(*) FILTER (WHERE health_id = 'HEALTH_CRITICAL'))::int,
          (count(*) FILTER (WHERE health_id = 'HEALTH_WARNING'))::int
        FROM alerts WHERE cloud_id = ${scope.cloudId}${inSites('site_id', scope.siteIds)}
          AND problem_at >= ${iso(rolled)} AND problem_at < ${iso(window.to)}
        GROUP BY 1
      ) counted GROUP BY at`,
  );
  const byStart = new Map(rows.map((row) => [row.at, row]));
  return bucketStarts(window).map((at) => byStart.get(at) ?? { at, critical: 0, warning: 0 });
}

export async function readDashboard(
  db: Database,
  scope: DashboardScope,
  range: TimeRange,
  context: Pick<DashboardResponse, 'site' | 'grouping'>,
  now = new Date(),
): Promise<DashboardResponse> {
  const window = chartWindow(range, now);
  const [summary, recorders, clients, alerts] = await Promise.all([
    deviceSummary(db, scope),
    scope.siteIds === null ? recorderSummary(db, scope.cloudId) : null,
    clientSeries(db, scope, window),
    alertSeries(db, scope, window),
  ]);
  return {
    range,
    from: new Date(window.from).toISOString(),
    to: new Date(window.to).toISOString(),
    bucket_ms: window.bucketMs,
    ...context,
    ...summary,
    recorders,
    clients,
    alerts,
  };
}
