import { type SQL, sql } from 'drizzle-orm';
import type { TaskType } from '../../core/domain.ts';
import { rolloutDecision } from '../../core/task-machine.ts';
import type { RollingUpdateParams } from '../../core/task-types.ts';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import { queueWebhookEvents } from '../features/webhooks/queue.ts';
import type { NewAlert } from './new-alert.ts';
import { announceCommands, moveTargets, refreshTasks } from './task-moves.ts';

export type Rollout = { paused: boolean; stoppedReason: string | null };

/** A task as scheduling needs it. */
export type ScheduledTask = {
  id: number;
  type_id: TaskType;
  task_params: Record<string, unknown>;
  rollout: Rollout | null;
};

const ACTIVE = sql`('TASK_PENDING', 'TASK_STANDBY', 'TASK_WAIT_ACK', 'TASK_RUNNING')`;

/**
 * Starts a task whose time came: its devices are contacted, all at once, or for a rolling update the
 * canary batch while the rest wait their turn. Answers whether devices were contacted.
 */
export async function startTask(tx: Database, task: ScheduledTask, now: Date): Promise<boolean> {
  const ofTask = sql`t.task_id = ${task.id}`;
  if (!task.rollout) return (await moveTargets(tx, ofTask, 'dispatch', { now })).length > 0;
  await moveTargets(tx, ofTask, 'due', { now });
  return stepRollout(tx, task, now);
}

type RolloutCounts = {
  touched: number;
  failed: number;
  active: number;
  waiting: number;
  next: number | null;
};

/**
 * One step of a rolling update (core/task-machine.ts rolloutDecision): while a batch is out it waits;
 * once more than the threshold failed it stops and cancels the devices not yet touched, with the reason;
 * else it contacts the next batch. A paused rollout lets the batch that is out finish and starts no other.
 * Answers whether devices were contacted.
 */
async function stepRollout(tx: Database, task: ScheduledTask, now: Date): Promise<boolean> {
  const rollout = task.rollout;
  if (!rollout || rollout.stoppedReason) return false;
  const [counts] = await queryRows<RolloutCounts>(
    tx,
    sql`
    SELECT count(*) FILTER (WHERE contacted_at IS NOT NULL)::int AS touched,
      count(*) FILTER (WHERE state IN ('TASK_FAIL', 'TASK_TIMEOUT'))::int AS failed,
      count(*) FILTER (WHERE state IN ('TASK_WAIT_ACK', 'TASK_RUNNING'))::int AS active,
      count(*) FILTER (WHERE state IN ('TASK_PENDING', 'TASK_STANDBY'))::int AS waiting,
      min(batch) FILTER (WHERE state = 'TASK_STANDBY') AS next
    FROM task_targets WHERE task_id = ${task.id}`,
  );
  if (!counts) return false;
  const decision = rolloutDecision(counts, (task.task_params as RollingUpdateParams).failureThresholdPct);
  if (decision.action === 'stop') {
    await moveTargets(tx, sql`t.task_id = ${task.id}`, 'cancel', { now, error: decision.reason });
    await tx.execute(sql`
      UPDATE tasks SET rollout = rollout || ${JSON.stringify({ stoppedReason: decision.reason })}::jsonb
      WHERE id = ${task.id}`);
    const [place] = await queryRows<{ cloud_id: number; site_id: number | null }>(
      tx,
      sql`SELECT cloud_id, site_id FROM tasks WHERE id = ${task.id}`,
    );
    if (place)
      await queueWebhookEvents(
        tx,
        [
          {
            event: 'firmware_rollout.stopped',
            cloudId: place.cloud_id,
            siteId: place.site_id,
            data: {
              task_id: task.id,
              reason: decision.reason,
              touched: counts.touched,
              failed: counts.failed,
            },
          },
        ],
        now,
      );
    return false;
  }
  if (decision.action !== 'next' || rollout.paused || counts.next === null) return false;
  const moved = await moveTargets(tx, sql`t.task_id = ${task.id} AND t.batch = ${counts.next}`, 'dispatch', {
    now,
  });
  return moved.length > 0;
}

