// @vitest-environment node
// GET /metrics (docs/metrics.md): the text format, what moves the numbers, and who may scrape.
import { createSocket } from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobRunner } from '../../background/runner.ts';
import { ConfigError, readConfig } from '../../config.ts';
import { createAdoptedDevice, event, heartbeat, sendEvents, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { startRadiusService } from '../../guest-access/service.ts';
import { createTestApp, type TestApp, testSecrets } from '../../test/app.ts';

type Sample = { name: string; labels: Record<string, string>; value: number };

/** Reads Prometheus's text format strictly: any line that is not a comment or a sample fails the test. */
function parse(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE ([a-zA-Z_:][\w:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] as string, type[2] as string);
      continue;
    }
    if (/^# HELP [a-zA-Z_:][\w:]* /.test(line)) continue;
    // Prometheus reads NaN in any case (prom-client writes an event-loop mean not yet sampled as Nan).
    const sample = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (-?[\d.e+-]+|nan|[+-]Inf)$/i.exec(line);
    if (!sample) throw new Error(`not Prometheus text format: ${line}`);
    const labels: Record<string, string> = {};
    const pairs = sample[2] ?? '';
    const pair = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)",?/gy;
    let at = 0;
    for (let match = pair.exec(pairs); match; match = pair.exec(pairs)) {
      labels[match[1] as string] = match[2] as string;
      at = pair.lastIndex;
    }
    if (at !== pairs.length) throw new Error(`labels not in Prometheus text format: ${line}`);
    samples.push({ name: sample[1] as string, labels, value: Number(sample[3]) });
  }
  return { samples, types };
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, wanted]) => sample.labels[key] === wanted),
    )
    .reduce((sum, sample) => sum + sample.value, 0);

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
/** Behind one trusted proxy (TRUST_PROXY=1). */
let proxied: TestApp;
/** With METRICS_TOKEN. */
let guarded: TestApp;
beforeAll(async () => {
  [t, proxied, guarded] = await Promise.all([
    createTestApp(),
    createTestApp({}, { TRUST_PROXY: '1' }),
    createTestApp({}, { METRICS_TOKEN: TOKEN }),
  ]);
  await Promise.all([t.app.ready(), proxied.app.ready(), guarded.app.ready()]);
}, 120_000);
afterAll(async () => {
  await Promise.all([t?.close(), proxied?.close(), guarded?.close()]);
});

