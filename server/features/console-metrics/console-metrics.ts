// docs/metrics.md: the console's own metrics, per server process, in Prometheus's text format.
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { createRequestMetrics } from './request-metrics.ts';

/** Seconds a heartbeat or task report waits for the batch that writes it. */
const QUEUE_WAIT_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds a background job starts after it was due (the queue on PostgreSQL polls every second). */
const JOB_LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300];

/** The fleet's batch queues (server/fleet/batch-queue.ts) the metrics follow. */
export type QueueName = 'heartbeats' | 'task_reports';

/** The RADIUS service's requests (docs/guest-access.md#radius), by kind and what became of them. */
export type RadiusKind = 'access' | 'accounting';
export type RadiusResult =
  | 'accept'
  | 'reject'
  | 'challenge'
  | 'answered'
  | 'unanswered'
  | 'busy'
  | 'malformed'
  | 'unknown_nas'
  | 'bad_signature';

let processRegistry: Registry | null = null;

/**
 * The process's own numbers (CPU, memory, event loop, garbage collection, handles), once per process:
 * prom-client's collectors watch the process itself, so every app built in it shares one set.
 */
function defaultMetrics(): Registry {
  if (processRegistry === null) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The metrics of one console app (one server process): its registry, and what the HTTP hook, the fleet,
 * the job runner, the live event hub, the database pool and the RADIUS service record in it.
 */
export function createConsoleMetrics() {
  const registry = new Registry();
  const requests = createRequestMetrics();
  const heartbeats = new Counter({
    name: 'console_heartbeats_received_total',
    help: 'Device heartbeats received with a valid credential and body, before they are written.',
    registers: [registry],
  });
  const deviceEvents = new Counter({
    name: 'console_device_events_received_total',
    help: 'Device events received and stored (each event of an events call).',
    registers: [registry],
  });
  const queueWait = new Histogram({
    name: 'console_batch_queue_wait_seconds',
    help: 'Time an item waited in a fleet batch queue until a batch took it, by queue.',
    labelNames: ['queue'] as const,
    buckets: QUEUE_WAIT_BUCKETS,
    registers: [registry],
  });
  const queues = new Map<QueueName, () => number>();
  new Gauge({
    name: 'console_batch_queue_depth',
    help: 'Items waiting in a fleet batch queue for a batch to take them, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    collect() {
      for (const [queue, depth] of queues) this.set({ queue }, depth());
    },
  });
  const jobLag = new Histogram({
    name: 'console_job_start_lag_seconds',
    help: 'How late a background job run started after it was due, by job.',
    labelNames: ['job_name'] as const,
    buckets: JOB_LAG_BUCKETS,
    registers: [registry],
  });
  let streams: () => number = () => 0;
  new Gauge({
    name: 'console_live_event_streams',
    help: 'Live event streams (Server-Sent Events) open in this process.',
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });
  let radius: Counter<'kind' | 'result'> | null = null;

  const processMetrics = defaultMetrics();

  return {
    /** The text a scrape gets (the process's numbers, then the console's), and its content type. */
    contentType: registry.contentType,
    scrape: async () => `${await processMetrics.metrics()}\n${requests.text()}\n${await registry.metrics()}`,

    /** One answered request: its route's pattern (never the URL), status and time in milliseconds. */
    request: requests.record,
    heartbeatReceived: () => heartbeats.inc(),
    deviceEventsReceived: (count: number) => deviceEvents.inc(count),

    /** Follows a batch queue: `depth` is read at each scrape; the answer records one item's wait. */
    batchQueue(queue: QueueName, depth: () => number): (waitedMs: number) => void {
      queues.set(queue, depth);
      const labels = { queue };
      return (waitedMs) => queueWait.observe(labels, waitedMs / 1000);
    },

    /** A background job run starting `lateMs` after it was due. */
    jobStarted(job: string, lateMs: number) {
      jobLag.observe({ job_name: job }, Math.max(0, lateMs) / 1000);
    },

    /** The live event hub's count of open streams, read at each scrape. */
    liveStreams(count: () => number) {
      streams = count;
    },

    /** The PostgreSQL pool's connections, read at each scrape (PGlite has no pool: one connection). */
    databasePool(pool: pg.Pool) {
      new Gauge({
        name: 'console_db_pool_connections',
        help: 'Connections of the PostgreSQL pool, by state: total (open) and idle.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'console_db_pool_waiting',
        help: 'Queries waiting for a connection of the PostgreSQL pool.',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
      new Gauge({
        name: 'console_db_pool_max',
        help: 'Most connections the PostgreSQL pool opens.',
        registers: [registry],
        collect() {
          this.set(pool.options.max ?? 10);
        },
      });
    },

    /** Counts the RADIUS service's requests; called when the service starts, so the family exists only then. */
    radiusRequests(): (kind: RadiusKind, result: RadiusResult) => void {
      radius ??= new Counter({
        name: 'console_radius_requests_total',
        help: 'RADIUS requests, by kind (access, accounting) and result.',
        labelNames: ['kind', 'result'] as const,
        registers: [registry],
      });
      const counter = radius;
      return (kind, result) => counter.inc({ kind, result });
    },
  };
}

export type ConsoleMetrics = ReturnType<typeof createConsoleMetrics>;
