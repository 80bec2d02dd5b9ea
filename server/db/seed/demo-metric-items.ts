// The demo's per-item history (docs/telemetry.md#demo-history): each seeded hourly and daily row gets its
// radios, SSIDs, ports, WAN ports, cameras and storage, split from the row's own numbers by a fixed share per
// item, so the items of a row add up to the device's totals; and each gateway with a second uplink a few
// failovers over the month. One statement per table.
import { sql } from 'drizzle-orm';
import { modelHardware, portCount } from '../../../core/product-hardware.ts';
import type { Database } from '../connect.ts';
import { jsonRows } from '../rows.ts';

type AgentRow = { agent_id: number; product_type: string; product_brand_id: number };

/** One item of a device: its family and key, its share of the row's traffic, and a factor of its own. */
type ItemShape = { agent_id: number; f: string; k: string; share: number; x: number; name: string | null };

/** The simulator's SSIDs (sim/places.ts), by their share of an access point's clients. */
const SSIDS = [
  ['Office', 0.55],
  ['Office-Guest', 0.3],
  ['Office-IoT', 0.15],
] as const;
/** The simulator's recorders: eight cameras each, and 4 TB of recording storage. */
const CAMERAS = 8;
const DAY_MS = 24 * 3_600_000;
const STORAGE_BYTES = 4_000_000_000_000;

/** A fixed number in [0, 1) per device and item. */
const jitter = (agentId: number, n: number) =>
  ((((agentId * 7919 + n * 104_729) * 0.6180339887) % 1) + 1) % 1;

/** Shares that add up to 1, from weights. */
const normalised = (weights: readonly number[]) => {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => (total > 0 ? weight / total : 0));
};

export function itemShapes(row: AgentRow): ItemShape[] {
  const hardware = modelHardware(row.product_brand_id);
  const family = row.product_type;
  const item = (f: string, k: string, share: number, x = 1, name: string | null = null): ItemShape => ({
    agent_id: row.agent_id,
    f,
    k,
    share,
    x,
    name,
  });
  const items: ItemShape[] = [];
  const bands = [...new Set(hardware?.radios.map((radio) => radio.band) ?? [])];
  const ap = (family === 'wifi' || family === 'glinq' || family === 'mesh') && bands.length > 0;
  if (ap) {
    // The busier bands carry more: 5 GHz most, 6 GHz next, 2.4 GHz least; 2.4 GHz sends more again.
    const weights = bands.map((band) => (band === '5' ? 0.6 : band === '6' ? 0.3 : 0.2));
    normalised(weights).forEach((share, n) => {
      const band = bands[n] as string;
      items.push(item('radio', band, share, band === '2.4' ? 1.4 : band === '6' ? 0.6 : 0.9));
    });
    for (const [ssid, share] of SSIDS) items.push(item('ssid', ssid, share));
  }
  const ports = hardware?.ports ?? null;
  if (ports && portCount(ports) > 0 && (family === 'switch' || family === 'gateway')) {
    // Most ports cabled, a few busy: the uplink (the last cabled one) carries the most.
    const count = portCount(ports);
    const cabled = Array.from({ length: count }, (_, n) => n + 1).filter(
      (port, n) => n === 0 || port === count || jitter(row.agent_id, port) < 0.7,
    );
    const shares = normalised(
      cabled.map((port, n) => (n === cabled.length - 1 ? 4 : 0.2 + jitter(row.agent_id, port + 100))),
    );
    const powered = cabled.filter((port) => port <= ports.poePorts && jitter(row.agent_id, port + 200) < 0.8);
    const draws = normalised(powered.map((port) => 0.3 + jitter(row.agent_id, port + 300)));
    cabled.forEach((port, n) => {
      const draw = powered.indexOf(port);
      items.push(item('port', String(port), shares[n] as number, draw < 0 ? 0 : (draws[draw] as number)));
    });
  }
  if (family === 'gateway' && hardware) {
    const wans = [
      ...Array.from({ length: hardware.wanPorts }, (_, n) => `wan${n + 1}`),
      ...(hardware.cellular ? [hardware.cellular === '5G' ? '5g' : 'lte'] : []),
    ];
    // The first uplink carries the traffic; the others their keepalives, at a longer round trip.
    wans.forEach((wan, n) => {
      items.push(item('wan', wan, n === 0 ? 1 : 0.0005, n === 0 ? 1 : 2.5));
    });
  }
  if (family === 'smartnvr') {
    for (let n = 1; n <= CAMERAS; n++) {
      const kbps = 1500 + Math.round(jitter(row.agent_id, n) * 4500);
      items.push(item('camera', `cam-${n}`, 0, kbps, `Camera ${String(n).padStart(2, '0')}`));
    }
    items.push(item('storage', 'recordings', 0, STORAGE_BYTES));
  }
  return items;
}

/**
 * Sets the items of the seeded rows of [from, to) of a table from the rows' own numbers: a radio's, SSID's,
 * port's or WAN port's share of the traffic (and of the clients, errors and PoE draw), a camera's bitrate
 * around its own, the storage filling up and being overwritten over the month.
 */
export async function seedItems(
  db: Database,
  shapes: readonly ItemShape[],
  table: 'device_metrics_hourly' | 'device_metrics_daily',
  from: number,
  to: number,
): Promise<void> {
  if (shapes.length === 0) return;
  // A day of rows per statement keeps each well inside the statement timeout on a busy server
  // (docs/security.md#when-the-database-fails): the eight days of hours in one took 5 s on a quiet one.
  for (let start = from; start < to; start += DAY_MS) {
    await setItems(db, shapes, table, start, Math.min(to, start + DAY_MS));
  }
}

