// The demo's 30 days of telemetry history (docs/telemetry.md#demo-history): every live device gets its agent
// (without a credential, so the simulator's first call adopts it and keeps the history) and an hourly rollup
// row per hour it was in service, and every site and cloud its hourly figures, so each range of the
// dashboards and Statistics pages draws a whole chart at once; the simulator's heartbeats carry on from the
// hour the demo was seeded. One statement per table: the hours come from generate_series, the numbers from
// each device's family and model, a daily rhythm in its site's time zone and a deterministic jitter.
import { sql } from 'drizzle-orm';
import { INITIAL_AGENT_STATE } from '../../../core/fleet/agent-state.ts';
import { modelHardware, portCount } from '../../../core/product-hardware.ts';
import {
  ensureMetricPartitions,
  METRIC_TABLES,
  markRolledUpTo,
  recountSiteAlerts,
  rollupDays,
  rollupSiteHours,
} from '../../fleet/metric-store.ts';
import type { Database } from '../connect.ts';
import { jsonRows, queryRows } from '../rows.ts';
import { itemShapes, seedFailovers, seedItems } from './demo-metric-items.ts';

/** How many days of hourly rollups the demo starts with. */
export const DEMO_HISTORY_DAYS = 30;
const HOUR_MS = 3_600_000;
/** The bytes an hour at 1 Mbit/s carries. */
const BYTES_PER_MBPS_HOUR = (1_000_000 / 8) * 3600;
const DAY_MS = 24 * HOUR_MS;

type AgentRow = { agent_id: number; product_type: string; product_brand_id: number };

/** Throughput in Mbit/s at night (base) and added at the busiest hour (span), by family. */
const TRAFFIC: Record<string, { base: number; span: number }> = {
  switch: { base: 20, span: 600 },
  gateway: { base: 10, span: 320 },
  smartnvr: { base: 40, span: 5 },
};

/**
 * What the numbers of a device's rows depend on besides the hour, worked out once per device from its
 * family and model (its radios, ports and link): k is the device's own scale, from 0.5 to 1.5.
 */
type DeviceShape = {
  agent_id: number;
  k: number;
  /** Access radios per band, and a 60 GHz mesh radio. */
  b24: boolean;
  b5: boolean;
  b6: boolean;
  b60: boolean;
  /** Serves wireless clients: how many at the busiest hour, and the shares of 2.4 and 5 GHz. */
  ap: boolean;
  clients: number;
  share24: number;
  share5: number;
  /** A radio link (links[]) or a Wi-Fi mesh (meshPeers[]). */
  link: boolean;
  mesh: boolean;
  capacity: number;
  max_mcs: number;
  /** The link's noise floor and the signal-to-noise ratio it wanders around, as the simulator's links do. */
  link_noise: number;
  link_snr: number;
  gateway: boolean;
  ports: boolean;
  poe_budget: number | null;
  /** Throughput at night and added at the busiest hour, Mbit/s, and the share received. */
  mbps: number;
  mbps_span: number;
  rx_share: number;
};

function shapeOf(row: AgentRow): DeviceShape {
  const hardware = modelHardware(row.product_brand_id);
  const bands = new Set(hardware?.radios.map((radio) => radio.band) ?? []);
  const link = hardware?.link ?? null;
  const ports = hardware?.ports ?? null;
  const family = row.product_type;
  const k = 0.5 + ((row.agent_id * 0.6180339887) % 1);
  const ap = (family === 'wifi' || family === 'glinq' || family === 'mesh') && bands.size > 0;
  const six = bands.has('6');
  const traffic = link
    ? { base: link.capacityMbps * 0.08, span: link.capacityMbps * 0.45 }
    : (TRAFFIC[family] ?? { base: 1, span: 140 });
  return {
    agent_id: row.agent_id,
    k,
    b24: bands.has('2.4'),
    b5: bands.has('5'),
    b6: six,
    b60: link?.role === 'mesh' && link.band === '60',
    ap,
    clients: ap ? (family === 'mesh' ? 12 : 38) * k : 0,
    share24: six ? 0.2 : 0.3,
    share5: six ? 0.5 : bands.has('2.4') ? 0.7 : 1,
    link: link !== null,
    mesh: family === 'mesh' && link === null,
    capacity: link?.capacityMbps ?? 0,
    max_mcs: link?.maxMcs ?? 0,
    link_noise: link?.band === '60' || link?.band === '80' ? -78 : -95,
    link_snr: 22 + ((row.agent_id * 0.4142135624) % 1) * 16,
    gateway: family === 'gateway',
    ports: ports !== null && portCount(ports) > 0,
    poe_budget: ports && ports.poeBudgetW > 0 ? ports.poeBudgetW : null,
    mbps: traffic.base * k,
    mbps_span: traffic.span * k,
    // Access points and gateways send more to their clients than they receive; links carry more downstream.
    rx_share: family === 'gateway' || family === 'wifi' || family === 'glinq' ? 0.3 : link ? 0.62 : 0.5,
  };
}

