// Guest accounts of a cloud (docs/guest-access.md#accounts-and-vouchers): the list and its CSV, a person's
// account made, revoked, extended and deleted, each change in the change log.
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type {
  CreateGuestAccountBody,
  ExtendGuestAccountBody,
  GuestAccount,
  GuestAccountExportQuery,
  GuestAccountListQuery,
} from '../../../core/api/guest-accounts.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { csvField } from '../../../core/csv.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { likeContains } from '../../db/like.ts';
import { guestAccounts, guestPlans, guestVoucherBatches } from '../../db/schema/guest-access.ts';
import { errors } from '../../errors.ts';
import type { SecretBox } from '../../features/config/seal.ts';
import { endOpenSessions } from '../../guest-access/ended-events.ts';
import { accountStateIs, accountStateSql } from '../../guest-access/states.ts';
import { randomPassword } from './codes.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The columns a list row reads: the account, its plan's and batch's names, its state now. */
const listColumns = () => ({
  id: guestAccounts.id,
  kind: guestAccounts.kind,
  username: guestAccounts.username,
  email: guestAccounts.email,
  planId: guestAccounts.planId,
  planName: guestPlans.name,
  batchId: guestAccounts.batchId,
  batchName: guestVoucherBatches.name,
  shared: guestAccounts.shared,
  note: guestAccounts.note,
  state: accountStateSql(),
  expiresAt: guestAccounts.expiresAt,
  validUntil: guestAccounts.validUntil,
  firstUsedAt: guestAccounts.firstUsedAt,
  usedUpAt: guestAccounts.usedUpAt,
  revokedAt: guestAccounts.revokedAt,
  createdAt: guestAccounts.createdAt,
});
type AccountRow = typeof guestAccounts.$inferSelect;
type ListRow = Pick<
  AccountRow,
  | 'id'
  | 'kind'
  | 'username'
  | 'email'
  | 'planId'
  | 'batchId'
  | 'shared'
  | 'note'
  | 'expiresAt'
  | 'validUntil'
  | 'firstUsedAt'
  | 'usedUpAt'
  | 'revokedAt'
  | 'createdAt'
> & { planName: string; batchName: string | null; state: GuestAccount['state'] };

function present(row: ListRow): GuestAccount {
  return {
    id: row.id,
    kind: row.kind,
    username: row.username,
    email: row.email,
    plan: { id: row.planId, name: row.planName },
    batch: row.batchId === null ? null : { id: row.batchId, name: row.batchName ?? '' },
    shared: row.shared,
    note: row.note,
    state: row.state,
    expires_at: iso(row.expiresAt),
    valid_until: iso(row.validUntil),
    first_used_at: iso(row.firstUsedAt),
    used_up_at: iso(row.usedUpAt),
    revoked_at: iso(row.revokedAt),
    created_at: row.createdAt.toISOString(),
  };
}

function selectAccounts(db: Database) {
  return db
    .select(listColumns())
    .from(guestAccounts)
    .innerJoin(guestPlans, eq(guestPlans.id, guestAccounts.planId))
    .leftJoin(guestVoucherBatches, eq(guestVoucherBatches.id, guestAccounts.batchId));
}

/** The list's conditions: the cloud, the search (guest_accounts_*_trgm) and the filters. */
function listWhere(cloudId: number, query: GuestAccountExportQuery): SQL | undefined {
  const search = query.search?.trim() ?? '';
  const text = likeContains(search);
  return and(
    eq(guestAccounts.cloudId, cloudId),
    search === ''
      ? undefined
      : or(
          sql`${guestAccounts.username} ILIKE ${text}`,
          sql`${guestAccounts.email} ILIKE ${text}`,
          sql`${guestAccounts.note} ILIKE ${text}`,
        ),
    query.state === undefined ? undefined : accountStateIs(query.state),
    query.type === undefined
      ? undefined
      : query.type === 'voucher'
        ? eq(guestAccounts.kind, 'voucher')
        : sql`${guestAccounts.kind} <> 'voucher'`,
    query.plan_id === undefined ? undefined : eq(guestAccounts.planId, query.plan_id),
    query.batch_id === undefined ? undefined : eq(guestAccounts.batchId, query.batch_id),
  );
}

const ordering = (query: GuestAccountExportQuery) =>
  query.sort === 'created_asc'
    ? [asc(guestAccounts.createdAt), asc(guestAccounts.id)]
    : [desc(guestAccounts.createdAt), desc(guestAccounts.id)];