async function setItems(
  db: Database,
  shapes: readonly ItemShape[],
  table: 'device_metrics_hourly' | 'device_metrics_daily',
  from: number,
  to: number,
): Promise<void> {
  const column = sql.raw(table === 'device_metrics_daily' ? 'day' : 'hour');
  const noise = sql`((hashint8(m.agent_id::bigint * 7919 + extract(epoch FROM m.${column})::bigint / 3600
    + ascii(i.k)) & 1023)::float8 / 1024)`;
  await db.execute(sql`
    WITH i AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(shapes)})
        AS v(agent_id int, f text, k text, share float8, x float8, name text)
    ), per_family AS (
      SELECT m.agent_id, m.${column} AS at, i.f, jsonb_object_agg(i.k, CASE i.f
        WHEN 'radio' THEN jsonb_strip_nulls(jsonb_build_object('rx', round(m.rx_bytes * i.share),
          'tx', round(m.tx_bytes * i.share), 'retries', round((m.retries * i.x)::numeric, 2)))
        WHEN 'ssid' THEN jsonb_build_object('rx', round(m.rx_bytes * i.share), 'tx', round(m.tx_bytes * i.share),
          'clients', round((coalesce(m.clients, 0) * i.share)::numeric, 2))
        WHEN 'port' THEN jsonb_build_object('rx', round(m.rx_bytes * i.share), 'tx', round(m.tx_bytes * i.share),
          'errors', round(coalesce(m.errors, 0) * i.share),
          'poe', round((CASE WHEN m.power_budget IS NULL THEN 0 ELSE m.power * i.x END)::numeric, 2))
        WHEN 'wan' THEN jsonb_strip_nulls(jsonb_build_object('rx', round(m.rx_bytes * i.share),
          'tx', round(m.tx_bytes * i.share), 'up', 1, 'latency', round((m.wan_latency * i.x)::numeric, 2),
          'loss', round((m.wan_loss * i.x)::numeric, 2)))
        WHEN 'camera' THEN jsonb_build_object('name', i.name, 'kbps', round(i.x * (0.85 + 0.3 * ${noise})),
          'streaming', CASE WHEN ${noise} > 0.995 THEN 0.5 ELSE 1 END)
        ELSE jsonb_build_object('total', i.x, 'used', round(i.x * (0.7 + 0.25 *
          ((extract(epoch FROM m.${column}) / (86400 * 26) + i.agent_id * 0.37) % 1))))
      END) AS items
      FROM ${sql.raw(table)} m JOIN i ON i.agent_id = m.agent_id
      WHERE m.${column} >= ${new Date(from).toISOString()} AND m.${column} < ${new Date(to).toISOString()}
      GROUP BY m.agent_id, m.${column}, i.f
    ), per_row AS (
      SELECT agent_id, at, jsonb_object_agg(f, items) AS items FROM per_family GROUP BY agent_id, at
    )
    UPDATE ${sql.raw(table)} m SET items = per_row.items FROM per_row
    WHERE m.agent_id = per_row.agent_id AND m.${column} = per_row.at`);
}

/** One of a gateway's failovers falls in the last days, so the 7-day charts show one. */
const RECENT_MS = 3 * DAY_MS;

/**
 * A gateway with a second uplink fails over to it about once a week for a few minutes, and back: the
 * `wan_failover` events its charts mark (docs/telemetry.md#gateways).
 */
export async function seedFailovers(db: Database, shapes: readonly ItemShape[], from: number, to: number) {
  const gateways = new Map<number, string[]>();
  for (const shape of shapes) {
    if (shape.f !== 'wan') continue;
    gateways.set(shape.agent_id, [...(gateways.get(shape.agent_id) ?? []), shape.k]);
  }
  const rows = [...gateways.entries()]
    .filter(([, wans]) => wans.length > 1)
    .map(([agent_id, wans]) => ({ agent_id, primary: wans[0], backup: wans[1] }));
  if (rows.length === 0) return;
  await db.execute(sql`
    WITH g AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(agent_id int, "primary" text, backup text)
    ), outages AS (
      SELECT g.*, a.cloud_id, CASE WHEN n = 1 THEN ${new Date(to - RECENT_MS).toISOString()}::timestamptz
          ELSE ${new Date(from).toISOString()}::timestamptz END
        + make_interval(secs => (hashint8(g.agent_id::bigint * 31 + n) & 1048575)::float8 / 1048576
          * CASE WHEN n = 1 THEN ${RECENT_MS / 1000}::float8 ELSE ${(to - from) / 1000}::float8 END) AS at,
        5 + (hashint8(g.agent_id::bigint * 17 + n) & 15) AS minutes
      FROM g JOIN device_agents a ON a.id = g.agent_id CROSS JOIN generate_series(1, 4) AS n
    )
    INSERT INTO device_events (cloud_id, agent_id, seq, type, data, occurred_at, received_at)
    SELECT cloud_id, agent_id, 0, 'wan_failover', jsonb_build_object('from', "primary", 'to', backup), at, at
    FROM outages
    UNION ALL
    SELECT cloud_id, agent_id, 0, 'wan_failover', jsonb_build_object('from', backup, 'to', "primary"),
      at + make_interval(mins => minutes), at + make_interval(mins => minutes)
    FROM outages WHERE at + make_interval(mins => minutes) < ${new Date(to).toISOString()}`);
}
