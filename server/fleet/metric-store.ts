// The time-series store of heartbeat metrics (migration 0004): every heartbeat's numbers for two days,
// hourly averages and peaks for 90 days, both partitioned by time so that old data goes by dropping whole
// partitions, never by deleting rows.
import { type SQL, sql } from 'drizzle-orm';
import { ITEM_FIELDS, type MetricItems } from '../../core/fleet/metric-items.ts';
import { METRIC_COLUMNS, type MetricSample } from '../../core/fleet/metric-sample.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** Samples kept two days (the 24 h charts); rollups 90 days (the 7 and 30 day charts, and reports). */
export const METRIC_TABLES = {
  samples: { table: 'device_metrics', partitionDays: 1, keepDays: 2 },
  hourly: { table: 'device_metrics_hourly', partitionDays: 10, keepDays: 90 },
} as const;
type MetricTable = (typeof METRIC_TABLES)[keyof typeof METRIC_TABLES];

/** Partitions exist from a day back to this many days ahead, so a write never lacks one. */
const DAYS_AHEAD = 3;
/** A sample's hour is rolled up this long after it ends, when no batch can still write into it. */
const ROLLUP_DELAY_MS = 2 * 60_000;
const ROLLED_UP_TO = 'metrics_rolled_up_to';
/** How far back each rollup counts alerts again. */
const ALERT_RECOUNT_MS = 2 * DAY_MS;

const snake = (column: string) => column.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const columnList = sql.raw(METRIC_COLUMNS.map(snake).join(', '));
// Read back under the sample's own names; byte counts as float8, which both drivers give as a number.
const readList = sql.raw(
  METRIC_COLUMNS.map(
    (column) => `${snake(column)}${column.endsWith('Bytes') ? '::float8' : ''} AS "${column}"`,
  ).join(', '),
);
const iso = (ms: number) => new Date(ms).toISOString();

/** The per-family columns of migration 0024 (docs/telemetry.md) and how an hour sums them up. */
const HOURLY_EXTRA_COLUMNS = [
  ['clients6', 'avg'],
  ['util6', 'avg'],
  ['noise6', 'avg'],
  ['retries', 'avg'],
  ['link_remote_rssi', 'avg'],
  ['link_remote_snr', 'avg'],
  ['link_mcs', 'avg'],
  ['link_up', 'avg'],
  ['wan_latency', 'avg'],
  ['wan_loss', 'avg'],
  ['errors', 'sum'],
  ['power_budget', 'max'],
] as const;
/** How a day sums up its hours: the hourly columns, each with its aggregate. */
const DAILY_COLUMNS = [
  ['samples', 'sum'],
  ['cpu', 'avg'],
  ['cpu_max', 'max'],
  ['mem', 'avg'],
  ['mem_max', 'max'],
  ['temp', 'avg'],
  ['temp_max', 'max'],
  ['power', 'avg'],
  ['power_max', 'max'],
  ['clients', 'avg'],
  ['clients_max', 'max'],
  ['clients24', 'avg'],
  ['clients5', 'avg'],
  ['clients60', 'avg'],
  ['util24', 'avg'],
  ['util5', 'avg'],
  ['util60', 'avg'],
  ['noise24', 'avg'],
  ['noise5', 'avg'],
  ['noise60', 'avg'],
  ['rx_bytes', 'sum'],
  ['tx_bytes', 'sum'],
  ['link_rssi', 'avg'],
  ['link_rssi_min', 'min'],
  ['link_snr', 'avg'],
  ['link_capacity', 'avg'],
  ...HOURLY_EXTRA_COLUMNS,
] as const;
const HOURLY_EXTRA = sql.raw(HOURLY_EXTRA_COLUMNS.map(([column]) => column).join(', '));
const HOURLY_EXTRA_VALUES = sql.raw(
  HOURLY_EXTRA_COLUMNS.map(([column, how]) => `${how}(${column})`).join(', '),
);
const HOURLY_EXTRA_UPDATES = sql.raw(
  HOURLY_EXTRA_COLUMNS.map(([column]) => `${column} = excluded.${column}`).join(', '),
);
const day = (ms: number) => iso(ms).slice(0, 10).replaceAll('-', '');

function partitionStart(table: MetricTable, ms: number) {
  const span = table.partitionDays * DAY_MS;
  return Math.floor(ms / span) * span;
}

/**
 * Creates the partitions from `daysBack` days ago (yesterday unless told) up to DAYS_AHEAD days ahead; ones
 * that exist are left alone. The demo's history asks for the hourly rollups' 30 days back.
 */