/** One page of the cloud's guest accounts and vouchers. */
export async function listAccounts(
  db: Database,
  cloudId: number,
  query: GuestAccountListQuery,
): Promise<ListPage<GuestAccount>> {
  const where = listWhere(cloudId, query);
  const rows = await selectAccounts(db)
    .where(where)
    .orderBy(...ordering(query))
    .limit(query.limit)
    .offset(query.offset);
  return {
    items: (rows as ListRow[]).map(present),
    ...(await countCapped(db, guestAccounts, where, query)),
  };
}

export const ACCOUNT_EXPORT_COLUMNS = [
  'username',
  'kind',
  'state',
  'plan',
  'batch',
  'email',
  'shared',
  'note',
  'created_at',
  'first_used_at',
  'valid_until',
  'expires_at',
  'used_up_at',
  'revoked_at',
] as const;
const EXPORT_CHUNK = 1000;

/**
 * The list's rows for the same search and filters as CSV lines, the header first, read a chunk at a time
 * (keyset on the creation order, so a cloud of any size streams in bounded memory).
 */
export async function* exportAccounts(
  db: Database,
  cloudId: number,
  query: GuestAccountExportQuery,
): AsyncGenerator<string> {
  const line = (fields: readonly (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  yield line(ACCOUNT_EXPORT_COLUMNS);
  const ascending = query.sort === 'created_asc';
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const cursor: SQL | undefined =
      after === null
        ? undefined
        : ascending
          ? sql`(${guestAccounts.createdAt}, ${guestAccounts.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
          : sql`(${guestAccounts.createdAt}, ${guestAccounts.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`;
    const rows = (await selectAccounts(db)
      .where(and(listWhere(cloudId, query), cursor))
      .orderBy(...ordering(query))
      .limit(EXPORT_CHUNK)) as ListRow[];
    let chunk = '';
    for (const row of rows) {
      const account = present(row);
      chunk += line([
        account.username,
        account.kind,
        account.state,
        account.plan.name,
        account.batch?.name ?? '',
        account.email,
        account.shared ? 'yes' : 'no',
        account.note,
        account.created_at,
        account.first_used_at,
        account.valid_until,
        account.expires_at,
        account.used_up_at,
        account.revoked_at,
      ]);
    }
    if (chunk !== '') yield chunk;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_CHUNK) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

export async function findAccount(db: Database, cloudId: number, accountId: number): Promise<GuestAccount> {
  const [row] = await selectAccounts(db).where(
    and(eq(guestAccounts.cloudId, cloudId), eq(guestAccounts.id, accountId)),
  );
  if (!row) throw errors.notFound('No such guest account in this cloud.');
  return present(row as ListRow);
}

/** The cloud's plan named in a body; a 400 when it is none of the cloud's. */
export async function planOfCloud(db: Database, cloudId: number, planId: number) {
  const [plan] = await db
    .select()
    .from(guestPlans)
    .where(and(eq(guestPlans.cloudId, cloudId), eq(guestPlans.id, planId)));
  if (!plan)
    throw errors.validation([
      {
        errorCode: 'invalid',
        location: 'body',
        path: '/plan_id',
        message: 'No such service plan in this cloud.',
      },
    ]);
  return plan;
}

/** A date in the body that must be later than now. */
export function futureDate(value: string, path: string, now: Date): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime())
    throw errors.validation([
      { errorCode: 'invalid', location: 'body', path, message: 'Choose a moment later than now.' },
    ]);
  return date;
}

/** When an account made now on the plan stops being valid: set now for a plan valid from creation. */
export const validUntilAtCreation = (
  plan: { validFrom: 'first_use' | 'creation'; validityMinutes: number },
  now: Date,
) => (plan.validFrom === 'creation' ? new Date(now.getTime() + plan.validityMinutes * 60_000) : null);

/** Whether a unique index refused the statement (PostgreSQL 23505), whichever driver raised it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === '23505') return true;
  return false;
}

/** Makes a person's account: a username (with the password given or one made up) or an email address. */
export async function createAccount(
  db: Database,
  secrets: SecretBox,
  actor: AuditActor,
  cloudId: number,
  body: CreateGuestAccountBody,
): Promise<{ account: GuestAccount; password: string | null }> {
  const now = new Date();
  if (body.username === undefined && body.email === undefined)
    throw errors.validation([
      {
        errorCode: 'required',
        location: 'body',
        path: '/username',
        message: 'Give a username (with or without a password) or an email address.',
      },
    ]);
  if (body.username === undefined && body.password !== undefined)
    throw errors.validation([
      {
        errorCode: 'invalid',
        location: 'body',
        path: '/password',
        message: 'A password goes with a username: an email account signs in with its address.',
      },
    ]);
  const plan = await planOfCloud(db, cloudId, body.plan_id);
  const expiresAt =
    body.expires_at === undefined || body.expires_at === null
      ? null
      : futureDate(body.expires_at, '/expires_at', now);
  const kind = body.username === undefined ? 'email' : 'user';
  const password = kind === 'user' ? (body.password ?? randomPassword()) : null;
  const username = body.username ?? (body.email as string).toLowerCase();
  const id = await db
    .transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: guestAccounts.id })
        .from(guestAccounts)
        .where(
          and(eq(guestAccounts.cloudId, cloudId), sql`lower(${guestAccounts.username}) = lower(${username})`),
        );
      if (taken) throw errors.conflict(`A guest account or voucher named "${username}" already exists.`);
      const [row] = await tx
        .insert(guestAccounts)
        .values({
          cloudId,
          planId: plan.id,
          kind,
          username,
          passwordSealed: password === null ? null : secrets.sealText(password),
          email: body.email ?? null,
          note: body.note?.trim() ?? '',
          expiresAt,
          validUntil: validUntilAtCreation(plan, now),
          createdBy: actor.userId,
          createdAt: now,
        })
        .returning({ id: guestAccounts.id });
      if (!row) throw new Error('guest account not created');
      await audit(tx, actor, {
        cloudId,
        action: 'created',
        objectType: 'guest_account',
        objectId: row.id,
        objectName: username,
        after: {
          kind,
          plan: plan.name,
          email: body.email ?? null,
          expires_at: expiresAt?.toISOString() ?? null,
        },
      });
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error))
        throw errors.conflict(`A guest account or voucher named "${username}" already exists.`);
      throw error;
    });
  return { account: await findAccount(db, cloudId, id), password };
}

/** Revokes an account: it no longer signs in. Answers whether it was revoked by this call. */
export async function revokeAccount(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  accountId: number,
): Promise<boolean> {
  const account = await findAccount(db, cloudId, accountId);
  return db.transaction(async (tx) => {
    const revoked = await tx
      .update(guestAccounts)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(
        and(
          eq(guestAccounts.cloudId, cloudId),
          eq(guestAccounts.id, accountId),
          isNull(guestAccounts.revokedAt),
        ),
      )
      .returning({ id: guestAccounts.id });
    if (revoked.length === 0) return false;
    await audit(tx, actor, {
      cloudId,
      action: 'revoked',
      objectType: 'guest_account',
      objectId: accountId,
      objectName: account.username,
    });
    return true;
  });
}

/** Gives an account a later end: its validity, its own last day, or both. A revoked account stays so. */
export async function extendAccount(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  accountId: number,
  body: ExtendGuestAccountBody,
): Promise<GuestAccount> {
  const now = new Date();
  const account = await findAccount(db, cloudId, accountId);
  if (account.revoked_at !== null)
    throw errors.conflict(`The guest account "${account.username}" is revoked: it cannot be extended.`);
  const validUntil =
    body.valid_until === undefined ? undefined : futureDate(body.valid_until, '/valid_until', now);
  const expiresAt =
    body.expires_at === undefined
      ? undefined
      : body.expires_at === null
        ? null
        : futureDate(body.expires_at, '/expires_at', now);
  await db.transaction(async (tx) => {
    await tx
      .update(guestAccounts)
      .set({ validUntil, expiresAt })
      .where(and(eq(guestAccounts.cloudId, cloudId), eq(guestAccounts.id, accountId)));
    await audit(tx, actor, {
      cloudId,
      action: 'extended',
      objectType: 'guest_account',
      objectId: accountId,
      objectName: account.username,
      before: {
        ...(validUntil === undefined ? {} : { valid_until: account.valid_until }),
        ...(expiresAt === undefined ? {} : { expires_at: account.expires_at }),
      },
      after: {
        ...(validUntil === undefined ? {} : { valid_until: validUntil.toISOString() }),
        ...(expiresAt === undefined ? {} : { expires_at: iso(expiresAt) }),
      },
    });
  });
  return findAccount(db, cloudId, accountId);
}

/** Deletes an account and its sessions' history. */
export async function deleteAccount(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  accountId: number,
): Promise<void> {
  const account = await findAccount(db, cloudId, accountId);
  await db.transaction(async (tx) => {
    // Sessions no NAS acknowledged ending end with it, with their webhook events (docs/webhooks.md#events).
    await endOpenSessions(tx, sql`s.cloud_id = ${cloudId} AND s.account_id = ${accountId}`, {
      cause: 'revoked',
      userId: actor.userId,
    });
    await tx
      .delete(guestAccounts)
      .where(and(eq(guestAccounts.cloudId, cloudId), eq(guestAccounts.id, accountId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'guest_account',
      objectId: accountId,
      objectName: account.username,
      before: { kind: account.kind, plan: account.plan.name, state: account.state },
    });
  });
}
