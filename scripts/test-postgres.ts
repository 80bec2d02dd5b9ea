// The last PostgreSQL test: restarting the server under load, alone, since it takes the database away from
// every other test. The API suite itself runs on TEST_DATABASE_URL's server in npm run test:unit
// (vitest.config.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_PG_RESTART) {
  console.log(
    'PostgreSQL restart under load: not run (set TEST_DATABASE_URL to a PostgreSQL 15+ server and TEST_PG_RESTART to a command that restarts it).',
  );
  process.exit(0);
}
const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const run = spawnSync(process.execPath, [vitest, 'run', 'server'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_RESTART_PHASE: '1' },
});
process.exit(run.status ?? 1);
