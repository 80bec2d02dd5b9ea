import type { DataRouter } from 'react-router';
import { progress as appProgress, type ProgressStore } from './progress-store.ts';

/** docs/states.md: the global progress bar also runs while a route (its code or data) loads. */
export function followRouteLoads(
  router: Pick<DataRouter, 'subscribe' | 'state'>,
  store: ProgressStore = appProgress,
): () => void {
  let loading = false;
  const follow = (navigating: boolean) => {
    if (navigating === loading) return;
    loading = navigating;
    if (navigating) store.start();
    else store.done();
  };
  follow(router.state.navigation.state !== 'idle' || !router.state.initialized);
  return router.subscribe((state) => follow(state.navigation.state !== 'idle' || !state.initialized));
}
