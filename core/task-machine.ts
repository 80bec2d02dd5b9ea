// The task state machine of docs/states.md: how one target moves, what the task's own state is from its targets,
// and how a rolling firmware update goes batch by batch. Pure: the server applies it, the tests drive it.
import type { TaskState } from './domain.ts';
import type { RollingUpdateParams } from './task-types.ts';
import type { TaskStateCounts } from './tasks.ts';

/** What can happen to a target. */
export type TargetEvent =
  /** Its execute_at came, and it waits for its turn. */
  | 'due'
  /** Its turn came: the device is contacted. */
  | 'dispatch'
  /** The device took it, or reports progress. */
  | 'running'
  | 'success'
  | 'fail'
  | 'timeout'
  | 'cancel';

const MOVES: Readonly<Record<TargetEvent, Partial<Record<TaskState, TaskState>>>> = {
  due: { TASK_PENDING: 'TASK_STANDBY' },
  dispatch: { TASK_PENDING: 'TASK_WAIT_ACK', TASK_STANDBY: 'TASK_WAIT_ACK' },
  running: { TASK_WAIT_ACK: 'TASK_RUNNING', TASK_RUNNING: 'TASK_RUNNING' },
  success: { TASK_WAIT_ACK: 'TASK_SUCCESS', TASK_RUNNING: 'TASK_SUCCESS' },
  fail: { TASK_WAIT_ACK: 'TASK_FAIL', TASK_RUNNING: 'TASK_FAIL' },
  timeout: { TASK_WAIT_ACK: 'TASK_TIMEOUT', TASK_RUNNING: 'TASK_TIMEOUT' },
  // Only what has not started: a device already running a task finishes it.
  cancel: { TASK_PENDING: 'TASK_CANCELED', TASK_STANDBY: 'TASK_CANCELED', TASK_WAIT_ACK: 'TASK_CANCELED' },
};

/** The target's state after the event, or null when the event does not apply to it (nothing changes). */
export function nextTargetState(state: TaskState, event: TargetEvent): TaskState | null {
  return MOVES[event][state] ?? null;
}

/** The states an event moves a target out of, and the one it moves it to (one per event). */
export function moveOf(event: TargetEvent): { from: TaskState[]; to: TaskState } {
  const moves = MOVES[event];
  return { from: Object.keys(moves) as TaskState[], to: Object.values(moves)[0] as TaskState };
}

/**
 * The task's state from its targets. While any target is unfinished the task is in progress, and shows the
 * furthest any target got (a rollout with finished batches and waiting ones is running). Once all are
 * finished: success when every target succeeded, else fail, timeout or canceled, the worst that happened.
 */
export function taskStateOf(counts: Partial<TaskStateCounts>): TaskState {
  const n = (state: TaskState) => counts[state] ?? 0;
  const finished = n('TASK_SUCCESS') + n('TASK_FAIL') + n('TASK_TIMEOUT') + n('TASK_CANCELED');
  const unfinished = n('TASK_PENDING') + n('TASK_STANDBY') + n('TASK_WAIT_ACK') + n('TASK_RUNNING');
  if (unfinished > 0) {
    if (n('TASK_RUNNING') > 0 || finished > 0) return 'TASK_RUNNING';
    if (n('TASK_WAIT_ACK') > 0) return 'TASK_WAIT_ACK';
    return n('TASK_STANDBY') > 0 ? 'TASK_STANDBY' : 'TASK_PENDING';
  }
  if (n('TASK_FAIL') > 0) return 'TASK_FAIL';
  if (n('TASK_TIMEOUT') > 0) return 'TASK_TIMEOUT';
  if (n('TASK_CANCELED') > 0) return 'TASK_CANCELED';
  return 'TASK_SUCCESS';
}

/** Whether a finished task raises TASK_FAILED: some target failed or timed out. */
export const raisesTaskFailed = (state: TaskState) => state === 'TASK_FAIL' || state === 'TASK_TIMEOUT';

// --- Rolling firmware updates ---------------------------------------------------------------------------

/** The batch each target is in, in order: the canary batch (0), then batches of batchSize. */
export function rolloutBatches<T>(
  targets: readonly T[],
  params: Pick<RollingUpdateParams, 'canarySize' | 'batchSize'>,
): T[][] {
  const batches = [targets.slice(0, params.canarySize)];
  for (let start = params.canarySize; start < targets.length; start += params.batchSize) {
    batches.push(targets.slice(start, start + params.batchSize));
  }
  return batches.filter((batch) => batch.length > 0);
}

/** Targets of a rollout by where they are: done (finished), failed (fail or timeout), active (contacted, not finished). */
export type RolloutProgress = { touched: number; failed: number; active: number; waiting: number };

export type RolloutDecision =
  | { action: 'wait' }
  | { action: 'next' }
  | { action: 'stop'; reason: string }
  | { action: 'done' };

/**
 * What a rollout does next: wait while a batch is out; stop (cancelling the rest) once more than the
 * threshold share of the devices touched failed; else start the next batch, or finish.
 */
export function rolloutDecision(progress: RolloutProgress, thresholdPct: number): RolloutDecision {
  if (progress.failed * 100 > thresholdPct * progress.touched && progress.touched > 0) {
    return {
      action: 'stop',
      reason: `Rollout stopped: ${progress.failed} of ${progress.touched} devices failed (threshold ${thresholdPct}%).`,
    };
  }
  if (progress.active > 0) return { action: 'wait' };
  return progress.waiting > 0 ? { action: 'next' } : { action: 'done' };
}
