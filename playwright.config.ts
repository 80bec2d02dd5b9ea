import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './scripts/chromium.ts';

// A fresh data directory per run, so every run starts from the demo seed. Workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'console-e2e-'));
const port = Number(process.env.E2E_PORT ?? 8091);

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // In CI a dot per test, and each failure in full at the end, where a truncated log still shows it.
  reporter: process.env.CI ? 'dot' : 'list',
  // One server process with the embedded database answers both workers' browsers on the same 2 cores: a
  // page's first screen can take longer than Playwright's default 5 s while the other worker loads one, and
  // a journey through several pages longer than 30 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace of every journey costs about a tenth of the run: with E2E_TRACE=1 a failed journey
    // keeps its trace (each step's page and the network; no screencast, which cost a third of the run).
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false } : 'off',
    launchOptions: CHROMIUM_LAUNCH,
  },
  // The shared demo accounts sign in once, before the journeys (e2e/support/sessions.ts).
  projects: [
    { name: 'sign-ins', testMatch: /\.setup\.ts$/ },
    { name: 'journeys', dependencies: ['sign-ins'] },
  ],
  webServer: {
    command: 'node server/main.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO: '1',
      // The demo devices stay as seeded, so what the pages show does not change under the tests.
      SIMULATOR: '0',
      // No RADIUS service: the journeys read what the seed wrote (docs/guest-access.md#radius).
      RADIUS_AUTH_PORT: '0',
      RADIUS_ACCT_PORT: '0',
      // The journeys' devices report a second or so apart, far faster than the pace a real one keeps.
      HEARTBEAT_PACE: '0',
      // The webhooks journey's receiver listens on 127.0.0.1 (docs/webhooks.md#receivers).
      WEBHOOK_ALLOW_PRIVATE: '1',
      LOG_LEVEL: 'warn',
      // Given an empty PostgreSQL database (.ci/run makes one), the journeys run on it, as production does,
      // and the server's queries run beside it rather than in its own process; the demo on the embedded
      // database is proven by server/main.test.ts.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
