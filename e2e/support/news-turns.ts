// The Latest News posts are everyone's: a journey that publishes one, and a journey that counts the posts
// or their unread badge, take turns, so neither sees the other's half-done state. The lock lives in the
// run's data directory (a fresh one per run), so a run that died leaves nothing behind for the next.
import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LOCK = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'latest-news.lock');
const WAIT_MS = 50_000;

/** Waits for the news to be this journey's alone; call what it returns to hand them back. */
export async function takeNewsTurn(): Promise<() => Promise<void>> {
  const until = Date.now() + WAIT_MS;
  for (;;) {
    try {
      await mkdir(LOCK);
      return () => rmdir(LOCK);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > until) throw new Error(`Another journey kept the Latest News posts (${LOCK}).`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
