// docs/guest-access.md#states: a guest account's state at a moment is the first of revoked, expired, used
// up, active, unused. The same rule as SQL (for lists, filters and exports) and for one row.
import { type SQL, sql } from 'drizzle-orm';
import type { GuestAccountState } from '../../core/api/guest-accounts.ts';
import { guestAccounts } from '../db/schema/guest-access.ts';

/** The moment states are read at: a date, or the statement's own now(). */
const at = (now?: Date) => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** The account has passed its own expiry or its validity. */
const expiredSql = (now?: Date) =>
  sql`(${guestAccounts.expiresAt} <= ${at(now)} OR ${guestAccounts.validUntil} <= ${at(now)})`;

/** The state of each guest_accounts row, as text: 'revoked', 'expired', 'used_up', 'active' or 'unused'. */
export function accountStateSql(now?: Date): SQL<GuestAccountState> {
  return sql<GuestAccountState>`(CASE
    WHEN ${guestAccounts.revokedAt} IS NOT NULL THEN 'revoked'
    WHEN ${expiredSql(now)} THEN 'expired'
    WHEN ${guestAccounts.usedUpAt} IS NOT NULL THEN 'used_up'
    WHEN ${guestAccounts.firstUsedAt} IS NOT NULL THEN 'active'
    ELSE 'unused' END)`;
}

/** The rows in a state, as a condition written so each column test stands on its own. */
export function accountStateIs(state: GuestAccountState, now?: Date): SQL {
  const notRevoked = sql`${guestAccounts.revokedAt} IS NULL`;
  const notExpired = sql`NOT coalesce(${expiredSql(now)}, false)`;
  switch (state) {
    case 'revoked':
      return sql`${guestAccounts.revokedAt} IS NOT NULL`;
    case 'expired':
      return sql`(${notRevoked} AND coalesce(${expiredSql(now)}, false))`;
    case 'used_up':
      return sql`(${notRevoked} AND ${notExpired} AND ${guestAccounts.usedUpAt} IS NOT NULL)`;
    case 'active':
      return sql`(${notRevoked} AND ${notExpired} AND ${guestAccounts.usedUpAt} IS NULL
        AND ${guestAccounts.firstUsedAt} IS NOT NULL)`;
    case 'unused':
      return sql`(${notRevoked} AND ${notExpired} AND ${guestAccounts.usedUpAt} IS NULL
        AND ${guestAccounts.firstUsedAt} IS NULL)`;
  }
}

/** The columns the state follows from. */
export type AccountStateColumns = {
  revokedAt: Date | null;
  expiresAt: Date | null;
  validUntil: Date | null;
  usedUpAt: Date | null;
  firstUsedAt: Date | null;
};

/** The state of one account at a moment. */
export function accountState(account: AccountStateColumns, now: Date = new Date()): GuestAccountState {
  if (account.revokedAt) return 'revoked';
  const time = now.getTime();
  if (
    (account.expiresAt && account.expiresAt.getTime() <= time) ||
    (account.validUntil && account.validUntil.getTime() <= time)
  )
    return 'expired';
  if (account.usedUpAt) return 'used_up';
  if (account.firstUsedAt) return 'active';
  return 'unused';
}