/** A series of rows to generate: hourly ones, or daily ones whose numbers are a day's averages. */
type Span = {
  table: 'device_metrics_hourly' | 'device_metrics_daily';
  hours: 1 | 24;
  from: number;
  to: number;
};

/**
 * Every live device's rows of one span, in one statement. busy is 0 at night and 1 mid-afternoon of the
 * site's day (a day's average for daily rows), less at weekends; peak is the busiest hour of the row;
 * n1..n3 are a jitter in [0, 1) per device and row.
 */
async function seedSpan(db: Database, shapes: readonly DeviceShape[], span: Span) {
  const daily = span.hours === 24;
  const step = daily ? sql`interval '1 day'` : sql`interval '1 hour'`;
  const busy = daily
    ? sql`0.37 * weekday`
    : sql`greatest(0, sin(pi() * (extract(hour FROM local_time) - 7) / 14)) * weekday`;
  const bytes = BYTES_PER_MBPS_HOUR * span.hours;
  await db.execute(sql`
    WITH shape AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(shapes)}) AS v(agent_id int, k float8, b24 boolean,
        b5 boolean, b6 boolean, b60 boolean, ap boolean, clients float8, share24 float8, share5 float8,
        link boolean, mesh boolean, capacity float8, max_mcs int, link_noise float8, link_snr float8, gateway boolean, ports boolean,
        poe_budget float8, mbps float8, mbps_span float8, rx_share float8)
    ), hours AS (
      SELECT s.*, g.at, g.at AT TIME ZONE coalesce(t.timezone, 'UTC') AS local_time,
        hashint8(s.agent_id::bigint * 1000003 + extract(epoch FROM g.at)::bigint / 3600) AS seed
      FROM shape s JOIN device_agents a ON a.id = s.agent_id JOIN devices d ON d.id = a.device_id
        LEFT JOIN sites t ON t.id = d.site_id
        CROSS JOIN generate_series(${new Date(span.from).toISOString()}::timestamptz,
          ${new Date(span.to - span.hours * HOUR_MS).toISOString()}::timestamptz, ${step}) AS g(at)
      WHERE g.at >= date_trunc(${daily ? 'day' : 'hour'}, d.created_at)
        AND (d.status_id <> 'STATUS_OFFLINE' OR d.last_seen_at IS NULL OR g.at < d.last_seen_at)
    ), weekdays AS (
      SELECT h.*, CASE WHEN extract(isodow FROM h.local_time) >= 6 THEN 0.45 ELSE 1 END AS weekday FROM hours h
    ), v AS MATERIALIZED (
      SELECT agent_id, at, k, b24, b5, b6, b60, ap, share24, share5, link, mesh, capacity, max_mcs, link_noise,
        link_snr, gateway, ports,
        poe_budget, rx_share, ${busy} AS busy, ${daily ? sql`weekday` : busy} AS peak,
        (seed & 1023)::float8 / 1024 AS n1, ((seed >> 10) & 1023)::float8 / 1024 AS n2,
        ((seed >> 20) & 1023)::float8 / 1024 AS n3,
        clients AS clients_peak, mbps, mbps_span
      FROM weekdays
    ), w AS MATERIALIZED (
      SELECT v.*, (mbps + mbps_span * busy) * (0.9 + 0.2 * n1) * ${bytes} AS bytes,
        round((clients_peak * busy + 3 * n2) * 10) / 10 AS clients,
        round((clients_peak * peak + 3 * n2) * 10) / 10 AS peak_clients,
        link_snr - 1.5 * busy + 2 * n2 - 1 AS snr
      FROM v
    )
    INSERT INTO ${sql.raw(span.table)} (agent_id, ${sql.raw(daily ? 'day, hours' : 'hour')}, samples, cpu, cpu_max,
      mem, mem_max, temp, temp_max, power, power_max, power_budget, clients, clients_max, clients24, clients5,
      clients6, clients60, util24, util5, util6, util60, noise24, noise5, noise6, noise60, retries, rx_bytes,
      tx_bytes, link_rssi, link_rssi_min, link_snr, link_capacity, link_remote_rssi, link_remote_snr, link_mcs,
      link_up, wan_latency, wan_loss, errors)
    SELECT agent_id, at, ${sql.raw(daily ? '24, 1440' : '60')},
      6 + 28 * busy * k + 5 * n1, least(100, 12 + 40 * peak * k + 12 * n1),
      26 + 14 * k + 5 * busy + 2 * n2, 29 + 14 * k + 7 * peak + 3 * n2,
      38 + 9 * busy + 3 * n3, 40 + 11 * peak + 4 * n3,
      CASE WHEN poe_budget IS NULL THEN 7 + 6 * busy * k + n1
        ELSE poe_budget * (0.25 + 0.4 * busy * k + 0.05 * n1) END,
      CASE WHEN poe_budget IS NULL THEN 8 + 8 * peak * k + 2 * n1
        ELSE poe_budget * least(0.95, 0.3 + 0.45 * peak * k + 0.08 * n1) END,
      poe_budget,
      CASE WHEN ap THEN clients END, CASE WHEN ap THEN ceil(peak_clients * 1.3 + 1) END,
      CASE WHEN ap AND b24 THEN round(clients * share24 * 10) / 10 END,
      CASE WHEN ap AND b5 THEN round(clients * share5 * 10) / 10 END,
      CASE WHEN ap AND b6 THEN round(clients * 3) / 10 END,
      CASE WHEN ap THEN 0 END,
      CASE WHEN b24 THEN 12 + 48 * busy + 6 * n1 END, CASE WHEN b5 THEN 5 + 34 * busy + 5 * n2 END,
      CASE WHEN b6 THEN 2 + 16 * busy + 3 * n3 END, CASE WHEN b60 THEN 6 + 30 * busy + 4 * n1 END,
      CASE WHEN b24 THEN -96 + 4 * n2 END, CASE WHEN b5 THEN -101 + 3 * n3 END,
      CASE WHEN b6 THEN -104 + 3 * n1 END, CASE WHEN b60 THEN -78 + 2 * n2 END,
      CASE WHEN ap THEN 3 + 11 * busy + 3 * n3 END,
      (bytes * rx_share)::bigint, (bytes * (1 - rx_share))::bigint,
      CASE WHEN link OR mesh THEN link_noise + snr END, CASE WHEN link OR mesh THEN link_noise + snr - 2 - 4 * n3 END,
      CASE WHEN link OR mesh THEN snr END,
      CASE WHEN link THEN capacity * (0.88 + 0.12 * n2) WHEN mesh THEN 600 + 500 * n2 END,
      CASE WHEN link THEN link_noise + snr - 2 + 4 * n1 END, CASE WHEN link THEN snr - 1.5 + 3 * n3 END,
      CASE WHEN link THEN greatest(0, max_mcs - round(2 * n3 + 2 * busy)) END,
      CASE WHEN link THEN CASE WHEN n1 > ${daily ? 0.8 : 0.992} THEN ${daily ? sql`0.985 + 0.015 * n2` : sql`0.6 + 0.3 * n2`} ELSE 1 END END,
      CASE WHEN gateway THEN 7 + 18 * busy * k + 6 * n1 END,
      CASE WHEN gateway THEN CASE WHEN n2 > 0.97 THEN 0.5 + 2 * n3 ELSE 0.1 * busy * n3 END END,
      CASE WHEN ports THEN floor(power(n3, 12) * ${40 * span.hours}) END
    FROM w`);
}

