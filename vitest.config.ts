import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Server and core tests run in Node; web tests opt into a DOM with `// @vitest-environment happy-dom`.
const restartPhase = process.env.TEST_RESTART_PHASE === '1';
// Given a PostgreSQL server (TEST_DATABASE_URL), the test files that open a database run once, on it
// (server/test/database.ts), and the code that differs between the two databases (connections, LISTEN,
// the job runner) runs on the embedded database as well. Without one, everything runs on the embedded one.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined && process.env.TEST_DB !== 'pglite';
const bothDatabases = [
  'server/db/**/*.test.ts',
  'server/background/**/*.test.ts',
  'server/events/**/*.test.ts',
];
// The demo seed is proven on PostgreSQL here, and on the embedded database by server/main.test.ts, which
// starts the demo as `npm start` does.
const seed = 'server/db/seed/**';
// Tests of several server processes sharing a database need PostgreSQL.
const postgresOnly = '**/*.postgres.test.ts';

const everything = restartPhase
  ? ['server/**/*.restart.test.ts']
  : [
      'core/**/*.test.ts',
      'locales/**/*.test.ts',
      'server/**/*.test.ts',
      'web/**/*.test.{ts,tsx}',
      'sim/**/*.test.ts',
    ];
const excluded = [
  '**/node_modules/**',
  ...(onPostgres ? [] : [postgresOnly]),
  // Tests that restart the PostgreSQL server run alone, in their own phase (npm run test:postgres).
  ...(restartPhase ? [] : ['**/*.restart.test.ts']),
];

export default defineConfig({
  test: {
    ...(onPostgres && !restartPhase
      ? {
          projects: [
            { extends: true, test: { name: 'postgres', include: everything, exclude: excluded } },
            {
              extends: true,
              test: {
                name: 'embedded',
                include: bothDatabases,
                exclude: [...excluded, postgresOnly, seed],
                env: { TEST_DB: 'pglite' },
              },
            },
          ],
        }
      : { include: everything, exclude: excluded }),
    env: { TEST_DB: onPostgres ? 'postgres' : 'pglite' },
    // Vitest's default leaves a core idle, which on a 2-core machine runs one file at a time; files on a
    // PostgreSQL server spend much of their time waiting on it, so one more worker keeps both cores busy.
    maxWorkers: availableParallelism() + (onPostgres ? 1 : 0),
    // A worker keeps its module cache from one test file to the next: importing the server and the web app
    // afresh for each file was a third of the run. Files leave no global state behind (vitest.setup.ts
    // undoes timers, stubbed globals and spies after each), and module-level caches are the code's own.
    isolate: false,
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
