// Runs the API suite again on the PostgreSQL server of TEST_DATABASE_URL, when one is given: the test files
// that open a test database (server/test/database.ts), since the others would only run as they did on PGlite.
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

if (!process.env.TEST_DATABASE_URL) {
  console.log(
    'API suite on PostgreSQL: not run (set TEST_DATABASE_URL to a PostgreSQL 15+ server to run it).',
  );
  process.exit(0);
}
const root = new URL('..', import.meta.url).pathname;
const vitest = join(root, 'node_modules/vitest/vitest.mjs');
// The files spend much of their time waiting on the database server: one more worker than cores keeps both busy.
const workers = `--maxWorkers=${availableParallelism() + 1}`;
const run = (env: NodeJS.ProcessEnv, args: string[]) =>
  spawnSync(process.execPath, [vitest, ...args, workers], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, TEST_DB: 'postgres', ...env },
  }).status ?? 1;
const suite = run({}, ['related', 'server/test/database.ts', '--run']);
if (suite !== 0) process.exit(suite);
// Restarting the server under load: alone, since it takes the database away from every other test.
if (!process.env.TEST_PG_RESTART) {
  console.log('PostgreSQL restart under load: not run (set TEST_PG_RESTART to a command that restarts it).');
  process.exit(0);
}
process.exit(run({ TEST_RESTART_PHASE: '1' }, ['run', 'server']));
