import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/connect.ts';
import { followDrift } from '../features/config/drift.ts';
import type { ConsoleMetrics } from '../features/console-metrics/console-metrics.ts';
import { createAlertPusher } from './alert-push.ts';
import { type AppliedHeartbeat, createHeartbeatIngest } from './heartbeats.ts';
import type { NewAlert } from './new-alert.ts';
import { createTaskEngine } from './task-engine.ts';

export type MetricsWriter = (tx: Database, applied: readonly AppliedHeartbeat[]) => Promise<void>;

/** The agent API's engine for one server process: heartbeat batches, tasks and the pushes of new alerts. */
export function createFleet(
  ctx: AppContext,
  log: FastifyBaseLogger,
  writeMetrics: MetricsWriter,
  metrics: ConsoleMetrics,
) {
  const pusher = createAlertPusher(ctx, log);
  let asking: Promise<void> = Promise.resolve();
  const onHeartbeatAlerts = (alerts: NewAlert[]) => {
    pusher.push(alerts);
    asking = asking
      .then(() => followDrift(ctx.db, ctx.secrets, alerts))
      .then(pusher.push, (error: unknown) => {
        log.error({ err: error }, 'following up devices whose configuration changed on them failed');
      });
  };
  const ingest = createHeartbeatIngest({
    db: ctx.db,
    secrets: ctx.secrets,
    intervalS: ctx.config.heartbeatIntervalS,
    pace: ctx.config.heartbeatPace,
    writeMetrics,
    onAlerts: onHeartbeatAlerts,
    log,
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
    onTaken: metrics.batchQueue('heartbeats', () => ingest.waiting),
  });
  const tasks = createTaskEngine(
    ctx.database,
    ctx.secrets,
    pusher.push,
    log,
    metrics.batchQueue('task_reports', () => tasks.waitingReports),
  );
  return {
    ingest,
    tasks,
    notify: pusher.push,
    metrics,
    /** Starts listening for tasks announced by any process. */
    start: () => tasks.start(),
    /** Waits for queued heartbeats, task follow-ups and pushes, before the database closes. */
    async idle() {
      await ingest.flush();
      await asking;
      await tasks.stop();
      await pusher.idle();
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
