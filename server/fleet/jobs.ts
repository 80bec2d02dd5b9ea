import { STATUS_SWEEP_EVERY_S } from '../../core/fleet/status.ts';
import type { PeriodicJob } from '../background/runner.ts';
import type { Database } from '../db/connect.ts';
import { dropExpiredLiveEvents } from '../events/hub.ts';
import { dropStalePendingDevices } from './adopt.ts';
import { CLIENT_SAMPLE_EVERY_MS, dropExpiredClientSamples, sampleClients } from './client-samples.ts';
import type { Fleet } from './fleet.ts';
import { dropExpiredMetrics, ensureMetricPartitions, rollupMetrics } from './metric-store.ts';
import { sweepStatuses } from './sweep.ts';
import { dropExpiredTaskFiles, sweepTasks } from './task-schedule.ts';

const MINUTE_MS = 60_000;
/** Intervals every device has to report after this process started, before the sweep judges it. */
const GRACE_INTERVALS = 1.5;
/** Scheduled tasks start, and rollouts move on, within this time. */
const TASK_SWEEP_EVERY_MS = 1000;

/**
 * The fleet's background work: the status sweep and the task sweep (their alerts pushed), the metrics'
 * and the clients' samples' upkeep, and how long live events, task files and unregistered devices are kept.
 */
export function fleetJobs(
  db: Database,
  fleet: Pick<Fleet, 'notify'>,
  heartbeatIntervalS: number,
  options: { startedAt?: Date; sweepConcurrency?: number } = {},
): PeriodicJob[] {
  const startedAt = options.startedAt ?? new Date();
  // After the console itself was down every deadline may have passed with no device at fault: this process
  // judges none until each had an interval and a half to report. Nothing is written for it, so a start
  // costs the same however large the fleet, and the processes that stayed up keep sweeping.
  const judgeFrom = startedAt.getTime() + GRACE_INTERVALS * heartbeatIntervalS * 1000;
  return [
    {
      name: 'fleet-status-sweep',
      // At least as often as heartbeats are due, so a faster pace is judged as promptly.
      everyMs: Math.min(STATUS_SWEEP_EVERY_S, heartbeatIntervalS) * 1000,
      run: async (now) => {
        if (now.getTime() < judgeFrom) return;
        // Each chunk's alerts are pushed once it committed, whatever happens to the chunks after it.
        await sweepStatuses(db, now, { onAlerts: fleet.notify, concurrency: options.sweepConcurrency });
      },
    },
    {
      name: 'task-sweep',
      everyMs: TASK_SWEEP_EVERY_MS,
      run: async (now) => {
        const alerts = await sweepTasks(db, now);
        if (alerts.length > 0) fleet.notify(alerts);
      },
    },
    {
      name: 'live-events-retention',
      everyMs: MINUTE_MS,
      run: async (now) => {
        await dropExpiredLiveEvents(db, now);
      },
    },
    {
      name: 'task-files-retention',
      everyMs: 60 * MINUTE_MS,
      run: (now) => dropExpiredTaskFiles(db, now),
    },
    {
      name: 'pending-devices-retention',
      everyMs: 5 * MINUTE_MS,
      run: (now) => dropStalePendingDevices(db, now),
    },
    { name: 'metrics-partitions', everyMs: 60 * MINUTE_MS, run: (now) => ensureMetricPartitions(db, now) },
    { name: 'metrics-rollup', everyMs: 5 * MINUTE_MS, run: (now) => rollupMetrics(db, now) },
    { name: 'client-samples', everyMs: CLIENT_SAMPLE_EVERY_MS, run: (now) => sampleClients(db, now) },
    {
      name: 'client-samples-retention',
      everyMs: 60 * MINUTE_MS,
      run: (now) => dropExpiredClientSamples(db, now),
    },
    {
      name: 'metrics-retention',
      everyMs: 60 * MINUTE_MS,
      run: async (now) => {
        await dropExpiredMetrics(db, now);
      },
    },
  ];
}
