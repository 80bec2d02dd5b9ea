// Device ingestion: how many heartbeats a second one server process takes, and at what latency. The bench
// writes a cloud of N adopted devices straight into the database, starts the real server (node
// server/main.ts) in its own process, and runs the load generator (bench/ingest-load.ts) in a third one at
// each offered rate. The floor, measured in the same run, is the same ingest code writing the same
// heartbeats straight to the database, without HTTP. Run with `npm run bench -- ingest`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_DEVICES        devices in the cloud, default 20000
//   BENCH_RATES          offered heartbeats per second, comma-separated, default 300,1000,1700
//   BENCH_SECONDS        seconds per rate, default 20
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../server/db/connect.ts';
import { queryRows } from '../server/db/rows.ts';
import { parseCredential } from '../server/fleet/credentials.ts';
import { createHeartbeatIngest } from '../server/fleet/heartbeats.ts';
import { writeHeartbeatMetrics } from '../server/fleet/metrics-writer.ts';
import { sweepStatuses } from '../server/fleet/sweep.ts';
import { env, open, root, seedFleet, startServer } from './fleet-server.ts';
import { benchCredential, benchHeartbeat } from './ingest-payload.ts';

type LoadResult = Record<string, number | null | object>;

function runLoad(url: string, devices: number, rate: number, seconds: number, firstSeq: number): LoadResult {
  const args = JSON.stringify({ url, devices, rate, seconds, firstSeq, eventShare: 0.01 });
  const output = execFileSync(process.execPath, [join(root, 'bench/ingest-load.ts'), args], {
    encoding: 'utf8',
  });
  return JSON.parse(output.trim().split('\n').at(-1) as string);
}

/** The floor: the same ingest code writing batches of heartbeats straight to the database, no HTTP. */
async function floor(database: DatabaseHandle, devices: number, batch: number, firstSeq: number) {
  const ingest = createHeartbeatIngest({
    db: database.db,
    intervalS: 60,
    writeMetrics: writeHeartbeatMetrics,
    onAlerts: () => {},
    maxBatch: batch,
  });
  const rounds = 10;
  const started = performance.now();
  for (let round = 0; round < rounds; round++) {
    await Promise.all(
      Array.from({ length: batch }, (_, n) => {
        const index = (round * batch + n) % devices;
        const credential = parseCredential(`Bearer ${benchCredential(index)}`);
        if (!credential) throw new Error('bad bench credential');
        const body = benchHeartbeat(index, firstSeq + round);
        return ingest.submit(credential, body as never, JSON.stringify(body).length);
      }),
    );
  }
  return (performance.now() - started) / (rounds * batch);
}

export async function runIngest(): Promise<void> {
  const devices = Number(env('BENCH_DEVICES', '20000'));
  const rates = env('BENCH_RATES', '300,1000,1700').split(',').map(Number);
  const seconds = Number(env('BENCH_SECONDS', '20'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-ingest-'));
  let database = await open(dataDir);
  console.log(`${database.kind}, ${devices} devices, load average ${loadavg()[0]?.toFixed(2)} before`);
  await seedFleet(database, devices);
  await database.close();

  const server = await startServer(dataDir);
  // A warm-up the figures leave out: the server's first batches compile its code paths.
  let seq = Number(runLoad(server.url, devices, rates[0] ?? 100, 5, 1).lastSeq) + 1;
  console.log('| offered hb/s | achieved msg/s | p50 ms | p95 ms | p99 ms | event p95 ms | failures |');
  console.log('|---|---|---|---|---|---|---|');
  for (const rate of rates) {
    const result = runLoad(server.url, devices, rate, seconds, seq);
    seq = Number(result.lastSeq) + 1;
    const f = (value: unknown) => (typeof value === 'number' ? value.toFixed(1) : '-');
    console.log(
      `| ${rate} | ${result.achieved} | ${f(result.p50)} | ${f(result.p95)} | ${f(result.p99)} | ${f(result.eventP95)} | ${JSON.stringify(result.failures)} |`,
    );
  }
  await server.stop();

  database = await open(dataDir);
  for (const batch of [1, 50, 200]) {
    const perHeartbeat = await floor(database, devices, batch, seq);
    seq += 20;
    console.log(
      `floor: batches of ${batch}, ${perHeartbeat.toFixed(2)} ms of database work per heartbeat (${Math.round(1000 / perHeartbeat)} hb/s)`,
    );
  }
  const runs: number[] = [];
  for (let run = 0; run < 10; run++) {
    const started = performance.now();
    await sweepStatuses(database.db);
    runs.push(performance.now() - started);
  }
  const [agents] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM device_agents`,
  );
  console.log(
    `status sweep over ${agents?.n} agents, nothing due: median ${runs.sort((a, b) => a - b)[5]?.toFixed(2)} ms`,
  );
  await database.db.execute(
    sql`UPDATE device_agents SET skip_after = now() - interval '1 minute' WHERE id % 100 = 0`,
  );
  const started = performance.now();
  await sweepStatuses(database.db);
  console.log(
    `status sweep moving 1 % of them to STATUS_SKIPPED_HB: ${(performance.now() - started).toFixed(1)} ms`,
  );
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
