import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_STATES, type TaskState } from './domain.ts';
import {
  nextTargetState,
  rolloutBatches,
  rolloutDecision,
  type TargetEvent,
  taskStateOf,
} from './task-machine.ts';
import { isFinished, stateCountsOf } from './tasks.ts';

const EVENTS: TargetEvent[] = ['due', 'dispatch', 'running', 'success', 'fail', 'timeout', 'cancel'];
const counts = stateCountsOf;

describe('the task state machine', () => {
  it('leaves every target in a legal state whatever devices report and the clock does; finished targets never change', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.constantFrom(...EVENTS)), { maxLength: 60 }),
        (size, steps) => {
          const targets: TaskState[] = Array.from({ length: size }, () => 'TASK_PENDING');
          for (const [index, event] of steps) {
            const at = index % size;
            const before = targets[at] as TaskState;
            const next = nextTargetState(before, event);
            if (isFinished(before)) expect(next).toBeNull();
            if (next !== null) targets[at] = next;
            expect(TASK_STATES).toContain(targets[at]);
            const tally = counts(targets);
            expect(Object.values(tally).reduce((a, b) => a + b, 0)).toBe(size);
            const task = taskStateOf(tally);
            expect(isFinished(task)).toBe(targets.every(isFinished));
            expect(task === 'TASK_SUCCESS').toBe(targets.every((state) => state === 'TASK_SUCCESS'));
          }
        },
      ),
    );
  });

  it('never cancels a target a device is running', () => {
    expect(nextTargetState('TASK_RUNNING', 'cancel')).toBeNull();
    expect(nextTargetState('TASK_WAIT_ACK', 'cancel')).toBe('TASK_CANCELED');
  });

  it('shows a task by the furthest any target got, and its worst ending', () => {
    expect(taskStateOf(counts(['TASK_PENDING', 'TASK_PENDING']))).toBe('TASK_PENDING');
    expect(taskStateOf(counts(['TASK_STANDBY', 'TASK_WAIT_ACK']))).toBe('TASK_WAIT_ACK');
    expect(taskStateOf(counts(['TASK_SUCCESS', 'TASK_STANDBY']))).toBe('TASK_RUNNING');
    expect(taskStateOf(counts(['TASK_SUCCESS', 'TASK_CANCELED', 'TASK_TIMEOUT']))).toBe('TASK_TIMEOUT');
    expect(taskStateOf(counts(['TASK_TIMEOUT', 'TASK_FAIL']))).toBe('TASK_FAIL');
    expect(taskStateOf(counts(['TASK_SUCCESS', 'TASK_CANCELED']))).toBe('TASK_CANCELED');
  });
});

describe('rolling update batches', () => {
  it('are the canary batch, then batches of the chosen size, every target once and in order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(), { maxLength: 300 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 1, max: 50 }),
        (targets, canarySize, batchSize) => {
          const batches = rolloutBatches(targets, { canarySize, batchSize });
          expect(batches.flat()).toEqual(targets);
          if (targets.length > 0) expect(batches[0]).toHaveLength(Math.min(canarySize, targets.length));
          for (const batch of batches.slice(1)) {
            expect(batch.length).toBeGreaterThan(0);
            expect(batch.length).toBeLessThanOrEqual(batchSize);
          }
        },
      ),
    );
  });

  it('stop exactly when more than the threshold of the devices touched failed', () => {
    fc.assert(
      fc.property(
        fc.nat(200),
        fc.nat(200),
        fc.nat(100),
        fc.nat(5),
        fc.nat(5),
        (touched, failedSeed, threshold, active, waiting) => {
          const failed = touched === 0 ? 0 : failedSeed % (touched + 1);
          const decision = rolloutDecision({ touched, failed, active, waiting }, threshold);
          const over = failed * 100 > threshold * touched;
          expect(decision.action === 'stop').toBe(over);
          if (!over) expect(decision.action).toBe(active > 0 ? 'wait' : waiting > 0 ? 'next' : 'done');
        },
      ),
    );
  });
});