async function scrape(app: TestApp = t) {
  const response = await app.app.inject({ method: 'GET', url: '/metrics' });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

/** Scrapes until `ready` holds (work the console does after answering), for at most a few seconds. */
async function scrapeUntil(ready: (samples: Sample[]) => boolean) {
  const until = Date.now() + 5000;
  for (;;) {
    const { samples } = await scrape();
    if (ready(samples) || Date.now() > until) return samples;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('GET /metrics', () => {
  it('answers the text format with requests by route pattern, never by URL', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/apiv2/cloud/987654/dashboard?range=987654' });
    await t.app.inject({ method: 'GET', url: '/apiv2/no-such-call/987654' });
    const { samples, types } = await scrape();

    expect(types.get('console_http_requests_total')).toBe('counter');
    expect(types.get('console_http_request_duration_seconds')).toBe('histogram');
    expect(value(samples, 'console_http_requests_total', { route: '/healthz', status_code: '200' })).toBe(1);
    expect(
      value(samples, 'console_http_requests_total', {
        method: 'GET',
        route: '/apiv2/cloud/:cloudId/dashboard',
        status_code: '401',
      }),
    ).toBe(1);
    expect(value(samples, 'console_http_requests_total', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(
      value(samples, 'console_http_request_duration_seconds_count', {
        route: '/apiv2/cloud/:cloudId/dashboard',
        status_class: '4xx',
      }),
    ).toBe(1);
    const buckets = samples.filter(
      (sample) =>
        sample.name === 'console_http_request_duration_seconds_bucket' && sample.labels.route === '/healthz',
    );
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual([
      ...['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30'],
      '+Inf',
    ]);

    // The named families, and the process's own.
    for (const name of [
      'console_heartbeats_received_total',
      'console_device_events_received_total',
      'console_batch_queue_depth',
      'console_batch_queue_wait_seconds',
      'console_job_start_lag_seconds',
      'console_live_event_streams',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(types.has(name), name).toBe(true);
    }
    expect(samples.filter((sample) => sample.name === 'console_batch_queue_depth')).toEqual([
      { name: 'console_batch_queue_depth', labels: { queue: 'heartbeats' }, value: 0 },
      { name: 'console_batch_queue_depth', labels: { queue: 'task_reports' }, value: 0 },
    ]);
    // The pool is PostgreSQL's (pool.postgres.test.ts); PGlite has none.
    expect(types.has('console_db_pool_connections')).toBe(t.database.kind === 'postgres');

    // No URL, id or query string in any label.
    const values = samples.flatMap((sample) => Object.values(sample.labels));
    expect(values.filter((label) => label.includes('987654') || label.includes('?'))).toEqual([]);
  });

  it('counts heartbeats and events as they come, and how long heartbeats waited for their batch', async () => {
    const device = await createAdoptedDevice(t);
    const before = await scrape();
    expect((await sendHeartbeat(t, device.credential, heartbeat(1))).statusCode).toBe(200);
    const events = [
      event('channel_changed', { band: '5', from: 36, to: 149, reason: 'radar' }),
      event('config_failed', { error: 'vlan 4095 is reserved' }),
    ];
    expect((await sendEvents(t, device.credential, 2, events)).statusCode).toBe(200);
    const { samples } = await scrape();

    const moved = (name: string, labels: Record<string, string> = {}) =>
      value(samples, name, labels) - value(before.samples, name, labels);
    expect(moved('console_heartbeats_received_total')).toBe(1);
    expect(moved('console_device_events_received_total')).toBe(2);
    expect(moved('console_batch_queue_wait_seconds_count', { queue: 'heartbeats' })).toBe(1);
    expect(moved('console_http_requests_total', { route: '/agent/v1/heartbeat', status_code: '200' })).toBe(
      1,
    );
  });

  it('records how late each background job started', async () => {
    const runner = await startJobRunner(
      { ...t.database, pool: undefined },
      [{ name: 'metrics_test_job', everyMs: 60_000, run: async () => {} }],
      { error: () => {} },
      t.app.metrics.jobStarted,
    );
    try {
      const samples = await scrapeUntil(
        (now) => value(now, 'console_job_start_lag_seconds_count', { job_name: 'metrics_test_job' }) === 1,
      );
      expect(value(samples, 'console_job_start_lag_seconds_count', { job_name: 'metrics_test_job' })).toBe(1);
    } finally {
      await runner.stop();
    }
  });

  it('counts RADIUS requests by kind and result once the service is on', async () => {
    expect((await scrape()).types.has('console_radius_requests_total')).toBe(false);
    const radius = await startRadiusService(
      { db: t.database.db, secrets: testSecrets, log: t.app.log },
      { host: '127.0.0.1', authPort: 0, acctPort: null },
      t.app.metrics.radiusRequests(),
    );
    const socket = createSocket('udp4');
    try {
      // Too short to be a RADIUS packet.
      await new Promise<void>((resolve, reject) =>
        socket.send(Buffer.from([1, 2, 3]), radius.authPort ?? 0, '127.0.0.1', (error) =>
          error ? reject(error) : resolve(),
        ),
      );
      const samples = await scrapeUntil(
        (now) => value(now, 'console_radius_requests_total', { kind: 'access', result: 'malformed' }) === 1,
      );
      expect(value(samples, 'console_radius_requests_total', { kind: 'access', result: 'malformed' })).toBe(
        1,
      );
    } finally {
      socket.close();
      await radius.close();
    }
  });
});

describe('who may scrape', () => {
  it('without METRICS_TOKEN: loopback callers only', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('127.8.9.10')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('::ffff:127.0.0.1')).statusCode).toBe(200);
    const refused = await from('10.1.2.3');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Metrics are served only to this machine unless METRICS_TOKEN is set.',
    });
    expect((await from('203.0.113.7', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(403);
  });

  it('behind a trusted proxy, a forwarded header never makes a remote caller look local', async () => {
    const from = (remoteAddress: string, forwarded: string) =>
      proxied.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress,
        headers: { 'x-forwarded-for': forwarded },
      });
    // A remote caller that names itself local, straight or through the proxy on this machine.
    expect((await from('198.51.100.4', '127.0.0.1')).statusCode).toBe(403);
    expect((await from('127.0.0.1', '127.0.0.1, 198.51.100.4')).statusCode).toBe(403);
    expect((await from('127.0.0.1', '198.51.100.4')).statusCode).toBe(403);
    // A scraper on this machine through the proxy on this machine.
    expect((await from('127.0.0.1', '127.0.0.1')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN: the bearer token, from anywhere', async () => {
    const send = (headers: Record<string, string>, remoteAddress = '203.0.113.9') =>
      guarded.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });
    const missing = await send({}, '127.0.0.1');
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(missing.json()).toEqual({
      message: 'A valid metrics token is required (Authorization: Bearer).',
    });
    expect((await send({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(401);
    expect((await send({ authorization: `Bearer ${TOKEN.slice(0, -1)}` })).statusCode).toBe(401);
    expect((await send({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(401);
    const allowed = await send({ authorization: `Bearer ${TOKEN}` });
    expect(allowed.statusCode).toBe(200);
    expect(parse(allowed.body).types.get('console_http_requests_total')).toBe('counter');
  });

  it('refuses a METRICS_TOKEN too short or with spaces at start-up', () => {
    for (const token of ['short', 'a token with spaces in it']) {
      expect(() => readConfig({ METRICS_TOKEN: token })).toThrow(ConfigError);
    }
    expect(readConfig({ METRICS_TOKEN: 'f'.repeat(64) }).metricsToken).toBe('f'.repeat(64));
  });
});
