import { type SQL, sql } from 'drizzle-orm';
import type { TaskState, TaskType } from '../../core/domain.ts';
import { taskFailedAlertData } from '../../core/fleet/alert-rules.ts';
import { moveOf, raisesTaskFailed, type TargetEvent, taskStateOf } from '../../core/task-machine.ts';
import { ACK_TIMEOUT_S } from '../../core/task-types.ts';
import { emptyStateCounts, isFinished } from '../../core/tasks.ts';
import type { Database } from '../db/connect.ts';
import { intArray, queryRows } from '../db/rows.ts';
import { liveTask, publishLive } from '../events/publish.ts';
import { queueWebhookEvents, type WebhookEventInput } from '../features/webhooks/queue.ts';
import type { NewAlert } from './new-alert.ts';
import { ALERT_RETURNING } from './new-alert.ts';
import { alertEvent } from './store-outcomes.ts';

/** The channel that tells every process's command channel a task has targets waiting for their devices. */
export const TASK_COMMANDS_CHANNEL = 'task_commands';

/**
 * Moves the targets that match `where` by an event of the state machine (core/task-machine.ts); targets in
 * a state the event does not apply to stay as they are. Keeps the times of each step and the deadline of
 * the next: the ack timeout once contacted, `runTimeoutS` once running. Answers the ids of those moved.
 */
export async function moveTargets(
  tx: Database,
  where: SQL,
  event: TargetEvent,
  options: { now: Date; error?: string | null; runTimeoutS?: number },
): Promise<{ id: number }[]> {
  const { from, to } = moveOf(event);
  const now = options.now.toISOString();
  const after = (seconds: number) => sql`${now}::timestamptz + make_interval(secs => ${seconds})`;
  let times: SQL = sql``;
  if (to === 'TASK_WAIT_ACK') times = sql`, contacted_at = ${now}, deadline_at = ${after(ACK_TIMEOUT_S)}`;
  else if (to === 'TASK_RUNNING') {
    times = sql`, started_at = coalesce(t.started_at, ${now}),
      deadline_at = CASE WHEN t.state = 'TASK_WAIT_ACK' THEN ${after(options.runTimeoutS ?? ACK_TIMEOUT_S)} ELSE t.deadline_at END`;
  } else if (isFinished(to)) times = sql`, finished_at = ${now}, deadline_at = NULL`;
  const error = options.error === undefined ? sql`` : sql`, error = ${options.error}`;
  return queryRows<{ id: number }>(
    tx,
    sql`
    UPDATE task_targets t SET state = ${to}, updated_at = ${now} ${times} ${error}
    WHERE t.state = ANY(${`{${from.join(',')}}`}::text[]) AND ${where}
    RETURNING t.id`,
  );
}

/** Announces to every process that these tasks have targets waiting for their devices. */
export async function announceCommands(tx: Database, taskIds: Iterable<number>): Promise<void> {
  for (const taskId of new Set(taskIds)) {
    await tx.execute(sql`SELECT pg_notify(${TASK_COMMANDS_CHANNEL}, ${String(taskId)})`);
  }
}

type TaskRow = {
  id: number;
  cloud_id: number;
  site_id: number | null;
  device_id: number | null;
  type_id: TaskType;
  task_state: TaskState;
  state_counts: Record<TaskState, number> | null;
};

const sameCounts = (a: Record<TaskState, number> | null, b: Record<TaskState, number>) =>
  a !== null && Object.entries(b).every(([state, n]) => a[state as TaskState] === n);

/**
 * Brings each task's own state in line with its targets (core/task-machine.ts taskStateOf), sets its
 * completion time, raises TASK_FAILED once when it ends failed, and announces its counts to the browsers
 * when they changed. The task rows are locked first (in id order), so two processes following up the
 * same task take turns and only one of them sees it end. Returns the alerts raised.
 */
export async function refreshTasks(tx: Database, taskIds: readonly number[], now: Date): Promise<NewAlert[]> {
  if (taskIds.length === 0) return [];
  const tasks = await queryRows<TaskRow>(
    tx,
    sql`
    SELECT id, cloud_id, site_id, device_id, type_id, task_state, state_counts FROM tasks
    WHERE id = ANY(${intArray(taskIds)}) ORDER BY id FOR UPDATE`,
  );
  const rows = await queryRows<{ task_id: number; state: TaskState; targets: number }>(
    tx,
    sql`
    SELECT task_id, state, count(*)::int AS targets FROM task_targets
    WHERE task_id = ANY(${intArray(tasks.map((task) => task.id))}) GROUP BY task_id, state`,
  );
  const counted = new Map(tasks.map((task) => [task.id, emptyStateCounts()]));
  for (const row of rows) (counted.get(row.task_id) as Record<TaskState, number>)[row.state] = row.targets;
  const events = [];
  const hooked: WebhookEventInput[] = [];
  const failed: { task: TaskRow; counts: Record<TaskState, number> }[] = [];
  for (const task of tasks) {
    const counts = counted.get(task.id) as Record<TaskState, number>;
    const state = taskStateOf(counts);
    if (state === task.task_state && sameCounts(task.state_counts, counts)) continue;
    const ended = state !== task.task_state && isFinished(state);
    await tx.execute(sql`
      UPDATE tasks SET task_state = ${state}, state_counts = ${JSON.stringify(counts)}::jsonb,
        completed_at = ${ended ? sql`${now.toISOString()}::timestamptz` : isFinished(state) ? sql`completed_at` : sql`NULL`}
      WHERE id = ${task.id}`);
    if (ended && raisesTaskFailed(state)) failed.push({ task, counts });
    if (ended)
      hooked.push({
        event: state === 'TASK_FAIL' || state === 'TASK_TIMEOUT' ? 'task.failed' : 'task.finished',
        cloudId: task.cloud_id,
        siteId: task.site_id,
        data: { task_id: task.id, type_id: task.type_id, task_state: state, state_counts: counts },
      });
    events.push(
      liveTask({
        cloud_id: task.cloud_id,
        site_id: task.site_id,
        task_id: task.id,
        type_id: task.type_id,
        task_state: state,
        stateCounts: counts,
      }),
    );
  }
  const alerts = await raiseTaskFailed(tx, failed, now);
  await publishLive(tx, [...events, ...alerts.map((alert) => alertEvent(alert, 'raised'))]);
  await queueWebhookEvents(tx, hooked, now);
  return alerts;
}

/** TASK_FAILED: the task's type and how many of its devices did not succeed (core/fleet/alert-rules.ts). */
async function raiseTaskFailed(
  tx: Database,
  failed: readonly { task: TaskRow; counts: Record<TaskState, number> }[],
  now: Date,
): Promise<NewAlert[]> {
  const alerts: NewAlert[] = [];
  for (const { task, counts } of failed) {
    const [data1, data2, data3] = taskFailedAlertData({ id: task.id, type: task.type_id }, counts);
    const [alert] = await queryRows<NewAlert>(
      tx,
      sql`
      INSERT INTO alerts (cloud_id, site_id, device_id, alert_type, alert_data1, alert_data2, alert_data3,
        health_id, problem_at, resolved_at)
      VALUES (${task.cloud_id}, ${task.site_id}, ${task.device_id}, 'TASK_FAILED', ${data1}, ${data2},
        ${data3}, 'HEALTH_WARNING', ${now.toISOString()}, ${now.toISOString()})
      RETURNING ${ALERT_RETURNING}`,
    );
    if (alert) alerts.push(alert);
  }
  return alerts;
}
