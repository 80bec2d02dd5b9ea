// A device's 30-day per-family statistics (docs/telemetry.md) at 100,000 devices: the large cloud
// (`seed-large`) gets 31 daily rows per device with each family's items (an access point's radios and
// SSIDs, a switch's 20 cabled ports, a gateway's WAN ports and ports, a recorder's cameras and storage)
// and 8 failovers per gateway; then, in one run, the two calls a Statistics page makes for the 30-day
// range (GET .../metrics?range=30d and GET .../item-metrics?range=30d) through the real server in this
// process, beside the floor: the database's execution time of the same statements (EXPLAIN ANALYZE).
// Then the storage of the per-item series and of LLDP neighbours, per device and for 100,000 devices over
// 90 days. Run `npm run bench -- seed-large device-statistics`.
//   BENCH_DATABASE_URL   PostgreSQL database with the bench cloud; else data/bench (PGlite)
//   BENCH_REQUESTS       requests per call, default 400
import { sql } from 'drizzle-orm';
import { INITIAL_AGENT_STATE } from '../core/fleet/agent-state.ts';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import type { Database } from '../server/db/connect.ts';
import { queryRows } from '../server/db/rows.ts';
import {
  ensureMetricPartitions,
  itemRollup,
  readFailovers,
  readItemRows,
} from '../server/fleet/metric-store.ts';
import { percentile } from './api-load.ts';
import { BENCH_OWNER_EMAIL, BENCH_PASSWORD, findBenchCloud, openBenchDatabase } from './seed-large.ts';

const APP_VERSION = 'bench';
const DAY_MS = 86_400_000;
const DEVICES_AT_SCALE = 100_000;
const KEEP_DAYS = 90;

/** Each family's items as one heartbeat reports them (core/fleet/metric-items.ts), at realistic sizes. */
function itemsOf(type: string): Record<string, Record<string, Record<string, number | string>>> | null {
  const traffic = (n: number) => ({ rx: 1_234_567_890 + n * 7919, tx: 234_567_890 + n * 104_729 });
  const keyed = <T>(keys: string[], value: (key: string, n: number) => T) =>
    Object.fromEntries(keys.map((key, n) => [key, value(key, n)]));
  if (type === 'wifi')
    return {
      radio: keyed(['2.4', '5', '6'], (_, n) => ({ ...traffic(n), retries: 6.25 })),
      ssid: keyed(['Office', 'Office-Guest', 'Office-IoT'], (_, n) => ({ ...traffic(n), clients: 7.5 })),
    };
  const ports = (count: number) =>
    keyed(
      Array.from({ length: count }, (_, n) => String(n + 1)),
      (_, n) => ({ ...traffic(n), errors: n % 7 === 0 ? 3 : 0, poe: n < 16 ? 7.35 : 0 }),
    );
  if (type === 'switch') return { port: ports(20) };
  if (type === 'gateway')
    return {
      wan: keyed(['wan1', 'wan2'], (_, n) => ({ ...traffic(n), up: 1, latency: 12.5, loss: 0.05 })),
      port: ports(6),
    };
  if (type === 'smartnvr')
    return {
      camera: keyed(
        Array.from({ length: 8 }, (_, n) => `cam-${n + 1}`),
        (key) => ({ name: `Camera ${key.slice(4).padStart(2, '0')}`, kbps: 4250, streaming: 1 }),
      ),
      storage: { recordings: { used: 3_100_000_000_000, total: 4_000_000_000_000 } },
    };
  return null;
}
const FAMILIES = ['wifi', 'switch', 'gateway', 'smartnvr'];

