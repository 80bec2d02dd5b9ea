import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by another console process (pid ${pid}). ` +
        'Stop that process, or start this one with another DATA_DIR.',
    );
    this.name = 'DataDirLockedError';
  }
}

/**
 * When the process started, in clock ticks since boot (Linux /proc/<pid>/stat, field 22): with the pid it
 * names one process, so a lock whose pid now belongs to another program is known to be stale. Null where
 * there is no /proc or no such process.
 */
function startTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

type Holder = { pid: number; start: string | null };

function readHolder(path: string): Holder {
  const text = readFileSync(path, 'utf8');
  try {
    const { pid, start } = JSON.parse(text) as Holder;
    return { pid, start: start ?? null };
  } catch {
    // A lock written before the start time was kept: the pid alone.
    return { pid: Number(text), start: null };
  }
}

/** Whether the process that wrote the lock still runs: same pid and, where known, same start time. */
function holds({ pid, start }: Holder): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isAlive(pid)) return false;
  const now = startTicks(pid);
  return start === null || now === null || now === start;
}

/**
 * PGlite is one connection in one process and does not lock its files, so the console takes a lock file
 * holding its pid and start time. A lock left by a process that is gone, or whose pid another process
 * has since taken, is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'console.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, start: startTicks(process.pid) }));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(path);
      if (holds(holder)) throw new DataDirLockedError(dataDir, holder.pid);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}
