// Device ingestion: how many heartbeats a second one server process takes, and at what latency, in steady
// state and after an outage of the whole fleet. The bench writes a cloud of N adopted devices straight into
// the database, starts the real server (node server/main.ts) in its own process, and runs the load
// generator (bench/ingest-load.ts) in a third one at each offered rate. Then two outages of all N devices:
// the devices silent for 10 minutes while the console runs (the sweep marks them all offline and alerts;
// timed), then back at the outage rate; and the console down for 10 minutes, restarted, and the devices
// back at once. The floor, measured in the same run, is the same ingest code writing the same heartbeats
// straight to the database, without HTTP. Run with `npm run bench -- ingest`.
//   BENCH_DATABASE_URL    PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_DEVICES         devices in the cloud, default 20000
//   BENCH_RATES           offered heartbeats per second, comma-separated, default 300,1000,1700
//   BENCH_SECONDS         seconds per rate, default 20
//   BENCH_OUTAGE_RATES    offered heartbeats per second after each outage, default the last of BENCH_RATES;
//                         'none' skips the outages
//   BENCH_OUTAGE_SECONDS  seconds of load after each outage, default BENCH_SECONDS
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { STATUS_SWEEP_EVERY_S } from '../core/fleet/status.ts';
import type { Database, DatabaseHandle } from '../server/db/connect.ts';
import { queryRows } from '../server/db/rows.ts';
import { secretBox } from '../server/features/config/seal.ts';
import { parseCredential } from '../server/fleet/credentials.ts';
import { createHeartbeatIngest } from '../server/fleet/heartbeats.ts';
import { writeHeartbeatMetrics } from '../server/fleet/metrics-writer.ts';
import { sweepStatuses } from '../server/fleet/sweep.ts';
import { cpuMs, env, open, root, seedFleet, startServer } from './fleet-server.ts';
import { benchCredential, benchHeartbeat } from './ingest-payload.ts';

type LoadResult = {
  achieved: number;
  heartbeats: number;
  events: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  eventP95: number | null;
  failures: Record<string, number>;
  lastSeq: number;
  nextIndex: number;
  p95BySecond: (number | null)[];
};

const load = () => loadavg()[0]?.toFixed(2);

/**
 * CPU time the server process and the database's client backends (not autovacuum) have used so far. On a
 * machine shared with other work, CPU time per message says what the console costs where latency says how
 * busy the machine was.
 */
async function cpuNow(database: DatabaseHandle | null, serverPid: number) {
  const backends =
    database === null
      ? []
      : await queryRows<{ pid: number }>(
          database.db,
          sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'`,
        );
  const postgres = new Map(backends.map(({ pid }) => [pid, cpuMs(pid)]));
  return { server: cpuMs(serverPid), postgres };
}

type CpuMark = Awaited<ReturnType<typeof cpuNow>>;

/** CPU ms per message between two marks: the server's, and the backends' that were there at both. */
function cpuPerMessage(before: CpuMark, after: CpuMark, messages: number) {
  const per = (ms: number | null) => (ms === null || messages === 0 ? '-' : (ms / messages).toFixed(2));
  const server = before.server === null || after.server === null ? null : after.server - before.server;
  let postgres: number | null = after.postgres.size === 0 ? null : 0;
  for (const [pid, ms] of after.postgres) {
    const was = before.postgres.get(pid);
    if (postgres !== null && ms !== null && was !== undefined && was !== null) postgres += ms - was;
  }
  return `${per(server)} | ${per(postgres)}`;
}
const f = (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : '-');

/** Where the devices' messages stand between runs: each run goes on from the last sequence number and device. */
type Cursor = { seq: number; index: number };

