// Runs the API suite again on the PostgreSQL server of TEST_DATABASE_URL, when one is given.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'API suite on PostgreSQL: not run (set TEST_DATABASE_URL to a PostgreSQL 15+ server to run it).',
  );
  process.exit(0);
}
const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', 'server'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DB: 'postgres' },
});
process.exit(result.status ?? 1);
