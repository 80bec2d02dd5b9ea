import { sql } from 'drizzle-orm';
import { Logger, run } from 'graphile-worker';
import type { Database, DatabaseHandle } from '../db/connect.ts';
import { periodicJobRuns } from '../db/schema/activity.ts';

/** Work the server does on its own every so often (docs/decisions.md): the status sweep, metric rollups, retention. */
export type PeriodicJob = { name: string; everyMs: number; run: (now: Date) => Promise<void> };

export type JobLog = { error: (details: object, message: string) => void };
/** Told of each run as it starts: how many milliseconds after it was due (docs/metrics.md#background-jobs). */
export type JobStarted = (job: string, lateMs: number) => void;
export type JobRunner = { stop: () => Promise<void> };

/**
 * Runs each job every `everyMs`, each run once however many server processes there are: on PostgreSQL
 * through graphile-worker's queue, on the embedded database (one process) in this process.
 */
export function startJobRunner(
  database: DatabaseHandle,
  jobs: readonly PeriodicJob[],
  log: JobLog,
  started: JobStarted = () => {},
): Promise<JobRunner> {
  return database.pool
    ? startQueue(database, jobs, log, started)
    : Promise.resolve(startInProcess(jobs, log, started));
}

async function runJob(job: PeriodicJob, log: JobLog, claim = async () => true) {
  try {
    if (await claim()) await job.run(new Date());
  } catch (error) {
    log.error({ err: error, job: job.name }, 'background job failed');
  }
}

/** One timer per job; a run never overlaps the one before, and a failed run keeps the schedule. */
function startInProcess(jobs: readonly PeriodicJob[], log: JobLog, started: JobStarted): JobRunner {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: PeriodicJob, delay: number) => {
    const due = performance.now() + delay;
    const timer = setTimeout(() => {
      timers.delete(timer);
      started(job.name, performance.now() - due);
      const done = runJob(job, log).finally(() => {
        running.delete(done);
        if (!stopped) schedule(job, job.everyMs);
      });
      running.add(done);
    }, delay);
    timers.add(timer);
  };
  for (const job of jobs) schedule(job, 0);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(running);
    },
  };
}

/**
 * Records that a run of the job starts now, unless one started less than half a period ago: a process
 * that starts while another runs the job adds a second entry (the running one is locked), and that entry
 * must not run the period again. Half a period leaves room for the clocks of the server processes and
 * the database to differ.
 */
async function claimPeriod(db: Database, job: PeriodicJob): Promise<boolean> {
  const claimed = await db
    .insert(periodicJobRuns)
    .values({ name: job.name, startedAt: sql`now()` })
    .onConflictDoUpdate({
      target: periodicJobRuns.name,
      set: { startedAt: sql`now()` },
      setWhere: sql`${periodicJobRuns.startedAt} <= now() - make_interval(secs => ${job.everyMs / 2000})`,
    })
    .returning({ name: periodicJobRuns.name });
  return claimed.length > 0;
}

/**
 * Each job is a queue entry with a job key (its name): every process adds it without moving a run already
 * planned, the worker that takes it runs it and plans the next run `everyMs` later. graphile-worker's
 * crontab counts in whole minutes; the status sweep runs every few seconds.
 */
async function startQueue(
  database: DatabaseHandle,
  jobs: readonly PeriodicJob[],
  log: JobLog,
  started: JobStarted,
): Promise<JobRunner> {
  const logger = new Logger(() => (level, message, meta) => {
    if (level === 'error') log.error(meta, `job queue: ${message}`);
  });
  const byName = new Map(jobs.map((job) => [job.name, job]));
  const runner = await run({
    pgPool: database.pool,
    concurrency: 2,
    noHandleSignals: true,
    pollInterval: 1000,
    logger,
    // Completions go through the queue's batcher, which stopping waits for: written one by one they are
    // not awaited, and one still being written outlives the stop and the pool it writes through.
    preset: { worker: { completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    taskList: Object.fromEntries(
      jobs.map((job) => [
        job.name,
        async (_payload, helpers) => {
          started(job.name, Date.now() - helpers.job.run_at.getTime());
          await runJob(job, log, () => claimPeriod(database.db, job));
          await helpers.addJob(job.name, {}, { jobKey: job.name, runAt: new Date(Date.now() + job.everyMs) });
        },
      ]),
    ),
  });
  for (const job of byName.values()) {
    await runner.addJob(job.name, {}, { jobKey: job.name, jobKeyMode: 'preserve_run_at', runAt: new Date() });
  }
  return { stop: () => runner.stop() };
}
