// The device list's bulk actions on the large cloud of seed-large, one request each through the real app:
// a reboot of every access point (one task, about 60,000 targets) and a move of every switch (10,000
// devices and as many change log records, one transaction) to one site and back. The floor is the same
// database work without HTTP or the console's checks: the task rows written straight, and the move's
// UPDATE and change log INSERT in a transaction rolled back. Run with `npm run bench -- device-bulk`.

import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import { createContext } from '../server/context.ts';
import type { Database } from '../server/db/connect.ts';
import { APP_VERSION } from '../server/version.ts';
import { BENCH_OWNER_EMAIL, BENCH_PASSWORD, findBenchCloud, openBenchDatabase } from './seed-large.ts';

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await work();
  return [result, performance.now() - start];
}

export async function runDeviceBulk(): Promise<void> {
  const database = await openBenchDatabase();
  const { db } = database;
  const bench = await findBenchCloud(db);
  if (!bench) throw new Error('No bench cloud in this database: run `npm run bench -- seed-large` first.');
  const config = readConfig({
    ...process.env,
    DEMO: '0',
    LOG_LEVEL: 'silent',
    DATABASE_URL: '',
    API_RATE_LIMIT: '0',
  });
  const app = await buildApp(createContext(database, config, APP_VERSION));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const login = await fetch(`${base}/apiv2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password: BENCH_PASSWORD }),
    });
    const cookies = login.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
    const csrf = cookies.find((c) => c.startsWith('csrf_token='))?.slice('csrf_token='.length) ?? '';
    const post = async (action: string, body: object) => {
      const response = await fetch(`${base}/apiv2/cloud/${bench.cloudId}/devices/bulk/${action}`, {
        method: 'POST',
        headers: {
          cookie: cookies.join('; '),
          'x-csrf-token': csrf,
          'x-app-version': APP_VERSION,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      const answer = await response.json();
      if (response.status >= 300) throw new Error(`${action}: ${response.status} ${JSON.stringify(answer)}`);
      return answer as { count: number };
    };
    console.log(`load average ${loadavg()[0]?.toFixed(1)} at start`);
    console.log('| action | devices | answered in ms | floor ms |');
    console.log('|---|---|---|---|');

    const [reboot, rebootMs] = await timed(() => post('reboot', { selection: { filter: { type: 'wifi' } } }));
    const ids = (
      await rows<{ id: number }>(
        db,
        sql`SELECT id FROM devices WHERE cloud_id = ${bench.cloudId} AND product_type = 'wifi' AND deleted_at IS NULL AND NOT decomm`,
      )
    ).map((row) => row.id);
    const [, rebootFloor] = await timed(() =>
      db
        .transaction(async (tx) => {
          const [task] = await rows<{ id: number }>(
            tx,
            sql`INSERT INTO tasks (cloud_id, type_id, task_state, task_params, execute_at)
            VALUES (${bench.cloudId}, 'TASK_REBOOT', 'TASK_PENDING', '{}'::jsonb, now()) RETURNING id`,
          );
          await tx.execute(sql`INSERT INTO task_targets (task_id, device_id, state)
          SELECT ${task?.id}, unnest(${`{${ids.join(',')}}`}::int[]), 'TASK_PENDING'`);
          tx.rollback();
        })
        .catch(() => undefined),
    );
    console.log(
      `| reboot, all access points (one task) | ${reboot.count} | ${rebootMs.toFixed(0)} | ${rebootFloor.toFixed(0)} |`,
    );

    const switches = await rows<{ id: number; site_id: number }>(
      db,
      sql`SELECT id, site_id FROM devices WHERE cloud_id = ${bench.cloudId} AND product_type = 'switch' AND deleted_at IS NULL AND NOT decomm`,
    );
    const [move, moveMs] = await timed(() =>
      post('move', { selection: { filter: { type: 'switch' } }, siteId: bench.siteId }),
    );
    const [, moveFloor] = await timed(() =>
      db
        .transaction(async (tx) => {
          await tx.execute(sql`UPDATE devices SET site_id = ${bench.siteId + 1}, updated_at = now()
          WHERE id = ANY(${`{${switches.map((s) => s.id).join(',')}}`}::int[])`);
          await tx.execute(sql`INSERT INTO audit_records (cloud_id, actor_user_id, actor_email, ip, action, object_type, object_id, object_name, before, after)
          SELECT ${bench.cloudId}, ${bench.ownerId}, '', '127.0.0.1', 'changed', 'device', d.id::text, d.name,
            jsonb_build_object('site_id', d.site_id), jsonb_build_object('site_id', ${bench.siteId + 1}::int)
          FROM devices d WHERE d.id = ANY(${`{${switches.map((s) => s.id).join(',')}}`}::int[])`);
          tx.rollback();
        })
        .catch(() => undefined),
    );
    console.log(
      `| move, all switches to one site (change log record each) | ${move.count} | ${moveMs.toFixed(0)} | ${moveFloor.toFixed(0)} |`,
    );
    // Back where they were, each to its own site, so the bench cloud stays as seeded.
    await db.execute(
      sql`UPDATE devices d SET site_id = v.s FROM jsonb_to_recordset(${JSON.stringify(
        switches.map((s) => ({ i: s.id, s: s.site_id })),
      )}::jsonb) AS v(i int, s int) WHERE d.id = v.i`,
    );
    console.log(`load average ${loadavg()[0]?.toFixed(1)} at the end`);
  } finally {
    await app.close();
    await database.close();
  }
}
