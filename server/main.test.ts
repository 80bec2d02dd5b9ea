// @vitest-environment node
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const main = new URL('./main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'console-main-'));
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

type Started = { child: ChildProcess; output: () => string; exit: Promise<number | null> };

function start(env: Record<string, string>): Started {
  const child = spawn(process.execPath, [main], {
    env: {
      PATH: process.env.PATH,
      ...{ DEMO: '0', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      // The RADIUS service's own tests bind its ports (server/guest-access/service.test.ts).
      ...{ RADIUS_AUTH_PORT: '0', RADIUS_ACCT_PORT: '0' },
      ...env,
    },
  });
  running.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function readyUrl(started: Started): Promise<string> {
  for (let i = 0; i < 600; i++) {
    const match = started.output().match(/console ready at (http:\/\/[^"\s]+)/);
    if (match?.[1]) return match[1];
    if (started.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not start:\n${started.output()}`);
}

describe('npm start (server/main.ts)', () => {
  // The demo on the embedded database, as `npm start` runs it (the browser journeys run on PostgreSQL in CI),
  // then what a second process and the signals do to it.
  it('seeds the demo, whose owner signs in; refuses a second process on the data directory; stops cleanly', async () => {
    const first = start({ DEMO: '1', SIMULATOR: '0' });
    const url = await readyUrl(first);
    const login = await fetch(`${url}/apiv2/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@demo.example', password: 'demo-console' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const clouds = await (await fetch(`${url}/apiv2/clouds`, { headers: { cookie } })).json();
    expect(clouds.clouds.map((cloud: { name: string }) => cloud.name)).toContain('Demo Networks');

    const second = start({});
    expect(await second.exit).toBe(1);
    expect(second.output()).toContain(`The data directory ${dataDir} is in use by another console process`);

    first.child.kill('SIGTERM');
    expect(await first.exit).toBe(0);
    expect(existsSync(join(dataDir, 'console.lock'))).toBe(false);

    const again = start({ DEMO: '1', SIMULATOR: '0' });
    expect((await fetch(`${await readyUrl(again)}/healthz`)).status).toBe(200);
    again.child.kill('SIGINT');
    expect(await again.exit).toBe(0);
  }, 150_000);

  it('explains an invalid configuration and exits', async () => {
    const started = start({ PORT: 'eighty', DATA_DIR: join(dataDir, 'unused') });
    expect(await started.exit).toBe(1);
    expect(started.output()).toContain('PORT must be a whole number from 0 to 65535 (got "eighty").');
  });
});
