// Remote web access on loopback (docs/remote-access.md): the time from the operator's click on Open in
// the Remote web access dialog until the device's page is drawn in the new tab (headless Chromium), and
// one tunnel's throughput beside a direct fetch of the same bytes from the device's own listener. The
// real server runs in its own process, the device in another (bench/tunnel-device.ts). Run with
// `npm run bench -- tunnel`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_OPENS          tunnels opened from the page, default 10
//   BENCH_MB             megabytes fetched through the tunnel and directly, each run, default 64
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { sql } from 'drizzle-orm';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.ts';
import { env, open, root, seedOperator, signIn, startServer } from './fleet-server.ts';
import { benchCredential } from './ingest-payload.ts';

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** The device's process: its command channel, its tunnels and its own listener's port. */
function startDevice(url: string) {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/tunnel-device.ts'), JSON.stringify({ url, credential: benchCredential(0) })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  child.stdout.setEncoding('utf8');
  const port = new Promise<number>((resolve) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line).port);
    });
  });
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.stdin.end();
      }),
  };
}

/** Reads a whole answer over loopback, with a Host header of our choosing; bytes and milliseconds. */
function fetchBytes(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; bytes: number; ms: number; headers: Record<string, unknown> }>(
    (resolve, reject) => {
      const started = performance.now();
      const call = request({ host: '127.0.0.1', port, path, headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            headers: response.headers,
          }),
        );
        response.on('error', reject);
      });
      call.on('error', reject);
      call.end();
    },
  );
}

export async function runTunnel(): Promise<void> {
  const opens = Number(env('BENCH_OPENS', '10'));
  const megabytes = Number(env('BENCH_MB', '64'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-tunnel-'));
  await seedOperator(dataDir, 1);
  // The bench's device reports no heartbeats: it is online as the console last heard.
  const database = await open(dataDir);
  await database.db.execute(sql`UPDATE devices SET status_id = 'STATUS_ONLINE' WHERE id = 1`);
  await database.db.execute(sql`UPDATE device_agents SET status_id = 'STATUS_ONLINE' WHERE device_id = 1`);
  await database.close();
  const server = await startServer(dataDir, { HEARTBEAT_INTERVAL_S: '3600' });
  const serverPort = Number(new URL(server.url).port);
  const device = startDevice(server.url);
  const directPort = await device.port;
  const headers = await signIn(server.url);
  const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${kind}, loopback, load average ${loadavg()[0]?.toFixed(2)} before`);

  // Click to page: the dashboard's Remote web access, Open, the device's page drawn in the new tab.
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const context = await browser.newContext();
  await context.addCookies(
    headers.cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, url: server.url };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/device/1`);
  const times: number[] = [];
  for (let n = 0; n <= opens; n++) {
    await page.getByRole('button', { name: 'Remote web access' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remote web access' });
    await dialog.waitFor();
    const tab = context.waitForEvent('page');
    const started = performance.now();
    await dialog.getByRole('button', { name: 'Open', exact: true }).click();
    const opened = await tab;
    await opened.getByRole('heading', { name: 'bench-ap-0' }).waitFor({ timeout: 60_000 });
    // The first open warms the server and the browser up: it is not counted.
    if (n > 0) times.push(performance.now() - started);
    await opened.close();
  }
  console.log(
    `click to device page drawn: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms (${times.length} tunnels)`,
  );
  await browser.close();

  // Throughput: one tunnel, the same bytes fetched through it and straight from the device's listener.
  const opened = await fetch(`${server.url}/apiv2/cloud/1/devices/1/tunnels`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ duration_min: 15 }),
  });
  const { url } = (await opened.json()) as { url: string };
  const host = new URL(url).host;
  const grant = await fetchBytes(serverPort, `${new URL(url).pathname}${new URL(url).search}`, { host });
  const cookie = String((grant.headers['set-cookie'] as string[] | undefined)?.[0] ?? '').split(';')[0] ?? '';
  const path = `/bytes?n=${megabytes * 1_000_000}`;
  const rate = (result: { bytes: number; ms: number }) => result.bytes / 1e6 / (result.ms / 1000);
  const through: number[] = [];
  const straight: number[] = [];
  for (let run = 0; run < 4; run++) {
    const tunnel = await fetchBytes(serverPort, path, { host, cookie });
    const direct = await fetchBytes(directPort, path);
    if (tunnel.status !== 200 || tunnel.bytes !== megabytes * 1_000_000) {
      throw new Error(`the tunnel answered ${tunnel.status} with ${tunnel.bytes} bytes`);
    }
    // The first of each warms up.
    if (run > 0) {
      through.push(rate(tunnel));
      straight.push(rate(direct));
    }
  }
  const fmt = (values: number[]) =>
    `${percentile(values, 50).toFixed(0)} MB/s (runs ${values.map((value) => value.toFixed(0)).join(', ')})`;
  console.log(`${megabytes} MB through one tunnel: ${fmt(through)}`);
  console.log(`${megabytes} MB straight from the device's listener (floor): ${fmt(straight)}`);
  console.log(`load average ${loadavg()[0]?.toFixed(2)} after`);

  await device.stop();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
