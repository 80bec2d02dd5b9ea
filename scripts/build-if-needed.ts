// Builds the web app when its folder (dist/web, or WEB_DIST_DIR) is missing or older than its sources (`--force` always builds).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { webDistDir } from '../server/web-dist-dir.ts';

const root = new URL('..', import.meta.url).pathname;
const output = join(webDistDir(), 'index.html');
const sources = ['web', 'core', 'locales', 'vite.config.ts', 'package.json'].map((p) => join(root, p));

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

const force = process.argv.includes('--force');
const upToDate = existsSync(output) && statSync(output).mtimeMs >= Math.max(...sources.map(newestChange));
if (force || !upToDate) {
  console.log('Building the web app...');
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
