// Service plans of a cloud (docs/guest-access.md#service-plans): read, made, changed and deleted, each change
// in the change log.
import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { GuestPlan, GuestPlanBody, GuestPlanPatch } from '../../../core/api/guest-plans.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { changedValues } from '../../../core/audit.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { guestAccounts, guestPlans, guestVoucherBatches } from '../../db/schema/guest-access.ts';
import { sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';

type PlanRow = typeof guestPlans.$inferSelect;

/** The plan's fields as the API names them (what the change log keeps too). */
function wireFields(row: PlanRow): GuestPlanBody {
  return {
    name: row.name,
    price_label: row.priceLabel,
    valid_from: row.validFrom,
    validity_minutes: row.validityMinutes,
    session_minutes: row.sessionMinutes,
    idle_minutes: row.idleMinutes,
    down_kbps: row.downKbps,
    up_kbps: row.upKbps,
    session_quota_bytes: row.sessionQuotaBytes,
    period_quota_bytes: row.periodQuotaBytes,
    quota_period: row.quotaPeriod,
    devices_per_account: row.devicesPerAccount,
    site_ids: row.siteIds,
    ssids: row.ssids,
  };
}

/** The columns of the fields given. */
function columnsOf(fields: GuestPlanPatch) {
  return {
    name: fields.name?.trim(),
    priceLabel: fields.price_label?.trim(),
    validFrom: fields.valid_from,
    validityMinutes: fields.validity_minutes,
    sessionMinutes: fields.session_minutes,
    idleMinutes: fields.idle_minutes,
    downKbps: fields.down_kbps,
    upKbps: fields.up_kbps,
    sessionQuotaBytes: fields.session_quota_bytes,
    periodQuotaBytes: fields.period_quota_bytes,
    quotaPeriod: fields.quota_period,
    devicesPerAccount: fields.devices_per_account,
    siteIds: fields.site_ids,
    ssids: fields.ssids?.map((ssid) => ssid.trim()),
  };
}

async function present(db: Database, cloudId: number, rows: PlanRow[]): Promise<GuestPlan[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const siteIds = [...new Set(rows.flatMap((row) => row.siteIds))];
  const [uses, names] = await Promise.all([
    db
      .select({ planId: guestAccounts.planId, n: count() })
      .from(guestAccounts)
      .where(inArray(guestAccounts.planId, ids))
      .groupBy(guestAccounts.planId),
    siteIds.length === 0
      ? []
      : db
          .select({ id: sites.id, name: sites.name })
          .from(sites)
          .where(and(eq(sites.cloudId, cloudId), inArray(sites.id, siteIds), isNull(sites.deletedAt))),
  ]);
  const usesOf = new Map(uses.map((use) => [use.planId, use.n]));
  const nameOf = new Map(names.map((site) => [site.id, site.name]));
  return rows.map((row) => ({
    id: row.id,
    ...wireFields(row),
    sites: row.siteIds.flatMap((id) => {
      const name = nameOf.get(id);
      return name === undefined ? [] : [{ id, name }];
    }),
    accounts: usesOf.get(row.id) ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** One page of the cloud's plans by name. */
export async function listPlans(
  db: Database,
  cloudId: number,
  page: { offset: number; limit: number },
): Promise<ListPage<GuestPlan>> {
  const where = eq(guestPlans.cloudId, cloudId);
  const rows = await db
    .select()
    .from(guestPlans)
    .where(where)
    .orderBy(asc(sql`lower(${guestPlans.name})`), asc(guestPlans.id))
    .limit(page.limit)
    .offset(page.offset);
  return { items: await present(db, cloudId, rows), ...(await countCapped(db, guestPlans, where, page)) };
}

async function planRow(db: Database, cloudId: number, planId: number): Promise<PlanRow> {
  const [row] = await db
    .select()
    .from(guestPlans)
    .where(and(eq(guestPlans.cloudId, cloudId), eq(guestPlans.id, planId)));
  if (!row) throw errors.notFound('No such service plan in this cloud.');
  return row;
}

export async function findPlan(db: Database, cloudId: number, planId: number): Promise<GuestPlan> {
  const [plan] = await present(db, cloudId, [await planRow(db, cloudId, planId)]);
  if (!plan) throw errors.notFound('No such service plan in this cloud.');
  return plan;
}

/** A period quota needs its period, and a period needs a quota; every site named is one of the cloud's. */
async function checkFields(db: Database, cloudId: number, fields: GuestPlanBody): Promise<void> {
  const issues: { path: string; message: string }[] = [];
  if ((fields.period_quota_bytes === null) !== (fields.quota_period === null))
    issues.push({
      path: '/quota_period',
      message: 'A data quota per period needs its period (day or month), and a period needs a quota.',
    });
  if (fields.site_ids.length > 0) {
    const found = await db
      .select({ id: sites.id })
      .from(sites)
      .where(and(eq(sites.cloudId, cloudId), inArray(sites.id, fields.site_ids), isNull(sites.deletedAt)));
    const known = new Set(found.map((site) => site.id));
    fields.site_ids.forEach((id, n) => {
      if (!known.has(id))
        issues.push({ path: `/site_ids/${n}`, message: `Site ${id} is not in this cloud.` });
    });
  }
  if (fields.ssids.some((ssid) => ssid.trim() === ''))
    issues.push({ path: '/ssids', message: 'An SSID cannot be blank.' });
  if (issues.length > 0)
    throw errors.validation(issues.map((issue) => ({ errorCode: 'invalid', location: 'body', ...issue })));
}

/** Whether a plan of this name (whatever its letter case) exists in the cloud, besides the one named. */
async function nameTaken(db: Database, cloudId: number, name: string, besides?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: guestPlans.id })
    .from(guestPlans)
    .where(and(eq(guestPlans.cloudId, cloudId), sql`lower(${guestPlans.name}) = lower(${name.trim()})`));
  return row !== undefined && row.id !== besides;
}

const nameConflict = (name: string) =>
  errors.conflict(`A service plan named "${name.trim()}" already exists in this cloud.`);

export async function createPlan(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  fields: GuestPlanBody,
): Promise<GuestPlan> {
  await checkFields(db, cloudId, fields);
  const created = await db.transaction(async (tx) => {
    if (await nameTaken(tx, cloudId, fields.name)) throw nameConflict(fields.name);
    const [row] = await tx
      .insert(guestPlans)
      .values({
        cloudId,
        name: fields.name.trim(),
        priceLabel: fields.price_label.trim(),
        validFrom: fields.valid_from,
        validityMinutes: fields.validity_minutes,
        sessionMinutes: fields.session_minutes,
        idleMinutes: fields.idle_minutes,
        downKbps: fields.down_kbps,
        upKbps: fields.up_kbps,
        sessionQuotaBytes: fields.session_quota_bytes,
        periodQuotaBytes: fields.period_quota_bytes,
        quotaPeriod: fields.quota_period,
        devicesPerAccount: fields.devices_per_account,
        siteIds: fields.site_ids,
        ssids: fields.ssids.map((ssid) => ssid.trim()),
      })
      .returning();
    if (!row) throw new Error('service plan not created');
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'guest_plan',
      objectId: row.id,
      objectName: row.name,
      after: wireFields(row),
    });
    return row;
  });
  return findPlan(db, cloudId, created.id);
}

/** Changes a plan; answers it, and whether guest accounts use it (their sessions get the new limits). */
export async function updatePlan(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  planId: number,
  patch: GuestPlanPatch,
): Promise<{ plan: GuestPlan; inUse: boolean; changed: boolean }> {
  const before = await planRow(db, cloudId, planId);
  const merged: GuestPlanBody = { ...wireFields(before), ...patch };
  await checkFields(db, cloudId, merged);
  const { before: was, after: now } = changedValues(wireFields(before), merged);
  if (Object.keys(now).length > 0) {
    await db.transaction(async (tx) => {
      if (patch.name !== undefined && (await nameTaken(tx, cloudId, patch.name, planId)))
        throw nameConflict(patch.name);
      await tx
        .update(guestPlans)
        .set({ ...columnsOf(patch), updatedAt: new Date() })
        .where(and(eq(guestPlans.cloudId, cloudId), eq(guestPlans.id, planId)));
      await audit(tx, actor, {
        cloudId,
        action: 'changed',
        objectType: 'guest_plan',
        objectId: planId,
        objectName: merged.name.trim(),
        before: was,
        after: now,
      });
    });
  }
  const plan = await findPlan(db, cloudId, planId);
  return { plan, inUse: plan.accounts > 0, changed: Object.keys(now).length > 0 };
}

/** Deletes a plan no guest account or voucher batch uses. */
export async function deletePlan(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  planId: number,
): Promise<void> {
  const row = await planRow(db, cloudId, planId);
  await db.transaction(async (tx) => {
    const [accounts] = await tx
      .select({ n: count() })
      .from(guestAccounts)
      .where(eq(guestAccounts.planId, planId));
    const [batches] = await tx
      .select({ n: count() })
      .from(guestVoucherBatches)
      .where(eq(guestVoucherBatches.planId, planId));
    const n = accounts?.n ?? 0;
    if (n > 0)
      throw errors.conflict(
        `The service plan "${row.name}" is in use by ${n} guest ${n === 1 ? 'account or voucher' : 'accounts and vouchers'}: ` +
          'delete them first.',
      );
    if ((batches?.n ?? 0) > 0)
      throw errors.conflict(
        `The service plan "${row.name}" is in use by a voucher batch: delete the batch first.`,
      );
    await tx.delete(guestPlans).where(and(eq(guestPlans.cloudId, cloudId), eq(guestPlans.id, planId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'guest_plan',
      objectId: planId,
      objectName: row.name,
      before: wireFields(row),
    });
  });
}
