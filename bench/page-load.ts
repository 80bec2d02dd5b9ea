// Time from navigation to a page's content being visible in headless Chromium, and the JavaScript each
// page loads, on the large cloud of seed-large: the console in its own process on 127.0.0.1 (the built web
// app, `npx vite build` first), Chromium in its own. Each page is opened in a fresh browser context (no
// HTTP cache: cold), again in the same one (cached: warm), and cold over an emulated 4G network (Chromium's
// throttling: 9 Mbit/s down, 150 ms round trip). The floor is a page of the signed-in frame that asks the
// server for nothing of its own. JavaScript is counted as it came over the wire (compressed). Run with
// `npm run bench -- page-load`.
//   BENCH_DATABASE_URL   PostgreSQL (else the PGlite data dir BENCH_DATA_DIR, default data/bench)
//   BENCH_RUNS           visits per page and cache state, default 10
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium.ts';
import {
  BENCH_OWNER_EMAIL,
  BENCH_PASSWORD,
  benchDataDir,
  findBenchCloud,
  openBenchDatabase,
} from './seed-large.ts';

const root = new URL('..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function startConsole(port: number) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      DATA_DIR: benchDataDir(),
      DEMO: '0',
      SIMULATOR: '0',
      API_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the console did not start');
}

// Located by text, not role: a newcomer's first-visit dialog hides the page from the accessibility tree.
export type Target = { name: string; path: string; content: (page: Page) => ReturnType<Page['locator']> };

/** An emulated 4G network: 9 Mbit/s down, 3 Mbit/s up, 150 ms round trip. */
const FOUR_G = {
  offline: false,
  latency: 150,
  downloadThroughput: (9_000_000 / 8) * 0.9,
  uploadThroughput: (3_000_000 / 8) * 0.9,
};

/** Milliseconds from navigation to the content being visible, and the JavaScript bytes sent for it. */
async function visit(context: BrowserContext, base: string, target: Target, network: 'local' | '4G') {
  const page = await context.newPage();
  if (network === '4G') {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FOUR_G);
  }
  const scripts: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() === 'script')
      scripts.push(request.sizes().then((sizes) => sizes.responseBodySize));
  });
  const startedAt = performance.now();
  await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
  await target.content(page).first().waitFor({ state: 'visible', timeout: 60_000 });
  const ms = performance.now() - startedAt;
  const bytes = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
  await page.close();
  return { ms, bytes, files: scripts.length };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
const p95 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(0.95 * values.length) - 1)] ??
  Number.NaN;

/** The floor: a page of the signed-in frame that asks the server for nothing of its own (its not-found page). */
export const floorTarget = (cloudId: number): Target => ({
  name: 'floor: a page of the frame with no call of its own',
  path: `/v2/cloud/${cloudId}/no-such-page`,
  content: (page) => page.getByText('There is no page at this address.'),
});

/**
 * Opens each target `runs` times per visit kind (cold, warm, cold over 4G), each in a fresh browser context
 * signed in as `account`, and prints a table of the times and the JavaScript sent.
 */
export async function measurePages(
  base: string,
  account: { email: string; password: string },
  targets: Target[],
  runs: number,
): Promise<void> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    console.log('| page | visit | median ms | p95 ms | JavaScript sent (compressed) |');
    console.log('|---|---|---|---|---|');
    for (const target of targets) {
      for (const visitKind of ['cold', 'warm', 'cold over 4G'] as const) {
        const times: number[] = [];
        let bytes = 0;
        let files = 0;
        for (let run = 0; run < runs; run++) {
          const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
          const login = await context.request.post(`${base}/apiv2/auth/login`, { data: account });
          if (!login.ok()) throw new Error(`login failed: ${login.status()}`);
          if (visitKind === 'warm') await visit(context, base, target, 'local');
          const network = visitKind === 'cold over 4G' ? '4G' : 'local';
          const result = await visit(context, base, target, network);
          times.push(result.ms);
          ({ bytes, files } = result);
          await context.close();
        }
        const sent =
          visitKind === 'warm' ? 'from cache' : `${(bytes / 1000).toFixed(1)} kB in ${files} files`;
        console.log(
          `| ${target.name} | ${visitKind} | ${median(times).toFixed(0)} | ${p95(times).toFixed(0)} | ${sent} |`,
        );
      }
    }
  } finally {
    await browser.close();
  }
}

export async function runPageLoad(): Promise<void> {
  const runs = Number(process.env.BENCH_RUNS || 10);
  const database = await openBenchDatabase();
  const bench = await findBenchCloud(database.db);
  await database.close();
  if (!bench) throw new Error('No bench cloud in this database: run `npm run bench -- seed-large` first.');
  const port = await freePort();
  const server = await startConsole(port);
  try {
    const targets: Target[] = [
      floorTarget(bench.cloudId),
      {
        name: 'cloud dashboard (device counts shown)',
        path: `/cloud/${bench.cloudId}/dashboard`,
        content: (page) => page.getByText(/^All [\d,]+ devices$/),
      },
      {
        name: 'devices list (first page of rows shown)',
        path: `/v2/cloud/${bench.cloudId}/devices`,
        content: (page) => page.locator('table tbody tr').nth(49),
      },
      {
        name: 'site dashboard (device counts shown)',
        path: `/site/${bench.siteId}/dashboard`,
        content: (page) => page.getByText(/^All [\d,]+ devices$/),
      },
    ];
    console.log(
      `${runs} visits per page and cache state; console and Chromium in their own processes; ` +
        `database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    await measurePages(
      `http://127.0.0.1:${port}`,
      { email: BENCH_OWNER_EMAIL, password: BENCH_PASSWORD },
      targets,
      runs,
    );
  } finally {
    server.kill('SIGTERM');
  }
}
