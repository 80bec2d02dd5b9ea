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
): PeriodicJob[] {
  return [
    {
      name: 'fleet-status-sweep',
      // At least as often as heartbeats are due, so a faster pace is judged as promptly.
      everyMs: Math.min(STATUS_SWEEP_EVERY_S, heartbeatIntervalS) * 1000,
      run: async (now) => {
        const alerts = await sweepStatuses(db, now);
        if (alerts.length > 0) fleet.notify(alerts);
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
