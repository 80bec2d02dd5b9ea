// The RADIUS service (docs/guest-access.md#radius): Access-Request to Access-Accept latency at offered
// rates and at saturation, and accounting Interim-Updates a second with their counters stored. The real
// server runs in its own process, the load generator in another (this file with `--load`), and the floor
// beside each figure is the same generator against a bare responder in a third process (this file with
// `--floor`) that reads, checks and signs the same packets with no database. Run with
// `npm run bench -- radius`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_SECONDS        seconds each measurement runs, default 10
//   BENCH_RATES          offered Access-Request rates a second, default 500,1000
//   BENCH_CONCURRENCY    requests kept in flight at saturation, default 64
import { type ChildProcess, spawn } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { ACCT_STATUS, RADIUS_CODE } from '../core/radius/dictionary.ts';
import {
  attribute,
  decodePacket,
  encodeRequest,
  encodeResponse,
  type RadiusAttribute,
  verifyRequest,
} from '../core/radius/packet.ts';
import { secretBox } from '../server/features/config/seal.ts';
import { cpuMs, env, machineTicks, open, root, seedFleet, startServer } from './fleet-server.ts';

const SECRET = 'bench-radius';
const KEY = Buffer.alloc(32, 11).toString('base64');
const VOUCHERS = 150_000;

type LoadJob = {
  port: number;
  kind: 'auth' | 'acct';
  /** Requests a second offered; 0: saturation with `concurrency` in flight. */
  rate: number;
  concurrency: number;
  seconds: number;
  /** auth: the first voucher to use (each request its own); acct: the sessions interim updates go to. */
  first: number;
  sessions: number;
  /** acct: the Acct-Status-Type sent. */
  status?: number;
};

type LoadResult = {
  sent: number;
  answered: number;
  accepted: number;
  lost: number;
  ms: number[];
  seconds: number;
};