/** The bench cloud's devices get their agents, 31 days of daily rows with items, and failovers (once). */
async function prepare(db: Database, cloudId: number) {
  await db.execute(sql`
    INSERT INTO device_agents (cloud_id, device_id, state)
    SELECT d.cloud_id, d.id, ${JSON.stringify(INITIAL_AGENT_STATE)}::jsonb FROM devices d
    WHERE d.cloud_id = ${cloudId} AND NOT EXISTS (SELECT 1 FROM device_agents a WHERE a.device_id = d.id)`);
  const [written] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM device_metrics_daily m JOIN device_agents a ON a.id = m.agent_id
      JOIN devices d ON d.id = a.device_id WHERE d.cloud_id = ${cloudId}`,
  );
  if ((written?.n ?? 0) > 0) return;
  const templates = FAMILIES.map((type) => ({ type, items: itemsOf(type) }));
  const started = performance.now();
  await db.execute(sql`
    WITH t AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(templates)}::jsonb) AS v(type text, items jsonb))
    INSERT INTO device_metrics_daily (agent_id, day, hours, samples, cpu, cpu_max, mem, mem_max, temp, temp_max,
      power, power_max, power_budget, clients, clients_max, clients24, clients5, util24, util5, noise24, noise5,
      retries, rx_bytes, tx_bytes, wan_latency, wan_loss, errors, items)
    SELECT a.id, date_trunc('day', now(), 'UTC') - make_interval(days => g), 24, 1440, 20 + a.id % 30, 60, 40, 55,
      45, 52, 30, 44, CASE WHEN d.product_type = 'switch' THEN 370 END,
      CASE WHEN d.product_type = 'wifi' THEN 12.5 END, CASE WHEN d.product_type = 'wifi' THEN 30 END,
      CASE WHEN d.product_type = 'wifi' THEN 4 END, CASE WHEN d.product_type = 'wifi' THEN 8.5 END,
      CASE WHEN d.product_type = 'wifi' THEN 35 END, CASE WHEN d.product_type = 'wifi' THEN 18 END,
      CASE WHEN d.product_type = 'wifi' THEN -95 END, CASE WHEN d.product_type = 'wifi' THEN -101 END,
      CASE WHEN d.product_type = 'wifi' THEN 6.25 END, 90000000000 + a.id, 20000000000 + g,
      CASE WHEN d.product_type = 'gateway' THEN 12.5 END, CASE WHEN d.product_type = 'gateway' THEN 0.05 END,
      CASE WHEN d.product_type IN ('switch', 'gateway') THEN 40 END, t.items
    FROM devices d JOIN device_agents a ON a.device_id = d.id LEFT JOIN t ON t.type = d.product_type
      CROSS JOIN generate_series(0, 30) g
    WHERE d.cloud_id = ${cloudId}
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO device_events (cloud_id, agent_id, seq, type, data, occurred_at)
    SELECT d.cloud_id, a.id, 0, 'wan_failover',
      CASE WHEN n % 2 = 0 THEN '{"from":"wan1","to":"wan2"}'::jsonb ELSE '{"from":"wan2","to":"wan1"}'::jsonb END,
      now() - make_interval(days => 28) + make_interval(hours => n * 80 + a.id % 24)
    FROM devices d JOIN device_agents a ON a.device_id = d.id CROSS JOIN generate_series(0, 7) n
    WHERE d.cloud_id = ${cloudId} AND d.product_type = 'gateway'`);
  await db.execute(sql`VACUUM ANALYZE device_metrics_daily`);
  await db.execute(sql`VACUUM ANALYZE device_events`);
  console.log(
    `wrote 31 daily rows a device and the gateways' failovers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function executionMs(db: Database, statement: ReturnType<typeof sql>) {
  const plan = await queryRows<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, TIMING OFF) ${statement}`);
  const line = plan
    .map((row) => Object.values(row)[0])
    .find((text) => String(text).startsWith('Execution Time'));
  return Number(/([\d.]+) ms/.exec(String(line))?.[1] ?? Number.NaN);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p95 ${percentile(sorted, 95).toFixed(2)} ms`;
};

