// @vitest-environment node
// Run alone, after the PostgreSQL suite (scripts/test-postgres.ts), when TEST_PG_RESTART names the command
// that restarts the test server: it takes the server down for every other test too.
import { exec } from 'node:child_process';
import { promisify } from 'node:util';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sites } from '../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../test/factories.ts';

const restartCommand = process.env.TEST_PG_RESTART;
let t: TestApp;
let session: Session;
let cloudId: number;
beforeAll(async () => {
  if (!restartCommand || process.env.TEST_DB !== 'postgres') {
    throw new Error('needs TEST_DB=postgres and TEST_PG_RESTART');
  }
  t = await createTestApp();
  const user = await createUser(t.database.db, { email: 'noc@restart.example' });
  cloudId = (await createCloud(t.database.db)).id;
  await addMember(t.database.db, user.id, cloudId, 'ROLE_OWNER');
  session = await login(t.app, 'noc@restart.example', TEST_PASSWORD);
});
afterAll(() => t?.close());

it('PostgreSQL restarting (immediate shutdown, crash recovery) under a write load loses no acknowledged write', async () => {
  const acknowledged = new Map<number, string>();
  const statuses = new Map<number, number>();
  let acknowledgedAfterRestart = 0;
  let restarted = false;
  let running = true;
  const writer = async (w: number) => {
    for (let n = 0; running; n++) {
      const name = `Writer ${w} site ${n}`;
      const response = await t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${cloudId}/sites`,
        payload: { name },
        headers: as(session),
      });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      if (response.statusCode === 201) {
        acknowledged.set(response.json().id, name);
        if (restarted) acknowledgedAfterRestart += 1;
      } else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(w));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await promisify(exec)(restartCommand as string);
  restarted = true;
  // Until the pool has reconnected and the load has gone on for a while.
  while (acknowledgedAfterRestart < 200) await new Promise((resolve) => setTimeout(resolve, 100));
  running = false;
  await Promise.all(writers);

  // Every answer was a write or the outage's 503, never a failure of the console itself.
  expect([...statuses.keys()].filter((status) => status !== 201 && status !== 503)).toEqual([]);
  const ids = [...acknowledged.keys()];
  const stored = await t.database.db
    .select({ id: sites.id, name: sites.name })
    .from(sites)
    .where(inArray(sites.id, ids));
  expect(stored.length).toBe(ids.length);
  for (const row of stored) expect(row.name).toBe(acknowledged.get(row.id));
  // Every pooled connection came back: one kept by a request the restart broke would starve the pool.
  const pool = t.database.pool;
  expect(pool && pool.totalCount - pool.idleCount).toBe(0);
}, 120_000);
