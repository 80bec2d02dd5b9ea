// What GET /metrics costs the console (docs/metrics.md): the work its hook adds to every request, beside the
// same request without the hook in the same run, and the time of one scrape of a busy process's metrics.
// Run with `npm run bench -- console-metrics`.
//   BENCH_REQUESTS   requests per side and round, default 20000
//   BENCH_ROUNDS     rounds, each side in turn, default 5
import Fastify from 'fastify';
import { createConsoleMetrics } from '../server/features/console-metrics/console-metrics.ts';
import { registerRequestMetrics } from '../server/features/console-metrics/routes.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A Fastify app with one route of the console's shape, with or without the metrics hook. */
async function app(withMetrics: boolean) {
  const server = Fastify();
  if (withMetrics) registerRequestMetrics(server, createConsoleMetrics());
  server.get('/apiv2/cloud/:cloudId/dashboard', async () => ({ devices: 12, online: 11 }));
  await server.ready();
  return server;
}

/** Microseconds per request of `count` requests in a row, through inject (the app's own work, no sockets). */
async function timeRequests(server: Awaited<ReturnType<typeof app>>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    await server.inject({ method: 'GET', url: `/apiv2/cloud/${i % 500}/dashboard` });
  }
  return ((performance.now() - started) * 1000) / count;
}

export async function runConsoleMetrics(): Promise<void> {
  const requests = Number(process.env.BENCH_REQUESTS || 20000);
  const rounds = Number(process.env.BENCH_ROUNDS || 5);

  // 1. A request through Fastify with and without the hook, in turns so the machine's load falls on both.
  const floor = await app(false);
  const hooked = await app(true);
  await timeRequests(floor, 2000);
  await timeRequests(hooked, 2000);
  const without: number[] = [];
  const withHook: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    without.push(await timeRequests(floor, requests));
    withHook.push(await timeRequests(hooked, requests));
  }
  console.log(`request without the metrics hook (floor): ${without.map((v) => v.toFixed(2)).join(', ')} µs`);
  console.log(`request with the metrics hook:            ${withHook.map((v) => v.toFixed(2)).join(', ')} µs`);
  console.log(
    `median: ${median(without).toFixed(2)} µs floor, ${median(withHook).toFixed(2)} µs with the hook ` +
      `(+${(median(withHook) - median(without)).toFixed(2)} µs)`,
  );
  await floor.close();
  await hooked.close();

  // 2. The recording alone, over a busy process's spread of routes and statuses, beside an empty call.
  const metrics = createConsoleMetrics();
  const calls = Array.from({ length: 1000 }, (_, i) => ({
    method: i % 5 === 0 ? 'POST' : 'GET',
    route: `/apiv2/cloud/:cloudId/feature-${i % 250}`,
    status: [200, 200, 200, 304, 401, 404][i % 6] ?? 200,
  }));
  const record = (method: string, route: string, status: number, ms: number) =>
    metrics.request(method, route, status, ms);
  let sink = 0;
  const empty = (_method: string, _route: string, status: number, ms: number) => {
    sink += status + ms;
  };
  const loop = (fn: typeof record, count: number) => {
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      const call = calls[i % calls.length] as (typeof calls)[number];
      fn(call.method, call.route, call.status, (i % 200) / 10);
    }
    return ((performance.now() - started) * 1e6) / count;
  };
  loop(record, 200_000);
  loop(empty, 200_000);
  const recorded = loop(record, 2_000_000);
  const nothing = loop(empty, 2_000_000);
  console.log(
    `recording one request (1,000 route × status series): ${recorded.toFixed(0)} ns; floor, an empty call: ${nothing.toFixed(0)} ns`,
  );
  // Keeps the floor's loop from being optimised away.
  if (sink < 0) console.log(sink);

  // 3. One scrape of those series and the process's own metrics.
  const scrapes: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    bytes = (await metrics.scrape()).length;
    scrapes.push(performance.now() - started);
  }
  console.log(
    `one scrape (${(bytes / 1024).toFixed(0)} KiB of text): median ${median(scrapes).toFixed(2)} ms`,
  );
}