function runLoad(url: string, devices: number, rate: number, seconds: number, cursor: Cursor): LoadResult {
  const args = JSON.stringify({
    url,
    devices,
    rate,
    seconds,
    firstSeq: cursor.seq,
    firstIndex: cursor.index,
    eventShare: 0.01,
  });
  const output = execFileSync(process.execPath, [join(root, 'bench/ingest-load.ts'), args], {
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const result = JSON.parse(output.trim().split('\n').at(-1) as string) as LoadResult;
  cursor.seq = result.lastSeq + 1;
  cursor.index = result.nextIndex;
  return result;
}

const row = (label: string, result: LoadResult, cpu: string) =>
  `| ${label} | ${result.achieved} | ${f(result.p50)} | ${f(result.p95)} | ${f(result.p99)} | ${f(result.eventP95)} | ${JSON.stringify(result.failures)} | ${cpu} |`;

/** A run of the load generator, with the CPU time the console spent on each message it took. */
async function measured(
  database: DatabaseHandle | null,
  server: { url: string; pid: number },
  devices: number,
  rate: number,
  seconds: number,
  cursor: Cursor,
) {
  const before = await cpuNow(database, server.pid);
  const result = runLoad(server.url, devices, rate, seconds, cursor);
  const cpu = cpuPerMessage(before, await cpuNow(database, server.pid), result.heartbeats + result.events);
  return { result, cpu };
}

const bySecond = (result: LoadResult) =>
  `p95 by second (ms): ${result.p95BySecond.map((p95) => (p95 === null ? '-' : Math.round(p95))).join(' ')}`;

/** The floor: the same ingest code writing batches of heartbeats straight to the database, no HTTP. */
async function floor(database: DatabaseHandle, devices: number, batch: number, cursor: Cursor) {
  const ingest = createHeartbeatIngest({
    db: database.db,
    secrets: secretBox(randomBytes(32)),
    intervalS: 60,
    writeMetrics: writeHeartbeatMetrics,
    onAlerts: () => {},
    log: console,
    maxBatch: batch,
  });
  const rounds = 10;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: batch }, (_, n) => {
        const index = (cursor.index + round * batch + n) % devices;
        const credential = parseCredential(`Bearer ${benchCredential(index)}`);
        if (!credential) throw new Error('bad bench credential');
        const body = benchHeartbeat(index, cursor.seq + round);
        return ingest.submit(credential, body as never, JSON.stringify(body).length);
      }),
    );
  }
  cursor.seq += rounds;
  cursor.index = (cursor.index + rounds * batch) % devices;
  return (performance.now() - started) / (rounds * batch);
}

/**
 * Every device as it would be had it reported `minutes` ago and then gone silent, without the sweep having
 * judged it yet: online, healthy, no alert open, its deadlines long past.
 */
