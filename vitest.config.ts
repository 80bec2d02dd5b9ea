import { defineConfig } from 'vitest/config';

// Server and core tests run in Node; web tests opt into a DOM with `// @vitest-environment happy-dom`.
export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'sim/**/*.test.ts'],
    // Tests of several server processes sharing a database need PostgreSQL (npm run test:postgres).
    exclude: process.env.TEST_DB === 'postgres' ? [] : ['**/*.postgres.test.ts', '**/node_modules/**'],
    environment: 'node',
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./server/test/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
