import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressStore, type ProgressStore } from './progress-store.ts';
import { followRouteLoads } from './route-progress.ts';

let progress: ProgressStore;

beforeEach(() => {
  vi.useFakeTimers();
  progress = createProgressStore();
});
afterEach(() => vi.useRealTimers());

describe('global progress bar (docs/states.md, docs/constants.md)', () => {
  it('appears only after 500 ms of work', () => {
    progress.start();
    expect(progress.get()).toBe('waiting');
    vi.advanceTimersByTime(499);
    expect(progress.get()).toBe('waiting');
    vi.advanceTimersByTime(1);
    expect(progress.get()).toBe('running');
  });

  it('never shows for work that ends within the delay', () => {
    progress.start();
    vi.advanceTimersByTime(400);
    progress.done();
    expect(progress.get()).toBe('idle');
    vi.advanceTimersByTime(1_000);
    expect(progress.get()).toBe('idle');
  });

  it('goes to 100% when all work is done, then hides after 300 ms', () => {
    progress.start();
    progress.start();
    vi.advanceTimersByTime(500);
    progress.done();
    expect(progress.get()).toBe('running');
    progress.done();
    expect(progress.get()).toBe('complete');
    vi.advanceTimersByTime(299);
    expect(progress.get()).toBe('complete');
    vi.advanceTimersByTime(1);
    expect(progress.get()).toBe('idle');
  });

  it('runs again when new work starts while completing', () => {
    progress.start();
    vi.advanceTimersByTime(500);
    progress.done();
    progress.start();
    expect(progress.get()).toBe('running');
    vi.advanceTimersByTime(1_000);
    expect(progress.get()).toBe('running');
  });

  it('ignores an end without a start', () => {
    progress.done();
    progress.start();
    progress.done();
    expect(progress.get()).toBe('idle');
  });

  it('follows route loads: one piece of work from loading to idle', () => {
    type State = { navigation: { state: string }; initialized: boolean };
    let listener: (state: State) => void = () => undefined;
    const router = {
      state: { navigation: { state: 'idle' }, initialized: true },
      subscribe: (next: (state: State) => void) => {
        listener = next;
        return () => undefined;
      },
    };
    followRouteLoads(router as never, progress);
    listener({ navigation: { state: 'loading' }, initialized: true });
    listener({ navigation: { state: 'loading' }, initialized: true });
    vi.advanceTimersByTime(500);
    expect(progress.get()).toBe('running');
    listener({ navigation: { state: 'idle' }, initialized: true });
    expect(progress.get()).toBe('complete');
  });
});
