// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { openTestDatabase } from '../test/database.ts';
import { type PeriodicJob, startJobRunner } from './runner.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startJobRunner', () => {
  it('runs each job every period, never two runs of one job at once, and keeps going after a failure', async () => {
    const runs: number[] = [];
    let active = 0;
    let overlapped = false;
    const job: PeriodicJob = {
      name: 'tick',
      everyMs: 50,
      run: async () => {
        overlapped ||= active > 0;
        active += 1;
        runs.push(Date.now());
        await sleep(80);
        active -= 1;
        if (runs.length === 2) throw new Error('one bad run');
      },
    };
    const errors: unknown[] = [];
    const runner = await startJobRunner({ ...database, pool: undefined }, [job], {
      error: (details) => errors.push(details),
    });
    await sleep(700);
    await runner.stop();
    const count = runs.length;
    expect(count).toBeGreaterThanOrEqual(4);
    expect(overlapped).toBe(false);
    expect(errors).toHaveLength(1);
    await sleep(200);
    expect(runs).toHaveLength(count);
  });
});
