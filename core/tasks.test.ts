import { describe, expect, it } from 'vitest';
import { ACTIVE_TASK_STATES, FINISHED_TASK_STATES, TASK_STATES } from './domain.ts';
import {
  emptyStateCounts,
  errorCount,
  isFinished,
  isTaskUnseen,
  percentComplete,
  TASK_STATE_LABELS,
  type TaskTimes,
} from './tasks.ts';

const counts = (partial: Partial<Record<(typeof TASK_STATES)[number], number>>) => ({
  ...emptyStateCounts(),
  ...partial,
});

describe('isFinished', () => {
  it.each(FINISHED_TASK_STATES)('treats %s as finished', (state) => {
    expect(isFinished(state)).toBe(true);
  });

  it.each(ACTIVE_TASK_STATES)('treats %s as in progress', (state) => {
    expect(isFinished(state)).toBe(false);
  });
});

describe('emptyStateCounts', () => {
  it('has every task state with zero', () => {
    const empty = emptyStateCounts();
    expect(Object.keys(empty).sort()).toEqual([...TASK_STATES].sort());
    expect(Object.values(empty).every((count) => count === 0)).toBe(true);
  });
});

describe('percentComplete', () => {
  it('is the finished share of the targets while the task runs', () => {
    expect(percentComplete(counts({ TASK_SUCCESS: 1, TASK_RUNNING: 3 }), 'TASK_RUNNING')).toBe(25);
    expect(percentComplete(counts({ TASK_FAIL: 1, TASK_TIMEOUT: 1, TASK_WAIT_ACK: 2 }), 'TASK_RUNNING')).toBe(
      50,
    );
  });

  it('counts every finished state and no in-progress state as done', () => {
    for (const state of FINISHED_TASK_STATES)
      expect(percentComplete(counts({ [state]: 1, TASK_RUNNING: 1 }), 'TASK_RUNNING')).toBe(50);
    for (const state of ACTIVE_TASK_STATES)
      expect(percentComplete(counts({ [state]: 2 }), 'TASK_RUNNING')).toBe(0);
  });

  it('rounds down, so an unfinished task never shows 100', () => {
    expect(percentComplete(counts({ TASK_SUCCESS: 1, TASK_RUNNING: 2 }), 'TASK_RUNNING')).toBe(33);
    expect(percentComplete(counts({ TASK_SUCCESS: 199, TASK_RUNNING: 1 }), 'TASK_RUNNING')).toBe(99);
  });

  it('is 100 once the task is finished, whatever its targets say', () => {
    for (const state of FINISHED_TASK_STATES) {
      expect(percentComplete(counts({ TASK_RUNNING: 3 }), state)).toBe(100);
      expect(percentComplete(emptyStateCounts(), state)).toBe(100);
    }
  });

  it('is 0 for an unfinished task without targets', () => {
    expect(percentComplete(emptyStateCounts(), 'TASK_PENDING')).toBe(0);
    expect(percentComplete({}, 'TASK_RUNNING')).toBe(0);
  });

  it('reaches 100 for an unfinished task whose targets are all finished', () => {
    expect(percentComplete(counts({ TASK_SUCCESS: 2, TASK_FAIL: 1 }), 'TASK_RUNNING')).toBe(100);
  });
});

describe('errorCount', () => {
  it('adds the canceled, timed-out and failed targets', () => {
    expect(errorCount(counts({ TASK_CANCELED: 1, TASK_TIMEOUT: 2, TASK_FAIL: 4 }))).toBe(7);
  });

  it.each(['TASK_CANCELED', 'TASK_TIMEOUT', 'TASK_FAIL'] as const)('counts %s as an error', (state) => {
    expect(errorCount(counts({ [state]: 3 }))).toBe(3);
  });

  it('does not count successful or in-progress targets', () => {
    const notErrors = TASK_STATES.filter((s) => !['TASK_CANCELED', 'TASK_TIMEOUT', 'TASK_FAIL'].includes(s));
    expect(errorCount(counts(Object.fromEntries(notErrors.map((state) => [state, 5]))))).toBe(0);
    expect(errorCount({})).toBe(0);
  });
});

describe('isTaskUnseen', () => {
  const viewedAt = '2024-05-01T12:00:00.000Z';
  const before = '2024-05-01T11:00:00.000Z';
  const after = '2024-05-01T13:00:00.000Z';
  const task = (fields: Partial<TaskTimes>): TaskTimes => ({
    task_state: 'TASK_SUCCESS',
    execute_at: before,
    completed_at: before,
    ...fields,
  });

  it('treats every task as unseen before the tracker was ever viewed', () => {
    expect(isTaskUnseen(task({}), null)).toBe(true);
    expect(isTaskUnseen(task({ task_state: 'TASK_RUNNING', completed_at: null }), null)).toBe(true);
  });

  it('is unseen when it completed after the viewed-at time', () => {
    expect(isTaskUnseen(task({ completed_at: after }), viewedAt)).toBe(true);
    expect(isTaskUnseen(task({ task_state: 'TASK_FAIL', completed_at: after }), viewedAt)).toBe(true);
  });

  it('is seen when a successful task ran and completed before the viewed-at time', () => {
    expect(isTaskUnseen(task({}), viewedAt)).toBe(false);
  });

  it('is seen when it completed exactly at the viewed-at time', () => {
    expect(isTaskUnseen(task({ completed_at: viewedAt }), viewedAt)).toBe(false);
  });

  it('is unseen when not successful and scheduled after the viewed-at time', () => {
    expect(
      isTaskUnseen(task({ task_state: 'TASK_PENDING', execute_at: after, completed_at: null }), viewedAt),
    ).toBe(true);
    expect(
      isTaskUnseen(task({ task_state: 'TASK_RUNNING', execute_at: after, completed_at: null }), viewedAt),
    ).toBe(true);
  });

  it('is seen when not successful but scheduled before the viewed-at time and not completed since', () => {
    expect(isTaskUnseen(task({ task_state: 'TASK_RUNNING', completed_at: null }), viewedAt)).toBe(false);
    expect(isTaskUnseen(task({ task_state: 'TASK_FAIL' }), viewedAt)).toBe(false);
  });

  it('is seen when successful, scheduled after the viewed-at time and not yet completed after it', () => {
    expect(isTaskUnseen(task({ execute_at: after, completed_at: null }), viewedAt)).toBe(false);
  });

  it('accepts dates as well as ISO strings', () => {
    expect(isTaskUnseen(task({ completed_at: new Date(after) }), new Date(viewedAt))).toBe(true);
    expect(isTaskUnseen(task({ completed_at: new Date(before) }), new Date(viewedAt))).toBe(false);
  });
});

describe('TASK_STATE_LABELS', () => {
  it('names every task state as docs/states.md shows it', () => {
    expect(TASK_STATE_LABELS).toEqual({
      TASK_PENDING: 'Scheduled',
      TASK_STANDBY: 'Waiting',
      TASK_WAIT_ACK: 'Contacting device(s)',
      TASK_RUNNING: 'Running',
      TASK_SUCCESS: 'Success',
      TASK_FAIL: 'Failed',
      TASK_TIMEOUT: 'Timed out',
      TASK_CANCELED: 'Canceled',
    });
  });
});
