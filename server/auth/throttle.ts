import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { loginThrottles } from '../db/schema/accounts.ts';

/** Failed logins allowed per window before the key is blocked for BLOCK_SECONDS. */
export const ACCOUNT_FAILURE_LIMIT = 5;
export const ADDRESS_FAILURE_LIMIT = 30;
const WINDOW_SECONDS = 15 * 60;
const BLOCK_SECONDS = 15 * 60;

export const throttleKeys = (email: string, ip: string) => ({
  account: `account:${email.trim().toLowerCase()}`,
  address: `address:${ip}`,
});

/** Seconds until the most restrictive of the keys is unblocked, or 0 when none is blocked. */
export async function secondsBlocked(db: Database, keys: string[]): Promise<number> {
  const rows = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${loginThrottles.blockedUntil} - now())))::int` })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keys));
  return Math.max(0, ...rows.map((r) => r.seconds ?? 0));
}

/** Counts one failure against a key; the counters live in the database so every server process shares them. */
export async function recordFailure(db: Database, key: string, limit: number): Promise<void> {
  const expired = sql`${loginThrottles.windowStartedAt} < now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const failures = sql`case when ${expired} then 1 else ${loginThrottles.failures} + 1 end`;
  await db
    .insert(loginThrottles)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        windowStartedAt: sql`case when ${expired} then now() else ${loginThrottles.windowStartedAt} end`,
        blockedUntil: sql`case when ${failures} >= ${limit} then now() + make_interval(secs => ${BLOCK_SECONDS}) else ${loginThrottles.blockedUntil} end`,
      },
    });
}

export async function clearFailures(db: Database, key: string): Promise<void> {
  await db.delete(loginThrottles).where(inArray(loginThrottles.key, [key]));
}
