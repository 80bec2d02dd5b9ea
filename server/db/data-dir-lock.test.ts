// @vitest-environment node
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

// A process that is not a console: it holds a pid a stale lock may name.
const bystander = spawn('sleep', ['60']);
afterAll(() => bystander.kill());
const fresh = () => mkdtempSync(join(tmpdir(), 'console-lock-'));

describe('the data directory lock', () => {
  it('refuses a directory locked by a running process, naming it', () => {
    const dir = fresh();
    const pid = bystander.pid as number;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(join(dir, 'console.lock'), JSON.stringify({ pid, start }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`is in use by another console process (pid ${pid})`);
  });

  it('takes over a lock whose pid now belongs to another process, and one whose process is gone', () => {
    for (const holder of [
      { pid: bystander.pid, start: '1' },
      { pid: 2 ** 22 + 1, start: '1' },
    ]) {
      const dir = fresh();
      writeFileSync(join(dir, 'console.lock'), JSON.stringify(holder));
      const unlock = lockDataDir(dir);
      expect(JSON.parse(readFileSync(join(dir, 'console.lock'), 'utf8')).pid).toBe(process.pid);
      unlock();
      expect(existsSync(join(dir, 'console.lock'))).toBe(false);
    }
  });
});
