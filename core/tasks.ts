// Task maths of docs/states.md, shared by the server and the web app's task panel.
import { FINISHED_TASK_STATES, TASK_STATES, type TaskState } from './domain.ts';

/** Number of task targets in each state (docs/decisions.md). */
export type TaskStateCounts = Readonly<Record<TaskState, number>>;

/** docs/states.md: how each task state is shown. */
export const TASK_STATE_LABELS: Readonly<Record<TaskState, string>> = {
  TASK_PENDING: 'Scheduled',
  TASK_STANDBY: 'Waiting',
  TASK_WAIT_ACK: 'Contacting device(s)',
  TASK_RUNNING: 'Running',
  TASK_SUCCESS: 'Success',
  TASK_FAIL: 'Failed',
  TASK_TIMEOUT: 'Timed out',
  TASK_CANCELED: 'Canceled',
};

const FINISHED: ReadonlySet<string> = new Set(FINISHED_TASK_STATES);

/** docs/states.md: success, fail, timeout and canceled are finished; the others are in progress. */
export function isFinished(state: TaskState): boolean {
  return FINISHED.has(state);
}

/** A count per state, every state present (zero where there is none). */
export function emptyStateCounts(): Record<TaskState, number> {
  return Object.fromEntries(TASK_STATES.map((state) => [state, 0])) as Record<TaskState, number>;
}

/** How many of these targets are in each state. */
export function stateCountsOf(states: readonly TaskState[]): Record<TaskState, number> {
  const counts = emptyStateCounts();
  for (const state of states) counts[state] += 1;
  return counts;
}

/**
 * docs/states.md: the finished share of the per-state counts, as a whole percent rounded down (so an unfinished
 * task never shows 100); 100 once the task itself is finished; 0 with no targets.
 */
export function percentComplete(stateCounts: Partial<TaskStateCounts>, taskState: TaskState): number {
  if (isFinished(taskState)) return 100;
  let total = 0;
  let finished = 0;
  for (const state of TASK_STATES) {
    const count = stateCounts[state] ?? 0;
    total += count;
    if (isFinished(state)) finished += count;
  }
  return total === 0 ? 0 : Math.floor((finished * 100) / total);
}

/** docs/states.md: errors are the canceled, timed-out and failed targets. */
export function errorCount(stateCounts: Partial<TaskStateCounts>): number {
  return (stateCounts.TASK_CANCELED ?? 0) + (stateCounts.TASK_TIMEOUT ?? 0) + (stateCounts.TASK_FAIL ?? 0);
}

type Instant = string | Date;

/** What isTaskUnseen needs of a task: times as ISO strings (as the API sends them) or dates. */
export type TaskTimes = {
  task_state: TaskState;
  execute_at: Instant;
  completed_at: Instant | null;
};

const millis = (instant: Instant) => (typeof instant === 'string' ? Date.parse(instant) : instant.getTime());

/**
 * docs/states.md: a task is unseen if it completed after the viewed-at time, or is not successful and was
 * scheduled after it. Before the user ever viewed the tracker, every task is unseen.
 */
export function isTaskUnseen(task: TaskTimes, viewedAt: Instant | null): boolean {
  if (viewedAt === null) return true;
  const viewed = millis(viewedAt);
  if (task.completed_at !== null && millis(task.completed_at) > viewed) return true;
  return task.task_state !== 'TASK_SUCCESS' && millis(task.execute_at) > viewed;
}