async function silentSince(database: DatabaseHandle, minutes: number) {
  // One transaction, so a sweep running meanwhile sees the fleet before or after, never half of it.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE device_agents SET status_id = 'STATUS_ONLINE',
        last_heartbeat_at = now() - make_interval(mins => ${minutes}),
        skip_after = now() - make_interval(mins => ${minutes}) + interval '90 seconds',
        offline_after = now() - make_interval(mins => ${minutes}) + interval '210 seconds'`);
    await tx.execute(
      sql`UPDATE devices SET status_id = 'STATUS_ONLINE', health_id = 'HEALTH_NORMAL' WHERE status_id <> 'STATUS_ONLINE'`,
    );
    await tx.execute(sql`UPDATE alerts SET resolved_at = now() WHERE resolved_at IS NULL`);
  });
  await database.db.execute(sql`VACUUM (ANALYZE) device_agents, devices, alerts`);
}

const countOf = async (db: Database, query: ReturnType<typeof sql>) =>
  (await queryRows<{ n: number }>(db, query))[0]?.n ?? 0;

/** How long until the running console's sweep has marked every device offline and raised its alert. */
async function timeSweep(db: Database, devices: number): Promise<string> {
  const started = performance.now();
  for (;;) {
    const offline = await countOf(
      db,
      sql`SELECT count(*)::int AS n FROM device_agents WHERE status_id = 'STATUS_OFFLINE'`,
    );
    const alerted = await countOf(
      db,
      sql`SELECT count(*)::int AS n FROM alerts WHERE alert_type = 'DEV_UNREACHABLE' AND resolved_at IS NULL`,
    );
    const seconds = (performance.now() - started) / 1000;
    if (offline >= devices && alerted >= devices) return `after ${seconds.toFixed(1)} s`;
    if (seconds > 300) return `not after 300 s: ${offline} offline and ${alerted} alerted`;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function runIngest(): Promise<void> {
  const devices = Number(env('BENCH_DEVICES', '20000'));
  const rates = env('BENCH_RATES', '300,1000,1700').split(',').map(Number);
  const seconds = Number(env('BENCH_SECONDS', '20'));
  const outageSetting = env('BENCH_OUTAGE_RATES', String(rates.at(-1)));
  const outageRates = outageSetting === 'none' ? [] : outageSetting.split(',').map(Number);
  const outageSeconds = Number(env('BENCH_OUTAGE_SECONDS', String(seconds)));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-ingest-'));
  let database = await open(dataDir);
  console.log(`${database.kind}, ${devices} devices, load average ${load()} before`);
  await seedFleet(database, devices);
  // The embedded database is one process's: the bench lets go of it while the server runs, and the
  // outages, which change the database under a running server, are measured on PostgreSQL only.
  const embedded = database.kind === 'pglite';
  if (embedded) await database.close();

  let server = await startServer(dataDir);
  // After a start the sweep judges no device for an interval and a half (server/fleet/jobs.ts).
  let judgingFrom = performance.now() + 1.5 * 60_000;
  const cursor: Cursor = { seq: 1, index: 0 };
  // A warm-up the figures leave out: the server's first batches compile its code paths.
  runLoad(server.url, devices, rates[0] ?? 100, 5, cursor);
  const backends = embedded ? null : database;
  console.log(
    '| offered hb/s | achieved msg/s | p50 ms | p95 ms | p99 ms | event p95 ms | failures | CPU ms/msg: server | PostgreSQL |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const rate of rates) {
    const { result, cpu } = await measured(backends, server, devices, rate, seconds, cursor);
    console.log(row(String(rate), result, cpu));
  }
  console.log(`load average ${load()}`);

  for (const rate of embedded ? [] : outageRates) {
    // The devices silent for 10 minutes while the console runs: its sweep marks all of them offline.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, judgingFrom - performance.now())));
    await silentSince(database, 10);
    const before = await cpuNow(backends, server.pid);
    const swept = await timeSweep(database.db, devices);
    // CPU ms per device swept, as "server | PostgreSQL" (the bench's own polling included).
    const cpu = cpuPerMessage(before, await cpuNow(backends, server.pid), devices);
    console.log(
      `all ${devices} devices silent: marked offline with DEV_UNREACHABLE ${swept} (target: 2 sweep intervals, ${2 * STATUS_SWEEP_EVERY_S} s); CPU ms per device, server | PostgreSQL: ${cpu}; load average ${load()}`,
    );
    const back = await measured(backends, server, devices, rate, outageSeconds, cursor);
    console.log(
      row(
        `${rate}, the first ${outageSeconds} s after a 10 min outage of the devices`,
        back.result,
        back.cpu,
      ),
    );
    console.log(bySecond(back.result));

    // The console down for 10 minutes while its devices were online: they call again as it starts.
    await server.stop();
    await silentSince(database, 10);
    server = await startServer(dataDir);
    judgingFrom = performance.now() + 1.5 * 60_000;
    const restarted = await measured(backends, server, devices, rate, outageSeconds, cursor);
    console.log(
      row(
        `${rate}, the first ${outageSeconds} s after a 10 min outage of the console`,
        restarted.result,
        restarted.cpu,
      ),
    );
    console.log(bySecond(restarted.result));
    console.log(`load average ${load()}`);
  }
  await server.stop();
  if (!embedded) await database.close();

  database = await open(dataDir);
  // What the outages left due is swept first, so the figures below start from a settled fleet.
  await sweepStatuses(database.db);
  await database.db.execute(sql`VACUUM (ANALYZE) device_agents, devices`);
  for (const batch of [1, 50, 200]) {
    const before = await cpuNow(embedded ? null : database, process.pid);
    const perHeartbeat = await floor(database, devices, batch, cursor);
    const cpu = cpuPerMessage(before, await cpuNow(embedded ? null : database, process.pid), batch * 10);
    console.log(
      `floor: batches of ${batch}, ${perHeartbeat.toFixed(2)} ms of database work per heartbeat (${Math.round(1000 / perHeartbeat)} hb/s); CPU ms per heartbeat, the ingest code | PostgreSQL: ${cpu}`,
    );
  }
  const runs: number[] = [];
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    await sweepStatuses(database.db);
    runs.push(performance.now() - started);
  }
  console.log(
    `status sweep over ${devices} agents, nothing due: median ${runs.sort((a, b) => a - b)[5]?.toFixed(2)} ms`,
  );
  await database.db.execute(sql`
    UPDATE device_agents SET status_id = 'STATUS_ONLINE', skip_after = now() - interval '1 minute',
      offline_after = now() + interval '1 hour'
    WHERE id % 100 = 0`);
  const started = performance.now();
  await sweepStatuses(database.db);
  const moved = await countOf(
    database.db,
    sql`SELECT count(*)::int AS n FROM device_agents WHERE id % 100 = 0 AND status_id = 'STATUS_SKIPPED_HB'`,
  );
  console.log(
    `status sweep moving 1 % of them (${moved}) to STATUS_SKIPPED_HB: ${(performance.now() - started).toFixed(1)} ms`,
  );
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(`load average ${load()} after`);
}
