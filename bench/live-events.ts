// Event to browser: how long from a device event reaching the server until its alert shows in a signed-in
// browser, with N other event streams open on the same server process. The real server runs in its own
// process, the N streams in another (bench/live-streams.ts), the browser is headless Chromium, and this
// process plays the devices. The floor beside it: the same events' arrival on the raw streams, without
// the browser's refetch and render. Run with `npm run bench -- live-events`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); else a fresh PGlite data dir
//   BENCH_STREAMS        event streams held open besides the browser's, default 500
//   BENCH_ALERTS         alerts raised one after another, default 40
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.ts';
import { env, root, seedOperator, signIn, startServer } from './fleet-server.ts';
import { benchCredential } from './ingest-payload.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};
const summary = (values: number[]) =>
  `p50 ${percentile(values, 50)} ms, p95 ${percentile(values, 95)} ms, max ${Math.max(...values)} ms (${values.length})`;

function openStreams(url: string, cookie: string, streams: number) {
  const child = spawn(
    process.execPath,
    [join(root, 'bench/live-streams.ts'), JSON.stringify({ url, cookie, streams })],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.setEncoding('utf8');
  const opened = new Promise<void>((resolve) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('open\n')) resolve();
    });
  });
  return {
    opened,
    close: () =>
      new Promise<Record<string, number[]>>((resolve) => {
        child.once('exit', () => resolve(JSON.parse(output.trim().split('\n').at(-1) as string)));
        child.stdin.end();
      }),
  };
}

export async function runLiveEvents(): Promise<void> {
  const streams = Number(env('BENCH_STREAMS', '500'));
  const alerts = Number(env('BENCH_ALERTS', '40'));
  const dataDir = mkdtempSync(join(tmpdir(), 'console-live-'));
  await seedOperator(dataDir, alerts);
  const server = await startServer(dataDir, { HEARTBEAT_INTERVAL_S: '3600' });
  const { cookie } = await signIn(server.url);
  const kind = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(
    `${kind}, ${streams} event streams besides the browser's, load average ${loadavg()[0]?.toFixed(2)} before`,
  );
  const others = openStreams(server.url, cookie, streams);
  await others.opened;

  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const context = await browser.newContext();
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name = '', value = ''] = pair.split('=');
      return { name, value, url: server.url };
    }),
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/cloud/1/dashboard`);
  const badge = page.getByRole('banner').getByRole('button', { name: /^Alerts/ });
  await badge.waitFor();
  await sleep(2000);

  const sent: Record<number, number> = {};
  const seen: number[] = [];
  for (let n = 1; n <= alerts; n++) {
    sent[n] = Date.now();
    const response = await fetch(`${server.url}/agent/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${benchCredential(n - 1)}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        seq: 1,
        events: [{ type: 'reboot', at: new Date().toISOString(), data: { reason: 'power', uptimeS: 5 } }],
      }),
    });
    if (response.status !== 200) throw new Error(`event refused: ${response.status}`);
    // The alerts button names the unviewed total: it shows the new alert once it reads n.
    await page.waitForFunction(
      (count) =>
        document
          .querySelector('header button[aria-label^="Alerts"]')
          ?.getAttribute('aria-label')
          ?.endsWith(`: ${count}`),
      n,
      { polling: 'raf', timeout: 10_000 },
    );
    seen.push(Date.now() - (sent[n] as number));
    // Past the stream's refetch window, so each alert is shown on its own.
    await sleep(700);
  }
  const arrivals = await others.close();
  await browser.close();
  await server.stop();
  const floor = Object.entries(arrivals).flatMap(([device, times]) =>
    times.map((time) => time - (sent[Number(device)] as number)),
  );
  console.log(`device event to alert shown in the browser: ${summary(seen)}`);
  console.log(`floor, device event to its arrival on the ${streams} other streams: ${summary(floor)}`);
  rmSync(dataDir, { recursive: true, force: true });
}
