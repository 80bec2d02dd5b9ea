import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/connect.ts';
import { createAlertPusher } from './alert-push.ts';
import { type AppliedHeartbeat, createHeartbeatIngest } from './heartbeats.ts';

export type MetricsWriter = (tx: Database, applied: readonly AppliedHeartbeat[]) => Promise<void>;

/** The agent API's engine for one server process: heartbeat batches and the pushes of new alerts. */
export function createFleet(ctx: AppContext, log: FastifyBaseLogger, writeMetrics: MetricsWriter) {
  const pusher = createAlertPusher(ctx, log);
  const ingest = createHeartbeatIngest({
    db: ctx.db,
    intervalS: ctx.config.heartbeatIntervalS,
    writeMetrics,
    onAlerts: pusher.push,
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
  });
  return {
    ingest,
    notify: pusher.push,
    /** Waits for queued heartbeats and pushes, before the database closes. */
    async idle() {
      await ingest.flush();
      await pusher.idle();
    },
  };
}

export type Fleet = ReturnType<typeof createFleet>;
