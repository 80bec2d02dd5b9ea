import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Server and core tests run in Node; web tests opt into a DOM with `// @vitest-environment happy-dom`.
const restartPhase = process.env.TEST_RESTART_PHASE === '1';

export default defineConfig({
  test: {
    // Tests that restart the PostgreSQL server run alone, in their own phase of npm run test:postgres.
    include: restartPhase
      ? ['server/**/*.restart.test.ts']
      : [
          'core/**/*.test.ts',
          'locales/**/*.test.ts',
          'server/**/*.test.ts',
          'web/**/*.test.{ts,tsx}',
          'sim/**/*.test.ts',
        ],
    // Tests of several server processes sharing a database need PostgreSQL (npm run test:postgres).
    exclude: [
      '**/node_modules/**',
      ...(process.env.TEST_DB === 'postgres' ? [] : ['**/*.postgres.test.ts']),
      ...(restartPhase ? [] : ['**/*.restart.test.ts']),
    ],
    // Vitest's default leaves a core idle, which on a 2-core machine runs one file at a time.
    maxWorkers: availableParallelism(),
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
