import { FINISHED_TASK_STATES, type TaskState } from '../../../core/domain.ts';
import type { Random } from './random.ts';

const FINISHED: readonly TaskState[] = FINISHED_TASK_STATES;

/**
 * A task's state follows its targets (DESIGN §5): once every target has finished, the worst outcome
 * wins (canceled, then timeout, then fail); while any is unfinished the task runs as soon as one
 * target has started or finished, else it waits in the most advanced waiting state.
 */
export function taskStateOf(targets: readonly TaskState[]): TaskState {
  if (targets.every((state) => FINISHED.includes(state))) {
    for (const state of ['TASK_CANCELED', 'TASK_TIMEOUT', 'TASK_FAIL'] as const) {
      if (targets.includes(state)) return state;
    }
    return 'TASK_SUCCESS';
  }
  if (targets.some((state) => state === 'TASK_RUNNING' || FINISHED.includes(state))) return 'TASK_RUNNING';
  for (const state of ['TASK_WAIT_ACK', 'TASK_STANDBY'] as const) {
    if (targets.includes(state)) return state;
  }
  return 'TASK_PENDING';
}

const ERRORS = [
  'Firmware image checksum mismatch',
  'Configuration rejected: VLAN id 4095 is reserved',
  'Not enough flash space for the firmware image',
];

/** Target states that make a task of the given state; a running task gets a mix (needs 3 or more). */
export function targetStates(state: TaskState, count: number, random: Random): TaskState[] {
  return Array.from({ length: count }, (_, index): TaskState => {
    switch (state) {
      case 'TASK_RUNNING':
        if (index < 3) return (['TASK_RUNNING', 'TASK_SUCCESS', 'TASK_WAIT_ACK'] as const)[index] ?? state;
        return random.weighted<TaskState>([
          ['TASK_SUCCESS', 5],
          ['TASK_RUNNING', 3],
          ['TASK_WAIT_ACK', 2],
          ['TASK_FAIL', 1],
        ]);
      case 'TASK_FAIL':
        return index === 0 || random.chance(0.2) ? 'TASK_FAIL' : 'TASK_SUCCESS';
      case 'TASK_TIMEOUT':
        return index === 0 ? 'TASK_TIMEOUT' : random.chance(0.2) ? 'TASK_FAIL' : 'TASK_SUCCESS';
      case 'TASK_CANCELED':
        return index === 0 || random.chance(0.5) ? 'TASK_CANCELED' : 'TASK_SUCCESS';
      default:
        return state;
    }
  });
}

export function targetError(state: TaskState, random: Random): string | null {
  if (state === 'TASK_FAIL') return random.pick(ERRORS);
  if (state === 'TASK_TIMEOUT') return 'No answer from the device within 600 s';
  if (state === 'TASK_CANCELED') return 'Canceled by user';
  return null;
}
