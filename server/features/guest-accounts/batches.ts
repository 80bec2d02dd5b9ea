// Voucher batches (docs/guest-access.md#accounts-and-vouchers): made in bulk with codes unique in the cloud,
// listed, printed as a sheet of cards, deleted with their vouchers.
import { and, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { CreateVoucherBatchBody, VoucherBatch } from '../../../core/api/guest-accounts.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { jsonRows, queryRows } from '../../db/rows.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  guestAccounts,
  guestPlans,
  guestPortals,
  guestSessions,
  guestVoucherBatches,
} from '../../db/schema/guest-access.ts';
import { errors } from '../../errors.ts';
import { endOpenSessions } from '../../guest-access/ended-events.ts';
import { distinctCodes } from './codes.ts';
import { futureDate, planOfCloud, validUntilAtCreation } from './repository.ts';

/** Codes one statement inserts. */
const INSERT_CHUNK = 5000;
/** Rounds of new codes for those another account took meanwhile, before giving up. */
const INSERT_ROUNDS = 5;

function selectBatches(db: Database) {
  return db
    .select({
      id: guestVoucherBatches.id,
      name: guestVoucherBatches.name,
      planId: guestVoucherBatches.planId,
      planName: guestPlans.name,
      count: guestVoucherBatches.count,
      prefix: guestVoucherBatches.prefix,
      codeLength: guestVoucherBatches.codeLength,
      shared: guestVoucherBatches.shared,
      expiresAt: guestVoucherBatches.expiresAt,
      // guest_accounts_batch_idx finds the batch's vouchers.
      used: sql<number>`(SELECT count(*)::int FROM ${guestAccounts}
        WHERE ${guestAccounts.batchId} = ${guestVoucherBatches.id} AND ${guestAccounts.firstUsedAt} IS NOT NULL)`,
      createdById: users.id,
      createdByEmail: users.email,
      createdAt: guestVoucherBatches.createdAt,
    })
    .from(guestVoucherBatches)
    .innerJoin(guestPlans, eq(guestPlans.id, guestVoucherBatches.planId))
    .leftJoin(users, eq(users.id, guestVoucherBatches.createdBy));
}
type BatchRow = Awaited<ReturnType<ReturnType<typeof selectBatches>['execute']>>[number];

const present = (row: BatchRow): VoucherBatch => ({
  id: row.id,
  name: row.name,
  plan: { id: row.planId, name: row.planName },
  count: row.count,
  prefix: row.prefix,
  code_length: row.codeLength,
  shared: row.shared,
  expires_at: row.expiresAt?.toISOString() ?? null,
  used: Number(row.used),
  created_by:
    row.createdById === null || row.createdByEmail === null
      ? null
      : { id: row.createdById, email: row.createdByEmail },
  created_at: row.createdAt.toISOString(),
});

export async function listBatches(
  db: Database,
  cloudId: number,
  page: { offset: number; limit: number },
): Promise<ListPage<VoucherBatch>> {
  const where = eq(guestVoucherBatches.cloudId, cloudId);
  const rows = await selectBatches(db)
    .where(where)
    .orderBy(desc(guestVoucherBatches.createdAt), desc(guestVoucherBatches.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items: rows.map(present), ...(await countCapped(db, guestVoucherBatches, where, page)) };
}

export async function findBatch(db: Database, cloudId: number, batchId: number): Promise<VoucherBatch> {
  const [row] = await selectBatches(db).where(
    and(eq(guestVoucherBatches.cloudId, cloudId), eq(guestVoucherBatches.id, batchId)),
  );
  if (!row) throw errors.notFound('No such voucher batch in this cloud.');
  return present(row);
}

/**
 * Makes a batch and its vouchers in one transaction: codes from crypto randomness, inserted a few thousand
 * per statement; a code another account of the cloud holds is drawn again.
 */
export async function createBatch(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  body: CreateVoucherBatchBody,
  now = new Date(),
): Promise<VoucherBatch> {
  const plan = await planOfCloud(db, cloudId, body.plan_id);
  const expiresAt = body.expires_at === null ? null : futureDate(body.expires_at, '/expires_at', now);
  const name = body.name?.trim() || `${plan.name} ${now.toISOString().slice(0, 10)}`;
  const validUntil = validUntilAtCreation(plan, now);
  const batchId = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(guestVoucherBatches)
      .values({
        cloudId,
        planId: plan.id,
        name,
        count: body.count,
        prefix: body.prefix,
        codeLength: body.code_length,
        shared: body.shared,
        expiresAt,
        createdBy: actor.userId,
        createdAt: now,
      })
      .returning({ id: guestVoucherBatches.id });
    if (!batch) throw new Error('voucher batch not created');
    const made = new Set<string>();
    for (let round = 0; made.size < body.count; round += 1) {
      if (round === INSERT_ROUNDS)
        throw errors.conflict(
          'Not enough unused codes of this length and prefix are left: choose longer codes or another prefix.',
        );
      const codes = distinctCodes(body.count - made.size, body.prefix, body.code_length, made);
      for (let start = 0; start < codes.length; start += INSERT_CHUNK) {
        const inserted = await queryRows<{ username: string }>(
          tx,
          sql`INSERT INTO guest_accounts (cloud_id, plan_id, kind, username, batch_id, shared, expires_at,
              valid_until, created_by, created_at)
            SELECT ${cloudId}, ${plan.id}, 'voucher', v.code, ${batch.id}, ${body.shared},
              ${expiresAt?.toISOString() ?? null}::timestamptz, ${validUntil?.toISOString() ?? null}::timestamptz,
              ${actor.userId}::int, ${now.toISOString()}::timestamptz
            FROM jsonb_to_recordset(${jsonRows(codes.slice(start, start + INSERT_CHUNK).map((code) => ({ code })))})
              AS v(code text)
            ON CONFLICT DO NOTHING
            RETURNING username`,
        );
        for (const row of inserted) made.add(row.username);
      }
    }
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'voucher_batch',
      objectId: batch.id,
      objectName: name,
      after: {
        plan: plan.name,
        count: body.count,
        prefix: body.prefix,
        code_length: body.code_length,
        shared: body.shared,
        expires_at: expiresAt?.toISOString() ?? null,
      },
    });
    return batch.id;
  });
  return findBatch(db, cloudId, batchId);
}

