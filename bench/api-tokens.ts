// What an API token costs a request (docs/api-tokens.md): the same call made with a browser session, a
// personal token and a cloud token, beside the floor of a call that checks nobody (GET /healthz), against
// the real server in its own process, the load from another (bench/api-tokens-load.ts). Each figure: the
// latency's median and p95 at a fixed concurrency, requests a second, and the server's CPU time a request.
// Run with `npm run bench -- api-tokens`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_REQUESTS       requests per caller and round, default 2000
//   BENCH_CONCURRENCY    requests in flight, default 8
//   BENCH_ROUNDS         rounds, default 5
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMs, env, root, seedOperator, signIn, startServer } from './fleet-server.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

type Caller = { name: string; path: string; headers: Record<string, string> };
type Result = Record<string, { latencyMs: number[]; roundMs: number[]; failures: number }>;

function load(options: object): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bench/api-tokens-load.ts'), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output.trim()) as Result) : reject(new Error(`load exited ${code}`)),
    );
  });
}

async function makeToken(url: string, session: Record<string, string>, path: string, body: object) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: session,
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`token not made: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

export async function runApiTokens(): Promise<void> {
  const requests = Number(env('BENCH_REQUESTS', '2000'));
  const concurrency = Number(env('BENCH_CONCURRENCY', '8'));
  const rounds = Number(env('BENCH_ROUNDS', '5'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-tokens-'));
  await seedOperator(dataDir, 20);
  const server = await startServer(dataDir);
  try {
    const session = await signIn(server.url);
    const base = { read_only: false, expires_at: null };
    const personal = await makeToken(server.url, session, '/apiv2/user/api-tokens', {
      ...base,
      name: 'Bench',
    });
    const cloud = await makeToken(server.url, session, '/apiv2/cloud/1/api-tokens', {
      ...base,
      name: 'Bench service',
      role_id: 'ROLE_ADMIN',
      permissions: 15,
    });
    // One cloud call every caller may make: the first member of the list.
    const path = '/apiv2/cloud/1/users?limit=1';
    const callers: Caller[] = [
      { name: 'floor: GET /healthz, no caller checked', path: '/healthz', headers: {} },
      { name: 'session cookie', path, headers: { cookie: session.cookie } },
      { name: 'personal token', path, headers: { authorization: `Bearer ${personal}` } },
      { name: 'cloud token', path, headers: { authorization: `Bearer ${cloud}` } },
    ];
    const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `${kind}; ${rounds} rounds of ${requests} requests a caller, ${concurrency} in flight; load average ${loadavg()[0]?.toFixed(2)} before`,
    );
    const cpuBefore = cpuMs(server.pid);
    const result = await load({ url: server.url, requests, concurrency, rounds, callers });
    const cpuAfter = cpuMs(server.pid);
    console.log('| caller | p50 | p95 | requests a second (median round) | failures |');
    console.log('|---|---|---|---|---|');
    for (const caller of callers) {
      const entry = result[caller.name];
      if (!entry) continue;
      const rate = (requests * 1000) / percentile(entry.roundMs, 50);
      console.log(
        `| ${caller.name} | ${percentile(entry.latencyMs, 50).toFixed(2)} ms | ${percentile(entry.latencyMs, 95).toFixed(2)} ms | ${rate.toFixed(0)} | ${entry.failures} |`,
      );
    }
    if (cpuBefore !== null && cpuAfter !== null) {
      const total = requests * rounds * callers.length + requests * callers.length;
      console.log(`server CPU over the run: ${(cpuAfter - cpuBefore).toFixed(0)} ms for ${total} requests`);
    }
    console.log(`load average ${loadavg()[0]?.toFixed(2)} after`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
