// Cold start (empty data dir: migrations and demo seed), restart (same data dir), and the gzipped size
// of the JavaScript the login page loads first. Run with `npm run bench -- startup`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

function timeStart(dataDir: string): Promise<number> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(root, 'server/main.ts')], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, DEMO: '1', LOG_LEVEL: 'info', DATABASE_URL: '' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stdout.on('data', (chunk) => {
      output += chunk;
      // Stopped once: a second signal (the log lines after the ready one) makes the server exit at once.
      if (!ready && output.includes('console ready at')) {
        ready = true;
        const ms = performance.now() - startedAt;
        child.on('exit', () => resolve(ms));
        child.kill('SIGTERM');
      }
    });
    child.on('exit', (code) => code !== 0 && reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function initialScriptsGzipBytes(): { files: string[]; bytes: number } {
  const html = readFileSync(join(root, 'dist/web/index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(root, 'dist/web', file))).length,
    0,
  );
  return { files, bytes };
}

export async function runStartup(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  try {
    const cold = await timeStart(dataDir);
    const restarts = [await timeStart(dataDir), await timeStart(dataDir), await timeStart(dataDir)];
    const { files, bytes } = initialScriptsGzipBytes();
    console.log(`cold start (empty data dir, migrations + demo seed): ${Math.round(cold)} ms`);
    console.log(
      `restart (same data dir), median of 3: ${Math.round(restarts.sort((a, b) => a - b)[1] ?? 0)} ms`,
    );
    console.log(`initial JavaScript (${files.length} files), gzipped: ${(bytes / 1000).toFixed(1)} kB`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