export async function ensureMetricPartitions(
  db: Database,
  now: Date,
  daysBack: Partial<Record<keyof typeof METRIC_TABLES, number>> = {},
): Promise<void> {
  for (const [name, table] of Object.entries(METRIC_TABLES) as [keyof typeof METRIC_TABLES, MetricTable][]) {
    const span = table.partitionDays * DAY_MS;
    const last = now.getTime() + DAYS_AHEAD * DAY_MS;
    const first = now.getTime() - (daysBack[name] ?? 1) * DAY_MS;
    for (let start = partitionStart(table, first); start <= last; start += span) {
      await db.execute(
        sql.raw(`CREATE TABLE IF NOT EXISTS ${table.table}_${day(start)} PARTITION OF ${table.table}
          FOR VALUES FROM ('${iso(start)}') TO ('${iso(start + span)}')`),
      );
    }
  }
}

/** One statement for a whole batch of heartbeats. */
export async function writeMetricSamples(
  tx: Database,
  rows: readonly { agentId: number; at: Date; sample: MetricSample; items?: MetricItems | null }[],
): Promise<void> {
  if (rows.length === 0) return;
  const records = rows.map(({ agentId, at, sample, items }) => ({
    agent_id: agentId,
    at: at.toISOString(),
    ...sample,
    items: items ?? null,
  }));
  const types = METRIC_COLUMNS.map((column) => {
    const type = column.startsWith('clients')
      ? 'smallint'
      : column.endsWith('Bytes')
        ? 'bigint'
        : column === 'errors'
          ? 'integer'
          : 'real';
    return `"${column}" ${type}`;
  });
  await tx.execute(sql`
    INSERT INTO device_metrics (agent_id, at, ${columnList}, items)
    SELECT agent_id, at, ${sql.raw(METRIC_COLUMNS.map((column) => `"${column}"`).join(', '))}, items
    FROM jsonb_to_recordset(${jsonRows(records)}) AS v(agent_id int, at timestamptz, ${sql.raw(types.join(', '))},
      items jsonb)`);
}

/** The end of the hours rolled up so far (epoch ms), or null before the first rollup. */
export async function rolledUpTo(db: Database): Promise<number | null> {
  const [mark] = await queryRows<{ value: string }>(
    db,
    sql`SELECT value #>> '{}' AS value FROM server_settings WHERE key = ${ROLLED_UP_TO}`,
  );
  return mark ? Date.parse(mark.value) : null;
}

/**
 * Averages and peaks per device and hour, for the hours that ended since the last run (at most the
 * samples' two days). Rolling up an hour again gives the same row.
 */
