// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): the embedded database is one process's alone.
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

  it('leaves a period alone when a second process starts while the first runs it', async () => {
    const runs: string[] = [];
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let release = () => {};
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const slow = (who: string): PeriodicJob[] => [
      {
        name: 'slow',
        everyMs: 60_000,
        run: async () => {
          runs.push(who);
          if (who !== 'first') return;
          started();
          await blocked;
        },
      },
    ];
    const first = await startJobRunner(database, slow('first'), quiet);
    await running;
    // The second process's entry for now is taken while the first run goes on, and plans the next period.
    const second = await startJobRunner(database, slow('second'), quiet);
    const nextPlanned = async () => {
      const planned = await database.pool?.query(
        "select 1 from graphile_worker.jobs where key = 'slow' and locked_at is null and run_at > now()",
      );
      return planned?.rowCount;
    };
    await expect.poll(nextPlanned, { timeout: 15_000 }).toBe(1);
    release();
    await Promise.all([first.stop(), second.stop()]);
    expect(runs).toEqual(['first']);
    // Stopped means done with the database: the run that just ended is recorded, no entry still held.
    const held = await database.pool?.query('select 1 from graphile_worker.jobs where locked_at is not null');
    expect(held?.rowCount).toBe(0);
  });
});
