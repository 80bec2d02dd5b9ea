import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { sessions, users } from '../db/schema/accounts.ts';
import { tokenHash as digest, newToken as token } from './tokens.ts';

/** docs/api.md#http-conventions: a session ends after 12 h without use, and 7 days after login whatever happens. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
// Writing lastSeenAt on every request would turn every read into a write.
const TOUCH_INTERVAL_MS = 60 * 1000;

export type Session = { idHash: string; userId: number; csrfToken: string };

export async function createSession(
  db: Database,
  userId: number,
  meta: { ip?: string; userAgent?: string },
): Promise<{ token: string; csrfToken: string }> {
  const value = token();
  const csrfToken = token();
  await db.insert(sessions).values({
    idHash: digest(value),
    userId,
    csrfToken,
    expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500),
  });
  return { token: value, csrfToken };
}

/** The live session for a cookie value, or null when it is unknown, revoked, idle too long or too old. */
export async function findSession(db: Database, value: string): Promise<Session | null> {
  const idHash = digest(value);
  const now = Date.now();
  const [row] = await db
    .select({
      idHash: sessions.idHash,
      userId: sessions.userId,
      csrfToken: sessions.csrfToken,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    // A deleted account's sessions end with it.
    .innerJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(
      and(
        eq(sessions.idHash, idHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date(now)),
        gt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    );
  if (!row) return null;
  if (now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.idHash, idHash));
  }
  return { idHash: row.idHash, userId: row.userId, csrfToken: row.csrfToken };
}

export async function revokeSession(db: Database, idHash: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(eq(sessions.idHash, idHash));
}

/** Drops sessions that can no longer be used. */
export async function purgeExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
