// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): the console's LISTEN connections (live events, task commands)
// reach the database through a TCP proxy, and are ended by the server, silenced mid-way (a half-open
// socket) and held while they reconnect.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type LiveEvent, publishLive } from '../events/publish.ts';
import { openStream } from '../events/test-stream.ts';
import { commandsOf, createTaskCloud, startTask } from '../fleet/test-tasks.ts';
import { TEST_VERSION, type TestApp } from '../test/app.ts';
import { openTestDatabase } from '../test/database.ts';
import { type DatabaseHandle, LISTEN_APPLICATION_NAME, openDatabase } from './connect.ts';
import { queryRows } from './rows.ts';
import { startProxy } from './test-proxy.ts';

let direct: DatabaseHandle & { url?: string };
let database: DatabaseHandle;
let proxy: ReturnType<typeof startProxy>;
let app: App;
let baseUrl: string;
let t: TestApp;
let stopped = false;

beforeAll(async () => {
  direct = await openTestDatabase();
  if (!direct.url) throw new Error('needs PostgreSQL');
  const url = new URL(direct.url);
  proxy = startProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.host = `127.0.0.1:${await proxy.listen(0)}`;
  // Checked five times a second, so a silent connection is noticed within the test's patience.
  database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4, listenCheckMs: 200 });
  app = await buildApp(createContext(database, readConfig({ DEMO: '0', API_RATE_LIMIT: '0' }), TEST_VERSION));
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  t = { app, database, close: async () => {} };
});
afterAll(async () => {
  if (!stopped) {
    await app.close();
    await database.close();
  }
  await direct.close();
});

/** Resolves once `done` answers true, asking again every 20 ms. */
async function until(done: () => boolean | Promise<boolean>) {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** The console's LISTEN connections as the server sees them. */
const listeners = () =>
  queryRows<{ pid: number; client_port: number }>(
    direct.db,
    sql`SELECT pid, client_port FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTEN_APPLICATION_NAME}`,
  );

const reboot = (cloudId: number, n: number) =>
  ({ kind: 'alert', cloudId, siteId: null, data: { n } }) as unknown as LiveEvent;

describe('a LISTEN connection', () => {
  it('ended by the server is replaced, and what was announced meanwhile still arrives', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const stream = await openStream(baseUrl, session.cookie);
    const waiting = commandsOf(t, device.credential, 15);
    const before = await listeners();
    expect(before).toHaveLength(2);

    proxy.hold();
    await direct.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTEN_APPLICATION_NAME}`);
    // Both connections are being opened again and wait at the proxy: nothing announced now is heard.
    await proxy.held(2);
    await direct.db.transaction((tx) => publishLive(tx, [reboot(cloud.id, 1)]));
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
    });
    proxy.release();

    expect((await stream.until((e) => e.data.n === 1, 10_000)).event).toBe('alert');
    expect(await waiting).toEqual([expect.objectContaining({ taskId, type: 'TASK_REBOOT' })]);
    const after = await listeners();
    expect(after).toHaveLength(2);
    expect(after.map((row) => row.pid)).not.toContain(before[0]?.pid);
    stream.close();
  }, 30_000);

  it('that stops answering without a word (a half-open socket) is replaced, and the events sent meanwhile arrive', async () => {
    const { cloud, session } = await createTaskCloud(t, 0);
    const stream = await openStream(baseUrl, session.cookie);
    const before = await listeners();
    for (const row of before) proxy.silence(row.client_port);
    await direct.db.transaction((tx) => publishLive(tx, [reboot(cloud.id, 2)]));

    expect((await stream.until((e) => e.data.n === 2, 15_000)).event).toBe('alert');
    const after = await listeners();
    expect(after.map((row) => row.pid)).not.toContain(before[0]?.pid);
    stream.close();
  }, 30_000);

  it('still being opened when the console stops is closed, and no connection is left', async () => {
    proxy.hold();
    await direct.db.execute(sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = ${LISTEN_APPLICATION_NAME}`);
    await proxy.held(4);
    stopped = true;
    await app.close();
    await database.close();
    // The attempts reach the server only now, after the console stopped: none may stay open.
    proxy.release();
    await until(() => proxy.open === 0);
    await until(async () => {
      const [left] = await queryRows<{ n: number }>(
        direct.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return left?.n === 0;
    });
  }, 30_000);
});