const code = (i: number) => `BENCH-${String(i).padStart(6, '0')}`;
const mac = (i: number) =>
  `02-BE-00-${((i >> 16) & 255).toString(16).padStart(2, '0')}-${((i >> 8) & 255).toString(16).padStart(2, '0')}-${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase();

/** The n-th request of a job: a voucher's Access-Request, or an Interim-Update of a session going on. */
function requestOf(job: LoadJob, n: number, identifier: number): Buffer {
  if (job.kind === 'auth') {
    const i = job.first + n;
    return encodeRequest(
      RADIUS_CODE.accessRequest,
      identifier,
      [
        attribute('User-Name', code(i)),
        attribute('User-Password', code(i)),
        attribute('NAS-IP-Address', '127.0.0.1'),
        attribute('Calling-Station-Id', mac(i)),
        attribute('Called-Station-Id', '0A-00-00-00-00-01:Bench'),
        attribute('Acct-Session-Id', `bench-${i}`),
      ],
      SECRET,
    );
  }
  const i = job.first + (n % job.sessions);
  const round = Math.floor(n / job.sessions) + 1;
  const list: RadiusAttribute[] = [
    attribute('Acct-Status-Type', job.status ?? ACCT_STATUS.interimUpdate),
    attribute('Acct-Session-Id', `bench-${i}`),
    attribute('User-Name', code(i)),
    attribute('Calling-Station-Id', mac(i)),
    attribute('Called-Station-Id', '0A-00-00-00-00-01:Bench'),
    attribute('Acct-Session-Time', round * 60),
    attribute('Acct-Input-Octets', round * 1000),
    attribute('Acct-Output-Octets', round * 10_000),
  ];
  return encodeRequest(RADIUS_CODE.accountingRequest, identifier, list, SECRET);
}

/** The load generator's process: sends the job's requests and reports each answer's time. */
async function load(job: LoadJob): Promise<LoadResult> {
  const sockets: Socket[] = [];
  for (let s = 0; s < 8; s++) {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    sockets.push(socket);
  }
  const pending = new Map<string, number>();
  const ms: number[] = [];
  let sent = 0;
  let answered = 0;
  let accepted = 0;
  let lost = 0;
  let wake: (() => void) | null = null;
  for (const [s, socket] of sockets.entries())
    socket.on('message', (data) => {
      const key = `${s}:${data[1]}`;
      const at = pending.get(key);
      if (at === undefined) return;
      pending.delete(key);
      ms.push(performance.now() - at);
      answered += 1;
      if (data[0] === RADIUS_CODE.accessAccept || data[0] === RADIUS_CODE.accountingResponse) accepted += 1;
      wake?.();
    });
  const send = (n: number) => {
    const s = n % sockets.length;
    const identifier = Math.floor(n / sockets.length) % 256;
    const key = `${s}:${identifier}`;
    if (pending.has(key)) lost += 1;
    pending.set(key, performance.now());
    sockets[s]?.send(requestOf(job, n, identifier), job.port, '127.0.0.1');
    sent += 1;
  };
  const started = performance.now();
  const end = started + job.seconds * 1000;
  if (job.rate > 0) {
    while (performance.now() < end) {
      const due = Math.floor(((performance.now() - started) / 1000) * job.rate);
      while (sent < due) send(sent);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } else {
    while (performance.now() < end) {
      while (pending.size < job.concurrency) send(sent);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 2000);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      // Requests unanswered for 2 s are lost.
      const now = performance.now();
      for (const [key, at] of pending) if (now - at > 2000) pending.delete(key);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  lost += pending.size;
  for (const socket of sockets) socket.close();
  return { sent, answered, accepted, lost, ms, seconds };
}

/** The floor's process: reads, checks and answers each request as the service does, with no database. */
function floor(port: number) {
  const socket = createSocket({ type: 'udp4', recvBufferSize: 4 * 1024 * 1024 });
  socket.on('message', (data, from) => {
    const request = decodePacket(data);
    if (verifyRequest(data, SECRET) !== 'ok') return;
    const answer =
      request.code === RADIUS_CODE.accessRequest
        ? encodeResponse(
            RADIUS_CODE.accessAccept,
            request,
            [
              attribute('Session-Timeout', 3600),
              attribute('Idle-Timeout', 600),
              attribute('WISPr-Bandwidth-Max-Down', 2e6),
            ],
            SECRET,
          )
        : encodeResponse(RADIUS_CODE.accountingResponse, request, [], SECRET);
    socket.send(answer, from.port, from.address);
  });
  socket.bind(port, '127.0.0.1', () => console.log(JSON.stringify({ port: socket.address().port })));
  process.stdin.on('end', () => socket.close());
  process.stdin.resume();
}

function child(args: string[]): { process: ChildProcess; output: Promise<string> } {
  const proc = spawn(process.execPath, [join(root, 'bench/radius.ts'), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let text = '';
  proc.stdout?.setEncoding('utf8');
  proc.stdout?.on('data', (chunk) => {
    text += chunk;
  });
  return { process: proc, output: new Promise((resolve) => proc.once('exit', () => resolve(text))) };
}

async function runLoad(job: LoadJob): Promise<LoadResult> {
  const { output } = child(['--load', JSON.stringify(job)]);
  return JSON.parse((await output).trim().split('\n').pop() ?? '{}') as LoadResult;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Where the CPU went meanwhile: the server's ms per answer, and how busy the whole machine was. */
type CpuMark = { server: number | null; machine: { busy: number; total: number } };
const cpuMark = (serverPid: number): CpuMark => ({ server: cpuMs(serverPid), machine: machineTicks() });
const cpuLine = (before: CpuMark, after: CpuMark, answered: number) => {
  const server = before.server === null || after.server === null ? null : after.server - before.server;
  const busy = (after.machine.busy - before.machine.busy) / (after.machine.total - before.machine.total);
  return `; server CPU ${server === null || answered === 0 ? '-' : (server / answered).toFixed(3)} ms an answer, machine ${(busy * 100).toFixed(0)} % busy (${cpus().length} cores)`;
};

const line = (label: string, result: LoadResult & { cpu?: string }) =>
  `${label}: ${(result.answered / result.seconds).toFixed(0)}/s answered of ${(result.sent / result.seconds).toFixed(0)}/s sent, ` +
  `p50 ${percentile(result.ms, 50).toFixed(2)} ms, p95 ${percentile(result.ms, 95).toFixed(2)} ms, p99 ${percentile(result.ms, 99).toFixed(2)} ms, ` +
  `${result.accepted} accepted, ${result.lost} lost${'cpu' in result ? result.cpu : ''}`;

export async function runRadius(): Promise<void> {
  const seconds = Number(env('BENCH_SECONDS', '10'));
  const rates = env('BENCH_RATES', '500,1000').split(',').map(Number);
  const concurrency = Number(env('BENCH_CONCURRENCY', '64'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-radius-'));
  const database = await open(dataDir);
  await seedFleet(database, 100);
  const { db } = database;
  await db.execute(sql`UPDATE clouds SET authport_enabled = true WHERE id = 1`);
  await db.execute(sql`
    INSERT INTO guest_site_secrets (site_id, cloud_id, secret_sealed)
    VALUES (1, 1, ${secretBox(Buffer.from(KEY, 'base64')).sealText(SECRET)})`);
  await db.execute(
    sql`INSERT INTO guest_nas (cloud_id, site_id, name, address) VALUES (1, 1, 'Bench NAS', '127.0.0.1')`,
  );
  await db.execute(sql`
    INSERT INTO guest_plans (cloud_id, name, valid_from, validity_minutes, session_minutes, idle_minutes, down_kbps,
      up_kbps, period_quota_bytes, devices_per_account)
    VALUES (1, 'Bench day', 'first_use', 1440, 600, 10, 10000, 2000, 100000000000, 1)`);
  await db.execute(sql`
    INSERT INTO guest_accounts (cloud_id, plan_id, kind, username)
    SELECT 1, 1, 'voucher', 'BENCH-' || lpad(i::text, 6, '0') FROM generate_series(1, ${VOUCHERS}) i`);
  await db.execute(sql`ANALYZE`);
  await database.close();

  const authPort = 20000 + Math.floor(Math.random() * 20000);
  const server = await startServer(dataDir, {
    CONFIG_SECRET_KEY: KEY,
    RADIUS_AUTH_PORT: String(authPort),
    RADIUS_ACCT_PORT: String(authPort + 1),
  });
  const floorProcess = child(['--floor']);
  const floorPort = await new Promise<number>((resolve) => {
    floorProcess.process.stdout?.on('data', (chunk: Buffer | string) => {
      const found = /\{"port":(\d+)\}/.exec(String(chunk));
      if (found) resolve(Number(found[1]));
    });
  });
  const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, loopback, ${seconds} s each, load average ${loadavg()[0]?.toFixed(2)} before`);

  let next = 1;
  const measured = async (job: LoadJob) => {
    const before = cpuMark(server.pid);
    const result = await runLoad(job);
    return { ...result, cpu: cpuLine(before, cpuMark(server.pid), result.answered) };
  };
  const auth = (rate: number, port = authPort) => {
    const job: LoadJob = { port, kind: 'auth', rate, concurrency, seconds, first: next, sessions: 0 };
    if (port === authPort) next += Math.ceil((rate || 8000) * seconds * 1.2);
    return measured(job);
  };
  // Warm-up: the first requests open connections and fill the NAS cache; not counted.
  await runLoad({
    port: authPort,
    kind: 'auth',
    rate: 200,
    concurrency,
    seconds: 2,
    first: next,
    sessions: 0,
  });
  next += 500;
  const firstSession = next;
  for (const rate of rates) {
    console.log(line(`Access-Request at ${rate}/s`, await auth(rate)));
    console.log(line(`  floor at ${rate}/s`, await auth(rate, floorPort)));
  }
  console.log(line(`Access-Request at saturation (${concurrency} in flight)`, await auth(0)));
  console.log(line('  floor at saturation', await auth(0, floorPort)));

  // Interim-Updates to sessions opened at Access-Accept at the first rate: 2,000 sessions, updated in turn.
  const sessions = 2000;
  const acct = (port: number) =>
    measured({ port, kind: 'acct', rate: 0, concurrency, seconds, first: firstSession, sessions });
  const interim = await acct(authPort + 1);
  console.log(line(`Interim-Update at saturation (${concurrency} in flight, ${sessions} sessions)`, interim));
  console.log(line('  floor at saturation', await acct(floorPort)));
  floorProcess.process.stdin?.end();
  await floorProcess.output;
  // The embedded database takes one process at a time: the server stops before its counters are read.
  await server.stop();
  const check = await open(dataDir);
  const stored = await check.db.execute(sql`
    SELECT count(*) FILTER (WHERE bytes_in > 0) AS updated, max(bytes_in) AS top FROM guest_sessions
    WHERE acct_session_id LIKE 'bench-%'`);
  const row = (stored as unknown as { rows: { updated: string; top: string }[] }).rows[0];
  console.log(`sessions with counters stored: ${row?.updated}, highest Acct-Input-Octets stored ${row?.top}`);
  await check.close();
  rmSync(dataDir, { recursive: true, force: true });
}

if (process.argv[2] === '--load') {
  const result = await load(JSON.parse(process.argv[3] ?? '{}') as LoadJob);
  console.log(JSON.stringify(result));
} else if (process.argv[2] === '--floor') {
  floor(0);
}