export async function rollupMetrics(db: Database, now: Date): Promise<void> {
  const to = Math.floor((now.getTime() - ROLLUP_DELAY_MS) / HOUR_MS) * HOUR_MS;
  const mark = await rolledUpTo(db);
  const oldest = Math.floor((now.getTime() - METRIC_TABLES.samples.keepDays * DAY_MS) / HOUR_MS) * HOUR_MS;
  const from = Math.max(mark ?? oldest, oldest);
  if (from >= to) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      INSERT INTO device_metrics_hourly AS h (agent_id, hour, samples, cpu, cpu_max, mem, mem_max, temp, temp_max,
        power, power_max, clients, clients_max, clients24, clients5, clients60, util24, util5, util60, noise24,
        noise5, noise60, rx_bytes, tx_bytes, link_rssi, link_rssi_min, link_snr, link_capacity, ${HOURLY_EXTRA})
      SELECT agent_id, date_trunc('hour', at), count(*), avg(cpu), max(cpu), avg(mem), max(mem), avg(temp),
        max(temp), avg(power), max(power), avg(clients), max(clients), avg(clients24), avg(clients5),
        avg(clients60), avg(util24), avg(util5), avg(util60), avg(noise24), avg(noise5), avg(noise60),
        sum(rx_bytes), sum(tx_bytes), avg(link_rssi), min(link_rssi), avg(link_snr), avg(link_capacity),
        ${HOURLY_EXTRA_VALUES}
      FROM device_metrics WHERE at >= ${iso(from)} AND at < ${iso(to)}
      GROUP BY agent_id, date_trunc('hour', at)
      ON CONFLICT (agent_id, hour) DO UPDATE SET samples = excluded.samples, cpu = excluded.cpu,
        cpu_max = excluded.cpu_max, mem = excluded.mem, mem_max = excluded.mem_max, temp = excluded.temp,
        temp_max = excluded.temp_max, power = excluded.power, power_max = excluded.power_max,
        clients = excluded.clients, clients_max = excluded.clients_max, clients24 = excluded.clients24,
        clients5 = excluded.clients5, clients60 = excluded.clients60, util24 = excluded.util24,
        util5 = excluded.util5, util60 = excluded.util60, noise24 = excluded.noise24, noise5 = excluded.noise5,
        noise60 = excluded.noise60, rx_bytes = excluded.rx_bytes, tx_bytes = excluded.tx_bytes,
        link_rssi = excluded.link_rssi, link_rssi_min = excluded.link_rssi_min, link_snr = excluded.link_snr,
        link_capacity = excluded.link_capacity, ${HOURLY_EXTRA_UPDATES}`);
    await tx.execute(sql`
      UPDATE device_metrics_hourly h SET items = r.items
      FROM (${itemRollup('device_metrics', 'at', sql`date_trunc('hour', at)`, from, to)}) r
      WHERE h.agent_id = r.agent_id AND h.hour = r.at`);
    await rollupDays(tx, from, to);
    await rollupSiteHours(tx, from, to);
    // Alerts per site and hour, the last two days counted again: a device may report a problem late.
    await recountSiteAlerts(tx, to - ALERT_RECOUNT_MS, to);
    await markRolledUpTo(tx, to);
  });
}

/** The daily rows of the UTC days of [from, to), from their hours: a day is summed up again each hour. */
export async function rollupDays(tx: Database, from: number, to: number): Promise<void> {
  const columns = DAILY_COLUMNS.map(([column]) => column).join(', ');
  await tx.execute(sql`
    INSERT INTO device_metrics_daily (agent_id, day, hours, ${sql.raw(columns)})
    SELECT agent_id, date_trunc('day', hour, 'UTC'), count(*),
      ${sql.raw(DAILY_COLUMNS.map(([column, how]) => `${how}(${column})`).join(', '))}
    FROM device_metrics_hourly
    WHERE hour >= ${iso(Math.floor(from / DAY_MS) * DAY_MS)} AND hour < ${iso(to)}
    GROUP BY agent_id, date_trunc('day', hour, 'UTC')
    ON CONFLICT (agent_id, day) DO UPDATE SET hours = excluded.hours,
      ${sql.raw(DAILY_COLUMNS.map(([column]) => `${column} = excluded.${column}`).join(', '))}`);
  const dayFrom = Math.floor(from / DAY_MS) * DAY_MS;
  await tx.execute(sql`
    UPDATE device_metrics_daily d SET items = r.items
    FROM (${itemRollup('device_metrics_hourly', 'hour', sql`date_trunc('day', hour, 'UTC')`, dayFrom, to)}) r
    WHERE d.agent_id = r.agent_id AND d.day = r.at`);
}

/** An item's fields as typed columns, and each one summed up as ITEM_FIELDS says. */
const ITEM_RECORD = sql.raw(
  Object.entries(ITEM_FIELDS)
    .map(([field, how]) => `${field} ${how === 'text' ? 'text' : 'float8'}`)
    .join(', '),
);
const ITEM_AGGREGATES = sql.raw(
  Object.entries(ITEM_FIELDS)
    .map(([field, how]) =>
      how === 'text'
        ? `'${field}', max(x.${field})`
        : how === 'sum'
          ? `'${field}', sum(x.${field})`
          : `'${field}', round(avg(x.${field})::numeric, 2)`,
    )
    .join(', '),
);

/**
 * The items (core/fleet/metric-items.ts) of [from, to) of a table summed up per device and bucket, as rows
 * (agent_id, at, items): each item's fields read as one typed record, summed up as ITEM_FIELDS says.
 */
export function itemRollup(
  table: 'device_metrics' | 'device_metrics_hourly',
  column: 'at' | 'hour',
  bucket: SQL,
  from: number,
  to: number,
  agentId?: number,
): SQL {
  return sql`
    WITH items AS (
      SELECT m.agent_id, ${bucket} AS at, f.key AS family, i.key AS item,
        jsonb_strip_nulls(jsonb_build_object(${ITEM_AGGREGATES})) AS value
      FROM ${sql.raw(table)} m, jsonb_each(m.items) f, jsonb_each(f.value) i,
        jsonb_to_record(i.value) AS x(${ITEM_RECORD})
      WHERE m.${sql.raw(column)} >= ${iso(from)} AND m.${sql.raw(column)} < ${iso(to)} AND m.items IS NOT NULL
        ${agentId === undefined ? sql`` : sql`AND m.agent_id = ${agentId}`}
      GROUP BY m.agent_id, ${bucket}, f.key, i.key
    ), families AS (
      SELECT agent_id, at, family, jsonb_object_agg(item, value) AS value
      FROM items GROUP BY agent_id, at, family
    )
    SELECT agent_id, at, jsonb_object_agg(family, value) AS items FROM families GROUP BY agent_id, at`;
}

/**
 * Per site (and per cloud: site 0) from the devices' hours in [from, to); a device counts in its site of
 * now.
 */
export async function rollupSiteHours(tx: Database, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO site_metrics_hourly AS s (cloud_id, site_id, hour, devices, clients, rx_bytes, tx_bytes)
    SELECT d.cloud_id, CASE WHEN GROUPING(d.site_id) = 1 THEN 0 ELSE d.site_id END, h.hour, count(*),
      sum(h.clients), sum(h.rx_bytes), sum(h.tx_bytes)
    FROM device_metrics_hourly h JOIN device_agents a ON a.id = h.agent_id JOIN devices d ON d.id = a.device_id
    WHERE h.hour >= ${iso(from)} AND h.hour < ${iso(to)}
    GROUP BY GROUPING SETS ((d.cloud_id, h.hour, d.site_id), (d.cloud_id, h.hour))
    HAVING GROUPING(d.site_id) = 1 OR d.site_id IS NOT NULL
    ON CONFLICT (cloud_id, site_id, hour) DO UPDATE SET devices = excluded.devices, clients = excluded.clients,
      rx_bytes = excluded.rx_bytes, tx_bytes = excluded.tx_bytes`);
}