/** Days of the history kept hour by hour; the days before them are seeded as daily rows only. */
const HOURLY_DAYS = 7;

/** 0.15 per hour and the rhythm's sine over its 15 daytime hours: a day's weights, whatever hour it starts. */
const DAY_WEIGHT = 0.15 * 24 + 1 / Math.tan(Math.PI / 28);

/**
 * The sites' and clouds' hours of the days seeded as daily rows only: each day's clients and traffic
 * spread over its hours by the site's daily rhythm, so a 30-day dashboard reads the same figures per day.
 */
async function seedSiteDays(db: Database, from: number, to: number) {
  await db.execute(sql`
    WITH days AS (
      SELECT d.cloud_id, CASE WHEN GROUPING(d.site_id) = 1 THEN 0 ELSE d.site_id END AS site_id, m.day,
        count(*) AS devices, sum(m.clients) AS clients, sum(m.rx_bytes) AS rx_bytes, sum(m.tx_bytes) AS tx_bytes
      FROM device_metrics_daily m JOIN device_agents a ON a.id = m.agent_id JOIN devices d ON d.id = a.device_id
      WHERE m.day >= ${new Date(from).toISOString()} AND m.day < ${new Date(to).toISOString()}
      GROUP BY GROUPING SETS ((d.cloud_id, m.day, d.site_id), (d.cloud_id, m.day))
      HAVING GROUPING(d.site_id) = 1 OR d.site_id IS NOT NULL
    ), spread AS (
      SELECT x.*, g.hour, 0.15 + greatest(0, sin(pi() *
        (extract(hour FROM g.hour AT TIME ZONE coalesce(t.timezone, 'UTC')) - 7) / 14)) AS w
      FROM days x LEFT JOIN sites t ON t.id = x.site_id
        CROSS JOIN generate_series(x.day, x.day + interval '23 hours', interval '1 hour') AS g(hour)
    )
    INSERT INTO site_metrics_hourly (cloud_id, site_id, hour, devices, clients, rx_bytes, tx_bytes)
    SELECT cloud_id, site_id, hour, devices, clients * w * 24 / ${DAY_WEIGHT},
      (rx_bytes * w / ${DAY_WEIGHT})::bigint, (tx_bytes * w / ${DAY_WEIGHT})::bigint
    FROM spread`);
}

