// Test fixtures of guest access (docs/guest-access.md): plans, accounts and voucher batches written straight
// to the tables, for the API tests and the access table.
import type { Database } from '../../db/connect.ts';
import { guestAccounts, guestPlans, guestVoucherBatches } from '../../db/schema/guest-access.ts';

let unique = 0;

export async function insertPlan(
  db: Database,
  cloudId: number,
  fields: Partial<typeof guestPlans.$inferInsert> = {},
) {
  const [plan] = await db
    .insert(guestPlans)
    .values({
      cloudId,
      name: `Plan ${++unique}`,
      validFrom: 'first_use',
      validityMinutes: 1440,
      ...fields,
    })
    .returning();
  if (!plan) throw new Error('plan not created');
  return plan;
}

export async function insertAccount(
  db: Database,
  cloudId: number,
  planId: number,
  fields: Partial<typeof guestAccounts.$inferInsert> = {},
) {
  const [account] = await db
    .insert(guestAccounts)
    .values({ cloudId, planId, kind: 'user', username: `guest${++unique}`, ...fields })
    .returning();
  if (!account) throw new Error('account not created');
  return account;
}

export async function insertBatch(db: Database, cloudId: number, planId: number, codes: readonly string[]) {
  const [batch] = await db
    .insert(guestVoucherBatches)
    .values({ cloudId, planId, name: `Batch ${++unique}`, count: codes.length, codeLength: 8 })
    .returning();
  if (!batch) throw new Error('batch not created');
  if (codes.length > 0)
    await db.insert(guestAccounts).values(
      codes.map((code) => ({
        cloudId,
        planId,
        kind: 'voucher' as const,
        username: code,
        batchId: batch.id,
      })),
    );
  return batch;
}

/**
 * The access table's guest access (server/test/access-table.ts): a plan in use with an account and a
 * batch, and spares for the deleting rows (plans no one uses, accounts, batches).
 */
export async function createTableGuestAccess(db: Database, cloudId: number, spares: number) {
  const plan = await insertPlan(db, cloudId, { name: 'Table plan' });
  const account = await insertAccount(db, cloudId, plan.id);
  const batch = await insertBatch(db, cloudId, plan.id, [`TABLE${++unique}`]);
  const sparePlans: number[] = [];
  const spareAccounts: number[] = [];
  const spareBatches: number[] = [];
  for (let n = 0; n < spares; n++) {
    sparePlans.push((await insertPlan(db, cloudId)).id);
    // Revoking and deleting each use one.
    spareAccounts.push((await insertAccount(db, cloudId, plan.id)).id);
    spareAccounts.push((await insertAccount(db, cloudId, plan.id)).id);
    spareBatches.push((await insertBatch(db, cloudId, plan.id, [`SPARE${++unique}`])).id);
  }
  return {
    planId: plan.id,
    accountId: account.id,
    batchId: batch.id,
    sparePlans,
    spareAccounts,
    spareBatches,
  };
}
