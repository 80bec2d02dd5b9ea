// The metrics store: bytes per device per day, and the time to read one device's 24 h and 30 day series
// beside the database's own execution time for the same statement (EXPLAIN ANALYZE). Writes a day of
// 60 s samples for BENCH_FINE_DEVICES devices and 30 days of hourly rollups for BENCH_HOURLY_DEVICES
// devices with generate_series. Run with `npm run bench -- metrics`.
//   BENCH_DATABASE_URL     PostgreSQL database to use (its metrics are replaced); else a fresh PGlite data dir
//   BENCH_FINE_DEVICES     default 2000
//   BENCH_HOURLY_DEVICES   default 10000
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/connect.ts';
import { queryRows } from '../server/db/rows.ts';
import { ensureMetricPartitions, readMetricSeries } from '../server/fleet/metric-store.ts';

const DAY_MS = 86_400_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number).toFixed(2);
};

export async function runMetrics(): Promise<void> {
  const fine = Number(process.env.BENCH_FINE_DEVICES || 2000);
  const hourly = Number(process.env.BENCH_HOURLY_DEVICES || 10000);
  const dataDir = mkdtempSync(join(tmpdir(), 'console-metrics-'));
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir });
  const { db } = database;
  const now = new Date();
  await db.execute(sql`TRUNCATE device_metrics, device_metrics_hourly`);
  for (let back = 31; back >= 0; back--)
    await ensureMetricPartitions(db, new Date(now.getTime() - back * DAY_MS));

  let started = performance.now();
  await db.execute(sql`
    INSERT INTO device_metrics (agent_id, at, cpu, mem, temp, power, clients, clients24, clients5, clients60,
      util24, util5, util60, noise24, noise5, noise60, rx_bytes, tx_bytes, link_rssi, link_snr, link_capacity)
    SELECT a, ${now.toISOString()}::timestamptz - make_interval(secs => m * 60 + a % 60), 10 + (a * m) % 80,
      40 + m % 30, 50 + m % 10, 12.5, (a + m) % 30, (a + m) % 10, (a + m) % 20, 0, (m % 60), (m % 40), NULL,
      -95, -101, NULL, 1000000 + m * 7, 200000 + m * 3, NULL, NULL, NULL
    FROM generate_series(1, ${fine}) a, generate_series(0, 1439) m`);
  const fineSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await db.execute(sql`
    INSERT INTO device_metrics_hourly (agent_id, hour, samples, cpu, cpu_max, mem, mem_max, temp, temp_max, power,
      power_max, clients, clients_max, clients24, clients5, clients60, util24, util5, util60, noise24, noise5,
      noise60, rx_bytes, tx_bytes, link_rssi, link_rssi_min, link_snr, link_capacity)
    SELECT a, date_trunc('hour', ${now.toISOString()}::timestamptz) - make_interval(hours => h), 60, 20, 55, 45, 50,
      52, 55, 12.5, 14, 9.5, 20, 3.2, 6.3, 0, 30, 20, NULL, -95, -101, NULL, 60000000, 12000000, NULL, NULL, NULL, NULL
    FROM generate_series(1, ${hourly}) a, generate_series(1, 720) h`);
  const hourlySeconds = (performance.now() - started) / 1000;
  await db.execute(sql`VACUUM ANALYZE device_metrics`);
  await db.execute(sql`VACUUM ANALYZE device_metrics_hourly`);

  console.log(
    `${database.kind}: ${fine} devices x 1440 samples written in ${fineSeconds.toFixed(1)} s; ${hourly} devices x 720 hourly rows in ${hourlySeconds.toFixed(1)} s`,
  );
  for (const [table, perDay] of [
    ['device_metrics', 1440],
    ['device_metrics_hourly', 24],
  ] as const) {
    const [size] = await queryRows<{ bytes: number; rows: number }>(
      db,
      sql`SELECT sum(pg_total_relation_size(c.oid))::float8 AS bytes,
          (SELECT count(*) FROM ${sql.raw(table)})::float8 AS rows
        FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
        WHERE p.relname = ${table}`,
    );
    const perRow = (size?.bytes ?? 0) / (size?.rows ?? 1);
    console.log(
      `${table}: ${perRow.toFixed(0)} bytes a row with its index, ${((perRow * perDay) / 1000).toFixed(1)} kB a device a day (${perDay} rows)`,
    );
  }

  for (const range of ['24h', '30d'] as const) {
    const agents = Array.from(
      { length: 200 },
      (_, n) => 1 + ((n * 7919) % (range === '24h' ? fine : hourly)),
    );
    const times: number[] = [];
    const floor: number[] = [];
    let points = 0;
    for (const agentId of agents) {
      const t = performance.now();
      points += (await readMetricSeries(db, agentId, range, now)).length;
      times.push(performance.now() - t);
      const table = range === '24h' ? 'device_metrics' : 'device_metrics_hourly';
      const column = range === '24h' ? 'at' : 'hour';
      const days = range === '24h' ? 1 : 30;
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        db,
        sql`EXPLAIN (ANALYZE, TIMING OFF) SELECT * FROM ${sql.raw(table)} WHERE agent_id = ${agentId}
          AND ${sql.raw(column)} > ${new Date(now.getTime() - days * DAY_MS).toISOString()}
          AND ${sql.raw(column)} <= ${now.toISOString()} ORDER BY ${sql.raw(column)}`,
      );
      const line = plan
        .map((row) => Object.values(row)[0])
        .find((text) => String(text).startsWith('Execution Time'));
      floor.push(Number(/([\d.]+) ms/.exec(String(line))?.[1] ?? Number.NaN));
    }
    console.log(
      `read one device's ${range} series (${Math.round(points / agents.length)} points): p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms; database execution p50 ${percentile(floor, 50)} ms, p95 ${percentile(floor, 95)} ms`,
    );
  }
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
