// Webhook fan-out (docs/webhooks.md#delivery): 10,000 alert events to 20 webhooks on PostgreSQL, and the time
// until every one of the 200,000 deliveries is made by the delivery job's code, beside a floor measured in
// the same run: the same number of signed POSTs of the same bodies straight to the same receivers, as many
// at once, with no database. The receivers run in their own process (this file with `--receivers`). Also
// what queuing costs the transactions that make the events: publishing them with the 20 webhooks beside
// publishing them with none, and what the queue stores (each event's body once, docs/webhooks.md#storage).
// Run with `npm run bench -- webhooks`.
//   BENCH_DATABASE_URL   PostgreSQL database to use (emptied first); required
//   BENCH_EVENTS         alert events, default 10000
//   BENCH_WEBHOOKS       webhooks, default 20
//   BENCH_BATCH          events per transaction (a heartbeat batch's worth), default 100
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/rows.ts';
import { liveAlert, publishLive } from '../server/events/publish.ts';
import { secretBox } from '../server/features/config/seal.ts';
import { deliverDue } from '../server/features/webhooks/deliver.ts';
import { createWebhook } from '../server/features/webhooks/repository.ts';
import { env, open } from './fleet-server.ts';

const SECRET = 'bench-webhook-secret-0123456789';

/** The receivers' process: one server per port, answering every POST with 204 once its body is read. */
async function runReceivers(count: number) {
  const ports: number[] = [];
  for (let i = 0; i < count; i++) {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    ports.push((server.address() as { port: number }).port);
  }
  process.stdout.write(`${JSON.stringify(ports)}\n`);
}

function startReceivers(count: number): Promise<{ child: ChildProcess; ports: number[] }> {
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, '--receivers', String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve({ child, ports: JSON.parse(String(chunk)) }));
    child.once('exit', (code) => reject(new Error(`receivers exited with ${code}`)));
  });
}

/** The floor: `total` signed POSTs, 64 in flight, keep-alive, spread over the receivers, no database. */
async function floor(ports: number[], total: number, body: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < total) {
        const n = next++;
        const timestamp = String(Math.floor(Date.now() / 1000));
        const signature = createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex');
        await new Promise<void>((resolve, reject) => {
          const request = http.request(
            {
              host: '127.0.0.1',
              port: ports[n % ports.length],
              path: '/hook',
              method: 'POST',
              agent,
              headers: {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
                'x-console-timestamp': timestamp,
                'x-console-signature': `sha256=${signature}`,
              },
            },
            (response) => {
              response.resume();
              response.on('end', () => resolve());
            },
          );
          request.on('error', reject);
          request.end(body);
        });
      }
    }),
  );
  agent.destroy();
  return performance.now() - started;
}

export async function runWebhooks() {
  if (!process.env.BENCH_DATABASE_URL)
    throw new Error('The webhooks bench needs BENCH_DATABASE_URL (PostgreSQL).');
  const events = Number(env('BENCH_EVENTS', '10000'));
  const hooks = Number(env('BENCH_WEBHOOKS', '20'));
  const batch = Number(env('BENCH_BATCH', '100'));
  const database = await open('');
  const { db } = database;
  const secrets = secretBox(Buffer.alloc(32, 5));
  const receivers = await startReceivers(hooks);
  try {
    await db.execute(
      sql`TRUNCATE clouds, webhook_deliveries, webhook_events, live_events RESTART IDENTITY CASCADE`,
    );
    await db.execute(sql`INSERT INTO clouds (name, plan_type) VALUES ('Webhook Bench', 'intro')`);
    await db.execute(sql`INSERT INTO sites (cloud_id, name) VALUES (1, 'Bench site')`);
    const alertOf = (i: number) =>
      liveAlert({
        cloud_id: 1,
        site_id: 1,
        alert_id: i,
        alert_type: 'DEV_UNREACHABLE',
        health_id: 'HEALTH_CRITICAL',
        device_id: 1000 + i,
        snvr_device_id: null,
        change: 'raised',
      });
    const publish = async () => {
      const started = performance.now();
      for (let first = 0; first < events; first += batch) {
        const chunk = Array.from({ length: Math.min(batch, events - first) }, (_, k) => alertOf(first + k));
        await db.transaction((tx) => publishLive(tx, chunk));
      }
      return performance.now() - started;
    };
    // Publishing with no webhook: the producers' floor.
    const publishFloorMs = await publish();
    await db.execute(sql`TRUNCATE live_events`);
    for (const port of receivers.ports)
      await createWebhook(db, secrets, { userId: null, ip: null }, 1, {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['alert.raised'],
        secret: SECRET,
      });
    const publishMs = await publish();
    const [queued] = await queryRows<{ n: number; events: number; rows_mb: number; events_mb: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM webhook_deliveries) AS n,
        (SELECT count(*)::int FROM webhook_events) AS events,
        round(pg_total_relation_size('webhook_deliveries') / 1048576.0, 1)::float AS rows_mb,
        round(pg_total_relation_size('webhook_events') / 1048576.0, 1)::float AS events_mb`,
    );
    const deps = {
      db,
      secrets,
      sendMail: async () => false,
      allowPrivate: true,
      productName: 'Bench Console',
      publicUrl: 'http://127.0.0.1',
    };
    const started = performance.now();
    let rounds = 0;
    for (;;) {
      rounds += 1;
      const attempted = await deliverDue(deps, new Date());
      if (attempted === 0) break;
    }
    const deliverMs = performance.now() - started;
    const [states] = await queryRows<{ delivered: number; total: number }>(
      db,
      sql`SELECT count(*) FILTER (WHERE state = 'delivered')::int AS delivered, count(*)::int AS total
        FROM webhook_deliveries`,
    );
    const [sample] = await queryRows<{ payload: object }>(
      db,
      sql`SELECT payload FROM webhook_events LIMIT 1`,
    );
    const floorMs = await floor(receivers.ports, states?.total ?? 0, JSON.stringify(sample?.payload ?? {}));
    const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000).toLocaleString('en');
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `publish ${events} alert events in transactions of ${batch}: ${publishMs.toFixed(0)} ms with ${hooks} webhooks (${queued?.n} deliveries queued), floor with none ${publishFloorMs.toFixed(0)} ms`,
    );
    console.log(
      `stored, with indexes: ${queued?.events} events (${queued?.events_mb} MB), ${queued?.n} deliveries (${queued?.rows_mb} MB)`,
    );
    console.log(
      `deliver: ${states?.delivered} of ${states?.total} delivered in ${(deliverMs / 1000).toFixed(1)} s (${perSecond(states?.total ?? 0, deliverMs)}/s, ${rounds} job runs); floor, the same POSTs with no database: ${(floorMs / 1000).toFixed(1)} s (${perSecond(states?.total ?? 0, floorMs)}/s)`,
    );
  } finally {
    receivers.child.kill();
    await database.close();
  }
}

if (process.argv[2] === '--receivers') await runReceivers(Number(process.argv[3]));