/** What the printed sheet needs: the batch, its plan, its codes in the order made, and the SSID to print. */
export async function batchSheet(db: Database, cloudId: number, batchId: number) {
  const batch = await findBatch(db, cloudId, batchId);
  const [plan] = await db.select().from(guestPlans).where(eq(guestPlans.id, batch.plan.id));
  if (!plan) throw errors.notFound('No such service plan in this cloud.');
  const codes = await db
    .select({ username: guestAccounts.username })
    .from(guestAccounts)
    .where(eq(guestAccounts.batchId, batchId))
    .orderBy(guestAccounts.id);
  return { batch, plan, codes: codes.map((row) => row.username), ssid: await sheetSsid(db, cloudId, plan) };
}

/**
 * The SSID a batch's cards name: the plan's first SSID; else the SSID of a captive portal of the plan's
 * first site (or, for a plan of every site, of any site of the cloud) that names one; else none.
 */
async function sheetSsid(
  db: Database,
  cloudId: number,
  plan: { ssids: string[]; siteIds: number[] },
): Promise<string | null> {
  const [first] = plan.ssids;
  if (first !== undefined) return first;
  const firstSite = plan.siteIds[0];
  const [portal] = await db
    .select({ ssid: guestPortals.ssid })
    .from(guestPortals)
    .where(
      and(
        eq(guestPortals.cloudId, cloudId),
        isNotNull(guestPortals.ssid),
        firstSite === undefined ? undefined : eq(guestPortals.siteId, firstSite),
      ),
    )
    .orderBy(guestPortals.id)
    .limit(1);
  return portal?.ssid ?? null;
}

/** The accounts of a batch (or one account) that have a session open now. */
export async function accountsWithOpenSessions(
  db: Database,
  cloudId: number,
  target: { batchId: number } | { accountId: number },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ accountId: guestSessions.accountId })
    .from(guestSessions)
    .where(
      and(
        eq(guestSessions.cloudId, cloudId),
        isNull(guestSessions.endedAt),
        'accountId' in target
          ? eq(guestSessions.accountId, target.accountId)
          : inArray(
              guestSessions.accountId,
              db
                .select({ id: guestAccounts.id })
                .from(guestAccounts)
                .where(eq(guestAccounts.batchId, target.batchId)),
            ),
      ),
    );
  return rows.map((row) => row.accountId);
}

/** Deletes a batch and its vouchers. */
export async function deleteBatch(db: Database, actor: AuditActor, cloudId: number, batchId: number) {
  const batch = await findBatch(db, cloudId, batchId);
  await db.transaction(async (tx) => {
    // Sessions no NAS acknowledged ending end with it, with their webhook events (docs/webhooks.md#events).
    await endOpenSessions(
      tx,
      sql`s.cloud_id = ${cloudId} AND s.account_id IN (SELECT id FROM guest_accounts WHERE batch_id = ${batchId})`,
      { cause: 'revoked', userId: actor.userId },
    );
    const [vouchers] = await tx
      .select({ n: count() })
      .from(guestAccounts)
      .where(eq(guestAccounts.batchId, batchId));
    await tx
      .delete(guestVoucherBatches)
      .where(and(eq(guestVoucherBatches.cloudId, cloudId), eq(guestVoucherBatches.id, batchId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'voucher_batch',
      objectId: batchId,
      objectName: batch.name,
      before: { plan: batch.plan.name, count: vouchers?.n ?? 0, used: batch.used },
    });
  });
}
