// The fleet benchmarks' common parts: a database with a cloud of N adopted access points whose credentials
// a load generator can work out, and the real server started in its own process on it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { INITIAL_AGENT_STATE } from '../core/fleet/agent-state.ts';
import { hashPassword } from '../server/auth/passwords.ts';
import { type DatabaseHandle, openDatabase } from '../server/db/connect.ts';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const env = (name: string, fallback: string) => process.env[name] || fallback;

export async function open(dataDir: string): Promise<DatabaseHandle> {
  const url = process.env.BENCH_DATABASE_URL;
  // The bench's own statements (a fleet written in one) are its setup, not what it measures: on a busy
  // machine they may take longer than the server's 10 s statement timeout.
  return openDatabase(
    url ? { kind: 'postgres', url, statementTimeoutMs: 600_000 } : { kind: 'pglite', dataDir },
  );
}

/** A cloud of adopted access points whose credentials the load generator can work out (agent ids 1..N). */
export async function seedFleet(database: DatabaseHandle, devices: number) {
  const { db } = database;
  await db.execute(
    sql`TRUNCATE clouds, device_agents, wireless_clients, object_history, alerts RESTART IDENTITY CASCADE`,
  );
  await db.execute(sql`INSERT INTO clouds (name, plan_type) VALUES ('Ingest Bench', 'intro')`);
  await db.execute(
    sql`INSERT INTO sites (cloud_id, name) SELECT 1, 'Site ' || s FROM generate_series(1, ${Math.ceil(devices / 100)}) s`,
  );
  await db.execute(sql`
    INSERT INTO devices (cloud_id, site_id, name, sn, mac, product_brand_id, product_id, product_type, fw, ip, hostname)
    SELECT 1, 1 + (i - 1) / 100, 'Bench AP ' || i, 'BN' || i,
      '02:be:' || to_char(i / 65536, 'FM0x') || ':' || lpad(to_hex((i / 256) % 256), 2, '0') || ':' || lpad(to_hex(i % 256), 2, '0') || ':00',
      13, 12, 'wifi', '7.2.1-4012', '10.200.' || ((i - 1) / 256 % 256) || '.' || ((i - 1) % 256), 'bench-ap-' || (i - 1)
    FROM generate_series(1, ${devices}) i`);
  await db.execute(sql`
    INSERT INTO device_agents (cloud_id, device_id, credential_hash, state)
    SELECT 1, i, encode(sha256(convert_to(
        translate(rtrim(encode(sha256(convert_to('bench-device-' || i, 'UTF8')), 'base64'), '='), '+/', '-_'),
        'UTF8')), 'hex'),
      ${JSON.stringify(INITIAL_AGENT_STATE)}::jsonb
    FROM generate_series(1, ${devices}) i ORDER BY i`);
  await db.execute(sql`VACUUM (ANALYZE)`);
  // Write the bulk load out now: a checkpoint during the first measured seconds would be the disk's
  // figure, not the console's.
  await db.execute(sql`CHECKPOINT`);
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export async function startServer(dataDir: string, extraEnv: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  // BENCH_CPU_PROF_DIR: the server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const flags = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...flags, join(root, 'server/main.ts')], {
    env: {
      ...process.env,
      PORT: String(port),
      DEMO: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      // The load generators send far more than a person would: the API rate limit would measure itself.
      API_RATE_LIMIT: '0',
      // All the load comes from this one address. The device API's per-address limit stays on, far above
      // it, so the figures include the limiter's own cost (in memory, no database round trip).
      AGENT_RATE_LIMIT: '1000000',
      ...extraEnv,
      ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {}
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    /** The server's process id, for its CPU time. */
    pid: child.pid as number,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The owner of the bench fleet's cloud (seedOperator). */
export const OPERATOR = { email: 'operator@bench.example', password: 'bench operator password' };

/** The bench fleet and an owner of its cloud who signs in with a known password. */
export async function seedOperator(dataDir: string, devices: number) {
  const database = await open(dataDir);
  await seedFleet(database, devices);
  const { db } = database;
  await db.execute(sql`DELETE FROM users WHERE email = 'operator@bench.example'`);
  await db.execute(sql`
    INSERT INTO users (email, password_hash) VALUES ('operator@bench.example', ${await hashPassword(OPERATOR.password)})`);
  await db.execute(sql`
    INSERT INTO memberships (user_id, cloud_id, role_id, permissions)
    SELECT id, 1, 'ROLE_OWNER', 0 FROM users WHERE email = 'operator@bench.example'`);
  await database.close();
}

/** Signs the operator in: the headers of their API calls. */
export async function signIn(url: string) {
  const response = await fetch(`${url}/apiv2/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(OPERATOR),
  });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] as string);
  const csrf = cookies.find((cookie) => cookie.startsWith('csrf_token='))?.split('=')[1] ?? '';
  return { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
}

/** CPU time a process has used so far, in ms (user and system, /proc); null where it cannot be read. */
export function cpuMs(pid: number): number | null {
  try {
    const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** The whole machine's CPU time so far, busy and in all, in clock ticks (/proc/stat). */
export function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  // idle and iowait
  return { busy: total - (fields[3] ?? 0) - (fields[4] ?? 0), total };
}
