// @vitest-environment node
// docs/guest-access.md#states: the SQL the lists filter with and the function for one account name the same
// state for every mix of the columns, the first that holds of revoked, expired, used up, active, unused.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { GUEST_ACCOUNT_STATES } from '../../core/api/guest-accounts.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { guestAccounts } from '../db/schema/guest-access.ts';
import { insertAccount, insertPlan } from '../features/guest-accounts/test-guest.ts';
import { openTestDatabase } from '../test/database.ts';
import { createCloud } from '../test/factories.ts';
import { accountState, accountStateIs, accountStateSql } from './states.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it('gives each account one state, the same in SQL and for one row', async () => {
  const { db } = database;
  const now = new Date('2026-06-01T12:00:00Z');
  const past = new Date(now.getTime() - 60_000);
  const future = new Date(now.getTime() + 60_000);
  const cloudId = (await createCloud(db)).id;
  const planId = (await insertPlan(db, cloudId)).id;
  const columns = ['revokedAt', 'expiresAt', 'validUntil', 'usedUpAt', 'firstUsedAt'] as const;
  const expected = new Map<number, string>();
  // Every mix of set and unset columns; the expiry columns also set in the future.
  for (let mask = 0; mask < 2 ** columns.length; mask++) {
    for (const later of [false, true]) {
      const fields = Object.fromEntries(
        columns.map((column, n) => [
          column,
          mask & (2 ** n)
            ? later && (column === 'expiresAt' || column === 'validUntil')
              ? future
              : past
            : null,
        ]),
      ) as Record<(typeof columns)[number], Date | null>;
      const account = await insertAccount(db, cloudId, planId, fields);
      expected.set(account.id, accountState(fields, now));
    }
  }
  const rows = await db
    .select({ id: guestAccounts.id, state: accountStateSql(now) })
    .from(guestAccounts)
    .where(eq(guestAccounts.cloudId, cloudId));
  expect(new Map(rows.map((row) => [row.id, row.state]))).toEqual(expected);
  expect(new Set(expected.values())).toEqual(new Set(GUEST_ACCOUNT_STATES));
  for (const state of GUEST_ACCOUNT_STATES) {
    const matching = await db
      .select({ id: guestAccounts.id })
      .from(guestAccounts)
      .where(accountStateIs(state, now));
    expect(
      matching.map((row) => row.id).sort((a, b) => a - b),
      state,
    ).toEqual([...expected].filter(([, value]) => value === state).map(([id]) => id));
  }
});
