// Nine camera streams at once through one console process (docs/streaming.md): the real server in its own
// process, a simulated recorder in this one (its media service answering through its real media tunnel),
// and nine players in a load generator of their own (bench/streams-load.ts) that reload each live playlist
// every 2 s and fetch every new segment. Beside it, the floor in the same run: the same players fetching the
// same segments straight from the recorder's media service over plain HTTP, no console between.
// Figures: the console's CPU (all of it, and per stream) and each request's time to its last byte.
// Run with `npm run bench -- streams`.
//   BENCH_SECONDS   how long each part plays, default 30
//   BENCH_STREAMS   streams at once, default 9
//   BENCH_STREAM    main or sub, default main
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { CameraListResponse } from '../core/api/cameras.ts';
import type { StreamView } from '../core/api/streaming.ts';
import { SEGMENT_S } from '../core/streaming.ts';
import { queryRows } from '../server/db/rows.ts';
import { agentClient } from '../sim/agent-client.ts';
import { createDevice } from '../sim/device.ts';
import { createPlaces } from '../sim/places.ts';
import { DEFAULT_RATES, type Rates } from '../sim/rates.ts';
import { defaultMediaService } from '../sim/recorder-media.ts';
import { runDevice } from '../sim/runner.ts';
import { openStateFile } from '../sim/state-file.ts';
import { createStats } from '../sim/stats.ts';
import { cpuMs, env, open, root, seedOperator, signIn, startServer } from './fleet-server.ts';

const SECONDS = Number(env('BENCH_SECONDS', '30'));
const STREAMS = Number(env('BENCH_STREAMS', '9'));
const STREAM = env('BENCH_STREAM', 'main') as 'main' | 'sub';

type Load = { playlistMs: number[]; segmentMs: number[]; segmentBytes: number; failures: number };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Plays the playlists from the load generator's process; answers its figures and the console's CPU meanwhile. */
async function play(playlists: string[], cookie: string, serverPid: number) {
  const before = cpuMs(serverPid) ?? Number.NaN;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [
      join(root, 'bench/streams-load.ts'),
      JSON.stringify({ playlists, cookie, seconds: SECONDS, segmentS: SEGMENT_S }),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (data: Buffer) => {
    output += data.toString();
  });
  await new Promise((resolve) => child.once('exit', resolve));
  const wallMs = performance.now() - started;
  const load = JSON.parse(output) as Load;
  return { load, cpuPct: (((cpuMs(serverPid) ?? Number.NaN) - before) / wallMs) * 100, wallMs };
}

export async function runStreams() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-streams-'));
  await seedOperator(dataDir, 0);
  const database = await open(dataDir);
  const mac = '02:be:ca:00:00:09';
  const sn = 'BENCHNVR9';
  await database.db.execute(
    sql`INSERT INTO smart_nvrs (cloud_id, name, mac, sn, product_brand_id, fw) VALUES (1, 'Bench NVR', ${mac}, ${sn}, 190, '2.1.0-100')`,
  );
  const [cloud] = await queryRows<{ onboarding_key: string }>(
    database.db,
    sql`SELECT onboarding_key FROM clouds WHERE id = 1`,
  );
  await database.close();
  const server = await startServer(dataDir);
  const stop = new AbortController();
  const quiet = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;
  const recorder = createDevice(
    {
      sn,
      mac,
      productBrandId: 190,
      productType: 'smartnvr',
      fw: '2.1.0-100',
      place: 'bench',
      onboardingKey: cloud?.onboarding_key,
    },
    1,
    quiet,
    createPlaces()('bench'),
  );
  const running = runDevice(recorder, {
    client: agentClient(server.url),
    state: openStateFile(null),
    stats: createStats(),
    spreadS: 0,
    intervalS: 5,
    log: (message) => console.error(message),
    signal: stop.signal,
  });
  const media = defaultMediaService();
  const direct = createServer((request, response) => {
    media
      .handle(recorder, { method: request.method ?? 'GET', path: request.url ?? '/', headers: {} })
      .then(async (answer) => {
        response.writeHead(answer.status, answer.headers);
        const parts = answer.body instanceof Uint8Array ? [answer.body] : answer.body;
        for await (const part of parts) response.write(part);
        response.end();
      });
  });
  try {
    const headers = await signIn(server.url);
    const base = `${server.url}/apiv2/cloud/1/smartnvrs/1`;
    let cameras: CameraListResponse | null = null;
    for (let tries = 0; !cameras?.recorder.online || cameras.items.length === 0; tries++) {
      if (tries > 300) throw new Error('the recorder did not report its cameras');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const answer = await fetch(`${base}/cameras?limit=100`, { headers });
      cameras = answer.ok ? ((await answer.json()) as CameraListResponse) : null;
    }
    const chosen = Array.from(
      { length: STREAMS },
      (_, n) => cameras?.items[n % (cameras?.items.length ?? 1)],
    );
    const views: StreamView[] = [];
    for (const camera of chosen) {
      const answer = await fetch(`${base}/cameras/${camera?.id}/views`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ kind: 'live', stream: STREAM }),
      });
      if (answer.status !== 201) throw new Error(`view refused: ${answer.status} ${await answer.text()}`);
      views.push((await answer.json()) as StreamView);
    }
    const cookie = headers.cookie;
    const playlists = views.map((view) => `${server.url}${view.playlist_url}`);
    // Each pattern is encoded before anything is measured: the first playlist waits for it.
    for (const url of playlists) await fetch(url, { headers: { cookie } });
    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
    const directUrl = `http://127.0.0.1:${(direct.address() as { port: number }).port}`;

    const through = await play(playlists, cookie, server.pid);
    const floor = await play(
      chosen.map((camera) => `${directUrl}/cameras/${camera?.id}/${STREAM}/live.m3u8`),
      '',
      server.pid,
    );
    const row = (name: string, part: Awaited<ReturnType<typeof play>>) =>
      `| ${name} | ${part.load.segmentMs.length} | ${ms(percentile(part.load.segmentMs, 50))} | ${ms(percentile(part.load.segmentMs, 95))} | ${ms(percentile(part.load.playlistMs, 50))} | ${ms(percentile(part.load.playlistMs, 95))} | ${((part.load.segmentBytes * 8) / (part.wallMs / 1000) / 1e6).toFixed(1)} Mbit/s | ${part.cpuPct.toFixed(1)} % (${(part.cpuPct / STREAMS).toFixed(2)} % a stream) | ${part.load.failures} |`;
    console.log(
      `${STREAMS} live ${STREAM} streams for ${SECONDS} s each part, load ${loadavg()[0]?.toFixed(2)}`,
    );
    console.log(
      '| part | segments | segment p50 | segment p95 | playlist p50 | playlist p95 | video | console CPU (of one core) | failures |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    console.log(row('through the console', through));
    console.log(row('floor: straight from the recorder', floor));
    console.log(
      `added latency a segment: p50 ${ms(percentile(through.load.segmentMs, 50) - percentile(floor.load.segmentMs, 50))}, p95 ${ms(percentile(through.load.segmentMs, 95) - percentile(floor.load.segmentMs, 95))}; a playlist: p50 ${ms(percentile(through.load.playlistMs, 50) - percentile(floor.load.playlistMs, 50))}`,
    );
  } finally {
    stop.abort();
    direct.close();
    await server.stop();
    await running.catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
