// @vitest-environment node
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
  // The clock is Vitest's: the runs are counted against the schedule, not against a busy machine.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs each job every period, never two runs of one job at once, and keeps going after a failure', async () => {
    const runs: number[] = [];
    let active = 0;
    let overlapped = false;
    const started = Date.now();
    const job: PeriodicJob = {
      name: 'tick',
      everyMs: 50,
      run: async () => {
        overlapped ||= active > 0;
        active += 1;
        runs.push(Date.now() - started);
        await sleep(80);
        active -= 1;
        if (runs.length === 2) throw new Error('one bad run');
      },
    };
    const errors: unknown[] = [];
    const runner = await startJobRunner({ ...database, pool: undefined }, [job], {
      error: (details) => errors.push(details),
    });
    await vi.advanceTimersByTimeAsync(700);
    // Each run starts a period after the one before ended, the failed second one included.
    expect(runs).toEqual([0, 130, 260, 390, 520, 650]);
    expect(overlapped).toBe(false);
    expect(errors).toHaveLength(1);
    // Stopping waits for the run under way, and plans no other.
    const stopped = runner.stop();
    await vi.advanceTimersByTimeAsync(80);
    await stopped;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(6);
  });
});
