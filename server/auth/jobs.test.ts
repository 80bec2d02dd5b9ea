// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiRateLimits, loginThrottles, sessions } from '../db/schema/accounts.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createUser } from '../test/factories.ts';
import { accessJobs } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('the access jobs drop expired sessions, finished login counters and idle rate buckets, and keep live ones', async () => {
  const { db } = t.database;
  const user = await createUser(db);
  const hour = 60 * 60 * 1000;
  const session = (idHash: string, expiresAt: Date) => ({
    idHash,
    userId: user.id,
    csrfToken: 'c',
    expiresAt,
  });
  await db
    .insert(sessions)
    .values([session('expired', new Date(Date.now() - hour)), session('live', new Date(Date.now() + hour))]);
  const old = sql`now() - interval '1 hour'`;
  await db.insert(loginThrottles).values([
    { key: 'pair:done', failures: 3, windowStartedAt: old },
    {
      key: 'pair:blocked',
      failures: 5,
      windowStartedAt: old,
      blockedUntil: sql`now() + interval '1 minute'`,
    },
    { key: 'pair:current', failures: 1 },
  ]);
  await db.insert(apiRateLimits).values([
    { key: 'session:idle', tokens: 3, updatedAt: old },
    { key: 'session:busy', tokens: 3 },
  ]);

  for (const job of accessJobs(db)) await job.run(new Date());

  const keys = async (table: typeof sessions | typeof loginThrottles | typeof apiRateLimits) =>
    (await db.select().from(table)).map((row) => ('idHash' in row ? row.idHash : row.key)).sort();
  expect(await keys(sessions)).toEqual(['live']);
  expect(await keys(loginThrottles)).toEqual(['pair:blocked', 'pair:current']);
  expect(await keys(apiRateLimits)).toEqual(['session:busy']);
});
