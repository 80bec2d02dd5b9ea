import { and, eq, inArray, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { escapeLike } from '../db/like.ts';
import { loginThrottles, sessions } from '../db/schema/accounts.ts';

/** Failed logins one address may try against one account per window; then that pair waits for the window to end. */
export const PAIR_FAILURE_LIMIT = 5;
/**
 * Failed logins an account takes from addresses it never signed in from before each further attempt waits:
 * 1 s, then twice as long each time up to ACCOUNT_MAX_DELAY_S. A slower pace for guessing spread over many
 * addresses, never a lock: the owner is let through at once from an address they used before, or from a
 * new one with their second factor (docs/security.md "Login limits").
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_MAX_DELAY_S = 60;
export const THROTTLE_WINDOW_S = 15 * 60;

const normalise = (email: string) => email.trim().toLowerCase();
export const throttleKeys = (email: string, ip: string) => ({
  pair: `pair:${normalise(email)}|${ip}`,
  account: `account:${normalise(email)}`,
});

const t = loginThrottles;
const expired = sql`${t.windowStartedAt} < now() - make_interval(secs => ${THROTTLE_WINDOW_S})`;
const failures = sql`case when ${expired} then 1 else ${t.failures} + 1 end`;
const windowStart = sql`case when ${expired} then now() else ${t.windowStartedAt} end`;

/**
 * Reserves one attempt against a key in the statement that checks it, so requests sent together are
 * counted one by one (the row lock orders them, on either database and across server processes).
 * `blockAfter` is when the attempt after this one may come, given this one's number in the window and the
 * window's start. Answers 0 when the attempt may go ahead, else the seconds to wait.
 */
async function reserve(
  db: Database,
  key: string,
  blockAfter: (failures: SQL, windowStart: SQL) => SQL,
): Promise<number> {
  const reserved = await db
    .insert(t)
    .values({ key, failures: 1, blockedUntil: blockAfter(sql`1`, sql`now()`) })
    .onConflictDoUpdate({
      target: t.key,
      set: { failures, windowStartedAt: windowStart, blockedUntil: blockAfter(failures, windowStart) },
      setWhere: or(isNull(t.blockedUntil), lt(t.blockedUntil, sql`now()`)),
    })
    .returning({ key: t.key });
  if (reserved.length > 0) return 0;
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${t.blockedUntil} - now())))::int` })
    .from(t)
    .where(eq(t.key, key));
  return Math.max(1, row?.seconds ?? 1);
}

/** Reserves an attempt of this address on this account: the fifth failure blocks the pair until its window ends. */
export const reservePairAttempt = (db: Database, key: string) =>
  reserve(
    db,
    key,
    (n, start) =>
      sql`case when ${n} >= ${PAIR_FAILURE_LIMIT} then ${start} + make_interval(secs => ${THROTTLE_WINDOW_S}) end`,
  );

const accountDelay = (n: SQL) =>
  sql`case when ${n} >= ${ACCOUNT_FREE_FAILURES} then now() + make_interval(secs => least(${ACCOUNT_MAX_DELAY_S}, power(2, ${n} - ${ACCOUNT_FREE_FAILURES}))) end`;

/** Reserves an attempt on the account from an address it has not signed in from: progressive delay. */
export const reserveAccountAttempt = (db: Database, key: string) => reserve(db, key, accountDelay);

/**
 * Counts a failure checked while the account's pace held (a password with a second factor, or asking for a
 * sign-in link): no reservation counted it, and the pace grows from it as from any other.
 */
export async function countAccountFailure(db: Database, key: string): Promise<void> {
  await db
    .insert(t)
    .values({ key, failures: 1, blockedUntil: accountDelay(sql`1`) })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures,
        windowStartedAt: windowStart,
        // greatest() skips a null: a longer wait already set stays.
        blockedUntil: sql`greatest(${t.blockedUntil}, ${accountDelay(failures)})`,
      },
    });
}

/** Whether the user signed in from this address within the sessions still kept (7 days). */
export async function isKnownAddress(db: Database, userId: number, ip: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return row !== undefined;
}

/** A successful login: only the owner knows the password, so their counters start again. */
export async function clearAttempts(db: Database, keys: string[]): Promise<void> {
  await db.delete(t).where(inArray(t.key, keys));
}

/** A new password (a reset): the account's counters, from every address, start again. */
export async function clearAccountAttempts(db: Database, email: string): Promise<void> {
  const { account, pair } = throttleKeys(email, '');
  await db.delete(t).where(or(eq(t.key, account), like(t.key, `${escapeLike(pair)}%`)));
}

/** Drops counters whose window is over and that block nothing. */
export async function purgeLoginThrottles(db: Database): Promise<void> {
  await db.delete(t).where(and(expired, or(isNull(t.blockedUntil), lt(t.blockedUntil, sql`now()`))));
}