export async function runDeviceStatistics(): Promise<void> {
  const requests = Number(process.env.BENCH_REQUESTS || 400);
  const database = await openBenchDatabase(30 * 60_000);
  const { db } = database;
  const bench = await findBenchCloud(db);
  if (!bench) {
    await database.close();
    throw new Error('No bench cloud in this database: run `npm run bench -- seed-large` first.');
  }
  await prepare(db, bench.cloudId);
  const devices = await queryRows<{ id: number; agent_id: number; type: string }>(
    db,
    sql`SELECT d.id, a.id AS agent_id, d.product_type AS type FROM devices d JOIN device_agents a ON a.device_id = d.id
      WHERE d.cloud_id = ${bench.cloudId} AND d.deleted_at IS NULL AND d.product_type IN ('wifi', 'switch', 'gateway')
      ORDER BY d.id`,
  );
  const [counts] = await queryRows<{ devices: number; rows: number }>(
    db,
    sql`SELECT (SELECT count(*)::int FROM devices WHERE cloud_id = ${bench.cloudId}) AS devices,
      (SELECT count(*)::int FROM device_metrics_daily) AS rows`,
  );
  console.log(
    `${database.kind}: ${counts?.devices} devices, ${counts?.rows} daily rows; ${requests} requests a call, one connection`,
  );

  const config = readConfig({
    ...process.env,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    API_RATE_LIMIT: '0',
  });
  const app = await buildApp(createContext(database, config, APP_VERSION));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/apiv2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password: BENCH_PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
    const cookie = login.headers
      .getSetCookie()
      .map((c) => c.split(';')[0] ?? '')
      .join('; ');
    const pick = (n: number) => devices[(n * 7919) % devices.length] as (typeof devices)[number];
    const now = new Date();
    // Warmed up first: the server's first requests compile its code paths.
    for (let n = 0; n < 100; n++) {
      for (const path of ['metrics', 'item-metrics']) {
        await fetch(`${base}/apiv2/cloud/${bench.cloudId}/devices/${pick(n + 5000).id}/${path}?range=30d`, {
          headers: { cookie, 'x-app-version': APP_VERSION },
        }).then((response) => response.arrayBuffer());
      }
    }
    for (const call of ['metrics', 'item-metrics', 'both'] as const) {
      const times: number[] = [];
      const floor: number[] = [];
      let bytes = 0;
      for (let n = 0; n < requests; n++) {
        const device = pick(n);
        const get = (path: string) =>
          fetch(`${base}/apiv2/cloud/${bench.cloudId}/devices/${device.id}/${path}?range=30d`, {
            headers: { cookie, 'x-app-version': APP_VERSION },
          }).then(async (response) => {
            if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
            bytes += (await response.arrayBuffer()).byteLength;
          });
        const started = performance.now();
        if (call === 'both') await Promise.all([get('metrics'), get('item-metrics')]);
        else await get(call);
        times.push(performance.now() - started);
        if (n % 4 !== 0) continue;
        // The floor: what the database spends on the call's statements.
        const daily = sql`SELECT * FROM device_metrics_daily WHERE agent_id = ${device.agent_id}
          AND day > ${new Date(now.getTime() - 31 * DAY_MS).toISOString()} AND day <= ${now.toISOString()} ORDER BY day`;
        const failovers = sql`SELECT occurred_at, data FROM device_events WHERE agent_id = ${device.agent_id}
          AND type = 'wan_failover' AND occurred_at > ${new Date(now.getTime() - 30 * DAY_MS).toISOString()}
          AND occurred_at <= ${now.toISOString()} ORDER BY occurred_at DESC LIMIT 200`;
        const device_ms = await executionMs(db, daily);
        floor.push(call === 'metrics' ? device_ms : device_ms + (await executionMs(db, failovers)));
      }
      console.log(
        `GET ${call === 'both' ? 'metrics + item-metrics (as the page makes them, side by side)' : call} ?range=30d: ${summary(times)}, ` +
          `${Math.round(bytes / requests / (call === 'both' ? 2 : 1))} bytes an answer; database execution ${summary(floor)}`,
      );
    }
    // The same reads by the console's own code, without HTTP or the session.
    const direct: number[] = [];
    for (let n = 0; n < requests; n++) {
      const device = pick(n);
      const started = performance.now();
      await Promise.all([
        readItemRows(db, device.agent_id, '30d', now),
        readFailovers(db, device.agent_id, now.getTime() - 30 * DAY_MS, now.getTime()),
      ]);
      direct.push(performance.now() - started);
    }
    console.log(`item rows and failovers read in this process (no HTTP): ${summary(direct)}`);
  } finally {
    await app.close();
  }
  await storage(db);
  await database.close();
}

