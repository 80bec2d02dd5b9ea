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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startJobRunner on PostgreSQL', () => {
  it('runs each period once with two server processes on one PostgreSQL database', async () => {
    const runs: string[] = [];
    const jobs = (who: string): PeriodicJob[] => [
      { name: 'shared', everyMs: 300, run: async () => void runs.push(who) },
    ];
    const first = await startJobRunner(database, jobs('first'), quiet);
    const second = await startJobRunner(database, jobs('second'), quiet);
    await sleep(3000);
    await Promise.all([first.stop(), second.stop()]);
    // About one run per period (300 ms, polled every second), never one per process.
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.length).toBeLessThanOrEqual(11);
  });
});
