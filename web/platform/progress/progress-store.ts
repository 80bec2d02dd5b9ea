// docs/states.md, docs/constants.md global progress bar: after 500 ms of work it animates for 10 s; when the work ends it jumps to
// 100% and hides 300 ms later. Work that ends within the delay never shows the bar.
import { PROGRESS_DELAY_MS, PROGRESS_HIDE_MS } from '../../../core/constants.ts';
import { createStore } from '../store.ts';

/** idle: hidden; waiting: work started, bar not shown yet; running: animating; complete: at 100%, about to hide. */
export type ProgressPhase = 'idle' | 'waiting' | 'running' | 'complete';

export function createProgressStore() {
  const store = createStore<ProgressPhase>('idle');
  let active = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = (ms: number, then: () => void) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      then();
    }, ms);
  };
  const cancel = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  /** One more piece of work (a request or a route load) has started. */
  function start(): void {
    active += 1;
    if (active > 1) return;
    const phase = store.get();
    if (phase === 'complete') {
      cancel();
      store.set('running');
    } else if (phase === 'idle') {
      store.set('waiting');
      schedule(PROGRESS_DELAY_MS, () => store.set('running'));
    }
  }

  /** One piece of work has ended. */
  function done(): void {
    if (active === 0) return;
    active -= 1;
    if (active > 0) return;
    if (store.get() === 'waiting') {
      cancel();
      store.set('idle');
    } else if (store.get() === 'running') {
      store.set('complete');
      schedule(PROGRESS_HIDE_MS, () => store.set('idle'));
    }
  }

  return { get: store.get, subscribe: store.subscribe, start, done };
}

export type ProgressStore = ReturnType<typeof createProgressStore>;

/** The app's one progress bar, driven by requests and route loads. */
export const progress = createProgressStore();