/**
 * Seeds the agents of every live device, its hourly rows of the last 8 days and its daily rows of the
 * last 30 (the most recent ones summed up from the hours, as the rollup does), the sites' and clouds'
 * hours, and the alerts' hours; then marks the hours before the current one as rolled up.
 */
export async function seedMetricHistory(db: Database, now: Date): Promise<void> {
  const to = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  const today = Math.floor(to / DAY_MS) * DAY_MS;
  const hourlyFrom = today - HOURLY_DAYS * DAY_MS;
  await ensureMetricPartitions(db, now, { hourly: HOURLY_DAYS + 1 });
  const agents = await queryRows<AgentRow>(
    db,
    sql`INSERT INTO device_agents (cloud_id, device_id, state)
      SELECT cloud_id, id, ${JSON.stringify(INITIAL_AGENT_STATE)}::jsonb FROM devices WHERE deleted_at IS NULL
      RETURNING id AS agent_id,
        (SELECT product_type FROM devices d WHERE d.id = device_agents.device_id) AS product_type,
        (SELECT product_brand_id FROM devices d WHERE d.id = device_agents.device_id) AS product_brand_id`,
  );
  const shapes = agents.map(shapeOf);
  // The rows of a span are worked out in memory, not in temporary files (the demo's transaction only).
  await db.execute(sql`SET LOCAL work_mem = '64MB'`);
  await seedSpan(db, shapes, { table: 'device_metrics_hourly', hours: 1, from: hourlyFrom, to });
  await seedSpan(db, shapes, {
    table: 'device_metrics_daily',
    hours: 24,
    from: today - DEMO_HISTORY_DAYS * DAY_MS,
    to: today,
  });
  const items = agents.flatMap(itemShapes);
  await seedItems(db, items, 'device_metrics_hourly', hourlyFrom, to);
  await seedItems(db, items, 'device_metrics_daily', today - DEMO_HISTORY_DAYS * DAY_MS, today);
  await seedFailovers(db, items, today - DEMO_HISTORY_DAYS * DAY_MS, to);
  // Today so far, from its hours, as the rollup sums it up again each hour.
  await rollupDays(db, to - HOUR_MS, to);
  await seedSiteDays(db, today - DEMO_HISTORY_DAYS * DAY_MS, hourlyFrom);
  await rollupSiteHours(db, hourlyFrom, to);
  await recountSiteAlerts(db, to - METRIC_TABLES.hourly.keepDays * DAY_MS, to);
  await markRolledUpTo(db, to);
}
