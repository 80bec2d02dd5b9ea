import type { TaskState } from '../../../core/domain.ts';
import type { Random } from './random.ts';

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
        return index === 0 || random.chance(0.2) ? 'TASK_TIMEOUT' : 'TASK_SUCCESS';
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
