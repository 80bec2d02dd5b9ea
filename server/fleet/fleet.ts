import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/connect.ts';
import { createAlertPusher } from './alert-push.ts';
import { type AppliedHeartbeat, createHeartbeatIngest } from './heartbeats.ts';
import { createTaskEngine } from './task-engine.ts';

export type MetricsWriter = (tx: Database, applied: readonly AppliedHeartbeat[]) => Promise<void>;

/** The agent API's engine for one server process: heartbeat batches, tasks and the pushes of new alerts. */
export function createFleet(ctx: AppContext, log: FastifyBaseLogger, writeMetrics: MetricsWriter) {
  const pusher = createAlertPusher(ctx, log);
  const ingest = createHeartbeatIngest({
    db: ctx.db,
    secrets: ctx.secrets,
    intervalS: ctx.config.heartbeatIntervalS,
    pace: ctx.config.heartbeatPace,
    writeMetrics,
    onAlerts: pusher.push,
    log,
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
  });
  const tasks = createTaskEngine(ctx.database, ctx.secrets, pusher.push, log);
  return {
    ingest,
    tasks,
    notify: pusher.push,
    /** Starts listening for tasks announced by any process. */
    start: () => tasks.start(),
    /** Waits for queued heartbeats, task follow-ups and pushes, before the database closes. */
    async idle() {
      await ingest.flush();
      await tasks.stop();
      await pusher.idle();
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