/** Cancels the task's targets not running yet (a device running its part finishes it); contacts nobody. */
export async function cancelTask(tx: Database, task: ScheduledTask, now: Date): Promise<boolean> {
  await moveTargets(tx, sql`t.task_id = ${task.id}`, 'cancel', { now, error: 'Canceled by an operator.' });
  return false;
}

/** Pauses or resumes a rolling update; resumed, it goes on at once if the batch out is done. */
export async function pauseRollout(
  tx: Database,
  task: ScheduledTask,
  paused: boolean,
  now: Date,
): Promise<boolean> {
  await tx.execute(sql`
    UPDATE tasks SET rollout = rollout || ${JSON.stringify({ paused })}::jsonb WHERE id = ${task.id}`);
  if (paused || !task.rollout) return false;
  return stepRollout(tx, { ...task, rollout: { ...task.rollout, paused } }, now);
}

/** Applies a change to one task in its own transaction, then follows up its state and announcements. */
export async function changeTask(
  db: Database,
  taskId: number,
  change: (tx: Database, task: ScheduledTask) => Promise<boolean>,
  now = new Date(),
): Promise<NewAlert[]> {
  return db.transaction(async (tx) => {
    const [task] = await queryRows<ScheduledTask>(
      tx,
      sql`SELECT id, type_id, task_params, rollout FROM tasks WHERE id = ${taskId} FOR UPDATE`,
    );
    if (!task) return [];
    if (await change(tx, task)) await announceCommands(tx, [taskId]);
    return refreshTasks(tx, [taskId], now);
  });
}

/**
 * The task sweep, run every second by the job runner (so on PostgreSQL once across processes): starts the
 * tasks whose execute_at came, times out targets past their deadline, steps rolling updates, and brings
 * every task in progress in line with its targets. Everything it reads is in the database, so a restart
 * resumes a rollout where it was. Returns the alerts raised.
 */
export async function sweepTasks(db: Database, now = new Date()): Promise<NewAlert[]> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    await moveTargets(tx, deadlinePassed(at, 'TASK_WAIT_ACK'), 'timeout', {
      now,
      error: 'The device did not take the task in time.',
    });
    await moveTargets(tx, deadlinePassed(at, 'TASK_RUNNING'), 'timeout', {
      now,
      error: 'The device did not report a result in time.',
    });
    // Tasks in progress whose time came, skipping any another process holds.
    const tasks = await queryRows<ScheduledTask & { pending: boolean }>(
      tx,
      sql`
      SELECT k.id, k.type_id, k.task_params, k.rollout,
        EXISTS (SELECT 1 FROM task_targets t WHERE t.task_id = k.id AND t.state = 'TASK_PENDING') AS pending
      FROM tasks k
      WHERE k.task_state IN ${ACTIVE} AND k.execute_at <= ${at}
      ORDER BY k.id FOR UPDATE OF k SKIP LOCKED`,
    );
    const contacted: number[] = [];
    for (const task of tasks) {
      const moved = task.pending ? await startTask(tx, task, now) : await stepRollout(tx, task, now);
      if (moved) contacted.push(task.id);
    }
    await announceCommands(tx, contacted);
    return refreshTasks(
      tx,
      tasks.map((task) => task.id),
      now,
    );
  });
}

const deadlinePassed = (at: string, state: 'TASK_WAIT_ACK' | 'TASK_RUNNING'): SQL =>
  sql`t.state = ${state} AND t.deadline_at < ${at} AND t.id IN (
    SELECT id FROM task_targets WHERE state IN ('TASK_WAIT_ACK', 'TASK_RUNNING') AND deadline_at < ${at})`;

/** How long the files tasks produced (captures, reports) are kept for download. */
export const TASK_FILES_KEPT_DAYS = 30;

/** Drops task files older than TASK_FILES_KEPT_DAYS; their targets keep their state and result. */
export async function dropExpiredTaskFiles(db: Database, now: Date): Promise<void> {
  await db.execute(sql`
    DELETE FROM task_files WHERE created_at < ${now.toISOString()}::timestamptz - make_interval(days => ${TASK_FILES_KEPT_DAYS})`);
}
