// @vitest-environment node
// Only on PostgreSQL (npm run test:postgres): the embedded database is one process's alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { type PeriodicJob, startJobRunner } from './runner.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const quiet = { error: () => {} };

describe('startJobRunner on PostgreSQL', () => {
  it('runs each period once with two server processes on one PostgreSQL database', async () => {
    const runs: { who: string; at: number }[] = [];
    const jobs = (who: string): PeriodicJob[] => [
      { name: 'shared', everyMs: 300, run: async () => void runs.push({ who, at: Date.now() }) },
    ];
    const first = await startJobRunner(database, jobs('first'), quiet);
    const second = await startJobRunner(database, jobs('second'), quiet);
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
    await Promise.all([first.stop(), second.stop()]);
    // One run per period whichever process takes it: each planned a period after the one before, never
    // a run of each process at the same moment.
    const gaps = runs.slice(1).map((run, index) => run.at - (runs[index]?.at ?? 0));
    expect(gaps.filter((gap) => gap < 300)).toEqual([]);
  });
});
