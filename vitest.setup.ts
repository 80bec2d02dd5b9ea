// DOM matchers for web tests; harmless for server tests.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

// Whole-frame renders on a busy 2-core machine can take over a second; findBy* waits up to 5 s.
configure({ asyncUtilTimeout: 5_000 });

// Test files share a worker and, in a DOM environment, its document (vitest.config.ts, isolate): each test
// unmounts what it rendered (dialogs give back the page they hid), and what a file changed globally, in the
// test runner or in the app's stores, ends with it.
const dom = typeof document !== 'undefined';
afterEach(() => {
  if (dom) cleanup();
});
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  if (dom) {
    // The app's own stores: dialogs, notices, banners, and the server version last heard.
    (await import('./web/platform/testing/render-platform.tsx')).resetPlatform();
    document.body.innerHTML = '';
    // happy-dom's own window size, which list pages' tests change to show their columns.
    (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
      width: 1024,
      height: 768,
    });
    document.body.removeAttribute('style');
    localStorage.clear();
    sessionStorage.clear();
  }
});
