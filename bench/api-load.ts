// Load on the shell's API calls against the large cloud of seed-large: the real app on 127.0.0.1, a
// signed-in owner, N concurrent keep-alive connections, a bounded number of requests per call. For each
// call it also replays the SQL one request ran directly on the database driver, so the distance between
// the HTTP path and the database is visible. Run with `npm run bench -- api-load`.
//   BENCH_DATABASE_URL   PostgreSQL (else the PGlite data dir BENCH_DATA_DIR, default data/bench)
//   BENCH_CONCURRENCY    comma-separated levels, default 50
//   BENCH_RATE           requests per second offered in all, spread over the connections (default: each
//                        connection sends its next request as soon as the last one is answered)
//   BENCH_REQUESTS       requests per call and level, default 2000
//   BENCH_DB_RUNS        direct replays of each call's SQL, default 200
//   BENCH_CALLS          comma-separated parts of call names to run (e.g. search,tasks), default all
//   BENCH_API_RATE_LIMIT the API rate limit to run with (default 0, off); a limit too high to refuse
//                        anything measures what charging the buckets costs
import { availableParallelism, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import type { Database, DatabaseHandle } from '../server/db/connect.ts';
import { APP_VERSION } from '../server/version.ts';
import { BENCH_OWNER_EMAIL, BENCH_PASSWORD, findBenchCloud, openBenchDatabase } from './seed-large.ts';

type Call = {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Request bodies, used in turn (POST). */
  bodies?: object[];
  /** Target p95 on this machine, in ms. */
  target: number;
};

type Session = { cookie: string; csrfToken: string };

const numberEnv = (name: string, fallback: number) => Number(process.env[name] || fallback);

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

const ms = (value: number) => (Number.isNaN(value) ? '-' : value < 10 ? value.toFixed(2) : value.toFixed(1));

async function rows<T>(db: Database, text: string): Promise<T[]> {
  return ((await db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
}

/** Search queries of every input kind, taken from the seeded data so they find something. */
async function searchBodies(db: Database, cloudId: number): Promise<object[]> {
  const device = async (offset: number) =>
    (
      await rows<{ name: string; hostname: string; mac: string; ip: string; sn: string }>(
        db,
        `SELECT name, hostname, mac, ip, sn FROM devices WHERE cloud_id = ${cloudId} ORDER BY id OFFSET ${offset} LIMIT 1`,
      )
    )[0];
  const client = async (offset: number) =>
    (
      await rows<{ mac: string; ip: string }>(
        db,
        `SELECT mac, ip FROM wireless_clients WHERE cloud_id = ${cloudId} ORDER BY id OFFSET ${offset} LIMIT 1`,
      )
    )[0];
  const [d1, d2, d3] = [await device(42_106), await device(77_513), await device(9_031)];
  const [c1, c2] = [await client(123_457), await client(5_002)];
  if (!d1 || !d2 || !d3 || !c1 || !c2) throw new Error('The bench cloud has too few devices or clients.');
  return [
    { query: d1.name },
    { query: 'lobby' },
    { query: d2.hostname.slice(0, 8) },
    { query: 'Branch 0421' },
    { query: 'laptop-anna' },
    { query: 'Old Branch 0033' },
    { query: d3.sn.slice(0, 7) },
    { query: d2.mac },
    { query: c1.mac.toUpperCase() },
    { query: c2.mac.slice(3, 11) },
    { query: d3.ip },
    { query: c1.ip.split('.').slice(0, 3).join('.') },
  ];
}

async function login(base: string): Promise<Session> {
  const response = await fetch(`${base}/apiv2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password: BENCH_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const csrfToken = cookies.find((c) => c.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
  return { cookie: cookies.join('; '), csrfToken };
}

function request(base: string, session: Session, call: Call, index: number) {
  const body = call.bodies ? call.bodies[index % call.bodies.length] : undefined;
  return fetch(`${base}${call.path}`, {
    method: call.method,
    headers: {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
      'x-app-version': APP_VERSION,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/**
 * Latencies of `total` requests sent by `concurrency` loops, and the wall time. With a rate, request i is
 * due at i / rate seconds and its latency counts from then, so time spent waiting for a free
 * connection is part of it; without one, each loop sends again as soon as it has an answer.
 */
export async function load(
  send: (index: number) => Promise<Response>,
  concurrency: number,
  total: number,
  rate?: number,
) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const startedAt = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const index = next++;
        const due = rate ? startedAt + (index * 1000) / rate : performance.now();
        if (due > performance.now()) await sleep(due - performance.now());
        try {
          const response = await send(index);
          await response.arrayBuffer();
          if (response.status !== 200) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - due);
      }
    }),
  );
  return {
    latencies: latencies.sort((a, b) => a - b),
    seconds: (performance.now() - startedAt) / 1000,
    failures,
  };
}

type Statement = { args: unknown[]; auth: boolean };
type QueryClient = { query: (...args: unknown[]) => Promise<unknown> };

// Statements of the session and cloud-scope checks that every request runs before its handler.
const AUTH_SQL =
  /from "sessions"|update "sessions"|from "membership_sites"|from "memberships" inner join "clouds"/i;

/** The SQL statements one request runs, captured at the driver under the app's database handle. */
async function captureStatements(database: DatabaseHandle, send: () => Promise<void>): Promise<Statement[]> {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const original = client.query;
  const statements: Statement[] = [];
  client.query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
    statements.push({ args, auth: AUTH_SQL.test(text) });
    return original.apply(client, args);
  };
  try {
    await send();
  } finally {
    client.query = original;
  }
  return statements;
}

/** Times `runs` replays of each captured request's statements, one after the other. */
async function replay(database: DatabaseHandle, requests: Statement[][], runs: number) {
  const client = (database.db as unknown as { $client: QueryClient }).$client;
  const handler: number[] = [];
  const auth: number[] = [];
  for (let run = 0; run < runs; run++) {
    const statements = requests[run % requests.length] ?? [];
    for (const [list, part] of [
      [handler, false],
      [auth, true],
    ] as const) {
      const startedAt = performance.now();
      for (const statement of statements.filter((s) => s.auth === part))
        await client.query(...statement.args);
      list.push(performance.now() - startedAt);
    }
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { handler: sorted(handler), auth: sorted(auth) };
}

export async function runApiLoad(): Promise<void> {
  const levels = (process.env.BENCH_CONCURRENCY || '50').split(',').map(Number);
  const total = numberEnv('BENCH_REQUESTS', 2000);
  const dbRuns = numberEnv('BENCH_DB_RUNS', 200);
  const rate = process.env.BENCH_RATE ? Number(process.env.BENCH_RATE) : undefined;
  const database = await openBenchDatabase();
  const bench = await findBenchCloud(database.db);
  if (!bench) {
    await database.close();
    throw new Error('No bench cloud in this database: run `npm run bench -- seed-large` first.');
  }
  // Saturation is the point here: the API rate limit is off unless BENCH_API_RATE_LIMIT measures its cost.
  const config = readConfig({
    ...process.env,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    API_RATE_LIMIT: process.env.BENCH_API_RATE_LIMIT ?? '0',
  });
  const app = await buildApp(createContext(database, config, APP_VERSION));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  // Connections stay open between the runs, while the SQL of the next call is replayed.
  app.server.keepAliveTimeout = 10 * 60_000;
  try {
    const session = await login(base);
    const cloud = `/apiv2/cloud/${bench.cloudId}`;
    const calls: Call[] = [
      {
        name: 'POST search/find',
        method: 'POST',
        path: `${cloud}/search/find`,
        bodies: await searchBodies(database.db, bench.cloudId),
        target: 20,
      },
      { name: 'GET recent-alerts', method: 'GET', path: `${cloud}/recent-alerts?limit=5`, target: 10 },
      { name: 'GET recent-tasks', method: 'GET', path: `${cloud}/recent-tasks?limit=20`, target: 10 },
      { name: 'GET recent-alerts-totals', method: 'GET', path: `${cloud}/recent-alerts-totals`, target: 10 },
      { name: 'GET recent-tasks-count', method: 'GET', path: `${cloud}/recent-tasks-count`, target: 10 },
      // The activity page's first pages (issue target: under 30 ms).
      { name: 'GET alerts (history)', method: 'GET', path: `${cloud}/alerts?limit=50`, target: 30 },
      {
        name: 'GET alerts critical+warning (history)',
        method: 'GET',
        path: `${cloud}/alerts?limit=50&health=HEALTH_CRITICAL%2BHEALTH_WARNING`,
        target: 30,
      },
      { name: 'GET tasks (history)', method: 'GET', path: `${cloud}/tasks?limit=50`, target: 30 },
      {
        name: 'GET tasks finished (history)',
        method: 'GET',
        path: `${cloud}/tasks?limit=50&status=SUCCESS%2BFAIL%2BTIMEOUT`,
        target: 30,
      },
      // The dashboards' calls (issue target: under 50 ms).
      {
        name: 'GET dashboard (cloud, 24 h)',
        method: 'GET',
        path: `${cloud}/dashboard?range=24h`,
        target: 50,
      },
      {
        name: 'GET dashboard (cloud, 30 days)',
        method: 'GET',
        path: `${cloud}/dashboard?range=30d`,
        target: 50,
      },
      {
        name: 'GET dashboard (site, 7 days)',
        method: 'GET',
        path: `${cloud}/dashboard?range=7d&site_id=${bench.siteId}`,
        target: 50,
      },
      {
        name: 'GET device (dashboard)',
        method: 'GET',
        path: `${cloud}/devices/${bench.deviceId}`,
        target: 50,
      },
      {
        name: 'GET devices critical (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&health=HEALTH_CRITICAL`,
        target: 50,
      },
      // The device list's orders and filters, each on its index (issue target: under 50 ms).
      {
        name: 'GET devices by health (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&sort=-health`,
        target: 50,
      },
      {
        name: 'GET devices by site (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&sort=site`,
        target: 50,
      },
      {
        name: 'GET devices offline wifi by firmware (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&type=wifi&status=offline&sort=-firmware`,
        target: 50,
      },
      {
        name: 'GET devices of a model by status (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&model=1&sort=status`,
        target: 50,
      },
      {
        name: 'GET devices page 1,000 (list)',
        method: 'GET',
        path: `${cloud}/devices?limit=50&offset=49950&sort=family`,
        target: 50,
      },
      // "All that match" resolved on the server: the devices counted and each one's permission checked.
      {
        name: 'POST devices bulk reboot dry run, all wifi (bulk)',
        method: 'POST',
        path: `${cloud}/devices/bulk/reboot`,
        bodies: [{ selection: { filter: { type: 'wifi' } }, dry_run: true }],
        target: 1000,
      },
      {
        name: 'POST devices bulk reboot dry run, all 100,000 (bulk)',
        method: 'POST',
        path: `${cloud}/devices/bulk/reboot`,
        bodies: [{ selection: { filter: {} }, dry_run: true }],
        target: 1000,
      },
    ];
    const load1 = () => loadavg()[0]?.toFixed(1);
    console.log(
      `database: ${database.kind}; ${total} requests per call and level, ` +
        `${rate ? `${rate} req/s offered` : 'each connection sending again once answered'}; ` +
        `SQL replayed ${dbRuns} times per call; ` +
        `${availableParallelism()} CPUs, load average ${load1()} at start`,
    );
    console.log(
      '| call | connections | req/s | p50 ms | p95 ms | p99 ms | target p95 | handler SQL p50 / p95 ms | auth SQL p50 ms |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    const only = process.env.BENCH_CALLS?.split(',');
    for (const call of calls.filter((c) => !only || only.some((part) => c.name.includes(part)))) {
      const probe = await request(base, session, call, 0);
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        console.log(`| ${call.name} | not available (HTTP ${probe.status}) | | | | | | | |`);
        continue;
      }
      const captured: Statement[][] = [];
      for (let index = 0; index < (call.bodies?.length ?? 1); index++) {
        captured.push(
          await captureStatements(database, async () => {
            await (await request(base, session, call, index)).arrayBuffer();
          }),
        );
      }
      const sqlTimes = await replay(database, captured, dbRuns);
      // Warm-up, which also opens every connection the runs will use.
      const send = (index: number) => request(base, session, call, index);
      await load(send, Math.max(...levels), 2 * Math.max(...levels));
      for (const concurrency of levels) {
        const result = await load(send, concurrency, total, rate);
        const { latencies } = result;
        const p95 = percentile(latencies, 95);
        console.log(
          `| ${call.name} | ${concurrency} | ${Math.round(total / result.seconds)} | ${ms(percentile(latencies, 50))} | ` +
            `${ms(p95)} | ${ms(percentile(latencies, 99))} | ${call.target} ${p95 <= call.target ? 'met' : 'missed'} | ` +
            `${ms(percentile(sqlTimes.handler, 50))} / ${ms(percentile(sqlTimes.handler, 95))} | ` +
            `${ms(percentile(sqlTimes.auth, 50))} |${result.failures > 0 ? ` ${result.failures} failed` : ''}`,
        );
      }
    }
    console.log(`load average ${load1()} at the end`);
  } finally {
    await app.close();
    await database.close();
  }
}