/** Alerts raised per site (and per cloud: site 0) and hour in [from, to), counted again. */
export async function recountSiteAlerts(tx: Database, from: number, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO site_alerts_hourly AS s (cloud_id, site_id, hour, critical, warning)
    SELECT cloud_id, CASE WHEN GROUPING(site_id) = 1 THEN 0 ELSE site_id END, date_trunc('hour', problem_at),
      count(*) FILTER (WHERE health_id = 'HEALTH_CRITICAL'), count(*) FILTER (WHERE health_id = 'HEALTH_WARNING')
    FROM alerts WHERE problem_at >= ${iso(from)} AND problem_at < ${iso(to)}
    GROUP BY GROUPING SETS ((cloud_id, date_trunc('hour', problem_at), site_id), (cloud_id, date_trunc('hour', problem_at)))
    HAVING GROUPING(site_id) = 1 OR site_id IS NOT NULL
    ON CONFLICT (cloud_id, site_id, hour) DO UPDATE SET critical = excluded.critical, warning = excluded.warning`);
}

/** Records that the hours before `to` (epoch ms) are rolled up. */
export async function markRolledUpTo(tx: Database, to: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO server_settings (key, value) VALUES (${ROLLED_UP_TO}, to_jsonb(${iso(to)}::text))
    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now()`);
}

/** Drops the partitions whose whole range is older than the table keeps. */
export async function dropExpiredMetrics(db: Database, now: Date): Promise<string[]> {
  const dropped: string[] = [];
  for (const table of Object.values(METRIC_TABLES)) {
    const partitions = await queryRows<{ name: string }>(
      db,
      sql`SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
        JOIN pg_class p ON p.oid = i.inhparent WHERE p.relname = ${table.table}`,
    );
    const keepFrom = now.getTime() - table.keepDays * DAY_MS;
    for (const { name } of partitions) {
      const start = /_(\d{4})(\d{2})(\d{2})$/.exec(name);
      if (!start) continue;
      const end = Date.parse(`${start[1]}-${start[2]}-${start[3]}T00:00:00Z`) + table.partitionDays * DAY_MS;
      if (end > keepFrom) continue;
      await db.execute(sql.raw(`DROP TABLE IF EXISTS ${name}`));
      dropped.push(name);
    }
  }
  const rollupsFrom = iso(now.getTime() - METRIC_TABLES.hourly.keepDays * DAY_MS);
  await db.execute(sql`DELETE FROM site_metrics_hourly WHERE hour < ${rollupsFrom}`);
  await db.execute(sql`DELETE FROM device_metrics_daily WHERE day < ${rollupsFrom}`);
  await db.execute(sql`DELETE FROM site_alerts_hourly WHERE hour < ${rollupsFrom}`);
  return dropped;
}

export type MetricPoint = { at: string } & Record<string, number | null>;

/**
 * One device's series: every sample of the last 24 hours, hourly averages of the last 7 days, or daily
 * ones of the last 30 (device_metrics_daily, by its primary key (agent_id, day): 31 rows).
 */