/** Bytes of the per-item documents per family, what a device needs a day, and 100,000 devices 90 days. */
async function storage(db: Database) {
  const sizes = await queryRows<{ type: string; bytes: number }>(
    db,
    sql`SELECT d.product_type AS type, avg(pg_column_size(m.items))::float8 AS bytes
      FROM device_metrics_daily m JOIN device_agents a ON a.id = m.agent_id JOIN devices d ON d.id = a.device_id
      WHERE m.items IS NOT NULL AND m.day = date_trunc('day', now(), 'UTC') GROUP BY d.product_type ORDER BY 1`,
  );
  // A sample's document and an hour's are the same keys with numbers of the same size.
  console.log('per-item documents (pg_column_size, stored compressed where PostgreSQL does):');
  for (const { type, bytes } of sizes) {
    const samples = bytes * 1440;
    const hours = bytes * 24;
    console.log(
      `  ${type}: ${bytes.toFixed(0)} B a row; a day: ${(samples / 1000).toFixed(1)} kB of samples (kept 2 days), ` +
        `${(hours / 1000).toFixed(1)} kB hourly, ${bytes.toFixed(0)} B daily; kept: ` +
        `${((samples * 2 + (hours + bytes) * KEEP_DAYS) / 1e6).toFixed(2)} MB a device`,
    );
  }
  // The whole fleet as the bench cloud mixes its families (the others report no items).
  const [mix] = await queryRows<{ bytes: number; devices: number }>(
    db,
    sql`SELECT coalesce(sum(pg_column_size(m.items)), 0)::float8 AS bytes, count(*)::float8 AS devices
      FROM device_metrics_daily m WHERE m.day = date_trunc('day', now(), 'UTC')`,
  );
  const perDevice = (mix?.bytes ?? 0) / Math.max(1, mix?.devices ?? 1);
  const [lldp] = await queryRows<{ row: number }>(
    db,
    sql`SELECT (pg_column_size(ROW(1::int, 'ge-0/0/24'::text, '02:4c:10:aa:bb:cc'::text, 'eth0'::text,
      'B0001 Lobby switch 01'::text, now())) + 24 + 40)::float8 AS row`,
  );
  const kept = (perDevice * 1440 * 2 + perDevice * 25 * KEEP_DAYS) * DEVICES_AT_SCALE;
  console.log(
    `fleet mix: ${perDevice.toFixed(0)} B a device a row on average; 100,000 devices, 90 days: ` +
      `${(kept / 1e9).toFixed(1)} GB (${((perDevice * 1440 * 2 * DEVICES_AT_SCALE) / 1e9).toFixed(1)} GB the two days of samples, ` +
      `${((perDevice * 25 * KEEP_DAYS * DEVICES_AT_SCALE) / 1e9).toFixed(1)} GB hourly and daily)`,
  );
  console.log(
    `LLDP: about ${lldp?.row.toFixed(0)} B a neighbour with its tuple header and index entry, updated in place: ` +
      `a switch hearing 20 neighbours holds ${(((lldp?.row ?? 0) * 20) / 1000).toFixed(1)} kB whatever the days kept`,
  );
  // What the rollup costs: an hour of samples of 1,000 switches summed up per item (rolled back).
  await ensureMetricPartitions(db, new Date());
  try {
    await db.transaction(async (tx) => {
      const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
      await tx.execute(sql`
        INSERT INTO device_metrics (agent_id, at, cpu, mem, items)
        SELECT a.id, ${new Date(hour).toISOString()}::timestamptz + make_interval(mins => m), 20, 40,
          ${JSON.stringify(itemsOf('switch'))}::jsonb
        FROM (SELECT a.id FROM device_agents a JOIN devices d ON d.id = a.device_id
          WHERE d.product_type = 'switch' ORDER BY a.id LIMIT 1000) a, generate_series(0, 59) m`);
      const started = performance.now();
      const rows = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM (${itemRollup('device_metrics', 'at', sql`date_trunc('hour', at)`, hour, hour + 3_600_000)}) r`,
      );
      console.log(
        `rollup of the items: an hour of ${rows[0]?.n ?? 0} switches' samples (20 ports each) summed up in ` +
          `${((performance.now() - started) / 1000).toFixed(2)} s`,
      );
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  }
}

class RolledBack extends Error {}