export async function readMetricSeries(
  db: Database,
  agentId: number,
  range: '24h' | '7d' | '30d',
  now: Date,
): Promise<MetricPoint[]> {
  if (range === '24h') {
    return queryRows<MetricPoint>(
      db,
      sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, ${readList}
        FROM device_metrics WHERE agent_id = ${agentId} AND at > ${iso(now.getTime() - DAY_MS)}
        AND at <= ${now.toISOString()} ORDER BY at`,
    );
  }
  if (range === '7d') return readHourlySeries(db, agentId, now.getTime() - 7 * DAY_MS, now.getTime());
  // A day's row starts at its midnight: the first day is the one 30 days ago falls in.
  return queryRows<MetricPoint>(
    db,
    sql`SELECT to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, hours, ${readList}
      FROM device_metrics_daily WHERE agent_id = ${agentId} AND day > ${iso(now.getTime() - 31 * DAY_MS)}
      AND day <= ${now.toISOString()} ORDER BY day`,
  );
}

/**
 * One device's hourly rows with from < hour <= to, by the primary key (agent_id, hour): a 30-day range is
 * 720 rows of one index range, whatever the fleet's size.
 */
export async function readHourlySeries(
  db: Database,
  agentId: number,
  from: number,
  to: number,
): Promise<MetricPoint[]> {
  return queryRows<MetricPoint>(
    db,
    sql`SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, ${readList}
      FROM device_metrics_hourly WHERE agent_id = ${agentId} AND hour > ${iso(from)}
      AND hour <= ${iso(to)} ORDER BY hour`,
  );
}

export type ItemRow = { at: string; seconds: number; items: MetricItems | null };

/**
 * One device's items per hour (24 hours, 7 days: the hourly rows, and the hours not rolled up yet summed up
 * from the samples as the rollup will) or per UTC day (30 days: the daily rows), by the same primary keys and
 * index as its other series. `seconds` is what the hour's or day's counts were counted over.
 */
export async function readItemRows(
  db: Database,
  agentId: number,
  range: '24h' | '7d' | '30d',
  now: Date,
): Promise<ItemRow[]> {
  const at = (column: string) =>
    sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`);
  if (range === '30d') {
    const rows = await queryRows<{ at: string; hours: number; items: MetricItems | null }>(
      db,
      sql`SELECT ${at('day')} AS at, hours, items FROM device_metrics_daily WHERE agent_id = ${agentId}
        AND day > ${iso(now.getTime() - 31 * DAY_MS)} AND day <= ${now.toISOString()} ORDER BY day`,
    );
    return rows.map((row) => ({ at: row.at, seconds: row.hours * 3600, items: row.items }));
  }
  const from = now.getTime() - (range === '24h' ? DAY_MS : 7 * DAY_MS);
  const mark = (await rolledUpTo(db)) ?? now.getTime() - METRIC_TABLES.samples.keepDays * DAY_MS;
  const [hours, recent] = await Promise.all([
    queryRows<{ at: string; items: MetricItems | null }>(
      db,
      sql`SELECT ${at('hour')} AS at, items FROM device_metrics_hourly WHERE agent_id = ${agentId}
        AND hour > ${iso(from - HOUR_MS)} AND hour < ${iso(mark)} ORDER BY hour`,
    ),
    queryRows<{ at: string; items: MetricItems | null }>(
      db,
      sql`SELECT ${at('r.at')} AS at, r.items FROM (${itemRollup(
        'device_metrics',
        'at',
        sql`date_trunc('hour', at)`,
        Math.max(mark, from - HOUR_MS),
        now.getTime() + 1,
        agentId,
      )}) r ORDER BY r.at`,
    ),
  ]);
  // The hour now falls in is counted so far, not over a whole hour.
  const seconds = (hour: string) => Math.min(3600, Math.max(60, (now.getTime() - Date.parse(hour)) / 1000));
  return [...hours, ...recent.filter((row) => Date.parse(row.at) >= mark)].map((row) => ({
    at: row.at,
    seconds: seconds(row.at),
    items: row.items,
  }));
}

/** A gateway's failovers (the `wan_failover` events) with from < at <= to, the latest 200, oldest first. */
export async function readFailovers(
  db: Database,
  agentId: number,
  from: number,
  to: number,
): Promise<{ at: string; from: string; to: string }[]> {
  const rows = await queryRows<{ at: string; from: string; to: string }>(
    db,
    sql`SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at,
        data ->> 'from' AS "from", data ->> 'to' AS "to"
      FROM device_events WHERE agent_id = ${agentId} AND type = 'wan_failover'
        AND occurred_at > ${iso(from)} AND occurred_at <= ${iso(to)}
      ORDER BY occurred_at DESC LIMIT 200`,
  );
  return rows.reverse();
}
