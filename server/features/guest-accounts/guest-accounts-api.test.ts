// @vitest-environment node
// Guest accounts and vouchers (docs/guest-access.md#accounts-and-vouchers): the list's search, filters,
// states and pages; a person's account; revoking, extending and deleting; voucher batches, their codes,
// printed sheet and CSV; bad input changes nothing and another cloud's plans, accounts and batches are none.
// server/test/access-table.ts has every caller kind of each route.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GuestAccount, VOUCHER_ALPHABET, type VoucherBatch } from '../../../core/api/guest-accounts.ts';
import { queryRows } from '../../db/rows.ts';
import { guestAccounts } from '../../db/schema/guest-access.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { insertAccount, insertBatch, insertPlan } from './test-guest.ts';

let t: TestApp;
let cloudId: number;
let owner: Session;
let planId: number;
let otherCloudId: number;
let otherOwner: Session;
let otherPlanId: number;

const HOUR = 3_600_000;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const signedIn = async (cloud: number) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud, 'ROLE_OWNER');
    return login(t.app, user.email, TEST_PASSWORD);
  };
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  otherCloudId = (await createCloud(db, { authportEnabled: true })).id;
  owner = await signedIn(cloudId);
  otherOwner = await signedIn(otherCloudId);
  planId = (await insertPlan(db, cloudId, { name: 'Day pass', priceLabel: '€5', ssids: ['Hotel Guest'] })).id;
  otherPlanId = (await insertPlan(db, otherCloudId, { name: 'Their pass' })).id;
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
  session = owner,
  cloud = cloudId,
) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloud}/authport${path}`,
    headers: as(session),
    ...(body === undefined ? {} : { payload: body }),
  });

const accountCount = async (cloud = cloudId) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM guest_accounts WHERE cloud_id = ${cloud}`,
    )
  )[0]?.n ?? 0;

const batchBody = (fields: object = {}) => ({
  plan_id: planId,
  count: 25,
  code_length: 8,
  prefix: 'HT-',
  shared: false,
  expires_at: null,
  ...fields,
});

describe("a person's account", () => {
  it('is made with a username and a password, sealed, or one made up and answered once', async () => {
    const given = await call('POST', '/accounts', {
      plan_id: planId,
      username: 'room-101',
      password: 'sunny-day',
    });
    expect(given.statusCode).toBe(201);
    expect(given.json()).toMatchObject({
      account: {
        kind: 'user',
        username: 'room-101',
        state: 'unused',
        plan: { id: planId, name: 'Day pass' },
      },
      password: 'sunny-day',
    });
    const [row] = await t.database.db
      .select()
      .from(guestAccounts)
      .where(eq(guestAccounts.id, given.json().account.id));
    expect(row?.passwordSealed).not.toContain('sunny-day');
    expect(testSecrets.openText(row?.passwordSealed ?? '')).toBe('sunny-day');
    const madeUp = (await call('POST', '/accounts', { plan_id: planId, username: 'room-102' })).json();
    expect(madeUp.password).toMatch(new RegExp(`^[${VOUCHER_ALPHABET}]{10}$`));
    const byEmail = (await call('POST', '/accounts', { plan_id: planId, email: 'Ann@Example.com' })).json();
    expect(byEmail).toMatchObject({
      account: { kind: 'email', username: 'ann@example.com' },
      password: null,
    });
  });

  it('refuses bad input, a taken name, and a plan of another cloud, changing nothing', async () => {
    await call('POST', '/accounts', { plan_id: planId, username: 'taken' });
    const before = await accountCount();
    for (const body of [
      { plan_id: planId },
      { plan_id: planId, username: 'ab' },
      { plan_id: planId, username: 'has space' },
      { plan_id: planId, username: 'ok-name', password: '123' },
      { plan_id: planId, email: 'not-an-address' },
      { plan_id: planId, email: 'x@example.com', password: 'secret-1' },
      { plan_id: planId, username: 'ok-name', role: 'admin' },
      { plan_id: planId, username: 'ok-name', expires_at: new Date(Date.now() - HOUR).toISOString() },
      { plan_id: otherPlanId, username: 'ok-name' },
    ]) {
      const answer = await call('POST', '/accounts', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const taken = await call('POST', '/accounts', { plan_id: planId, username: 'TAKEN' });
    expect(taken.statusCode).toBe(409);
    expect(await accountCount()).toBe(before);
  });
});

describe('the list', () => {
  it('searches username, email and note, filters by state, kind, plan and batch, sorts and pages', async () => {
    const { db } = t.database;
    const plan = await insertPlan(db, cloudId, { name: 'List plan' });
    const now = Date.now();
    const make = (username: string, fields: Partial<typeof guestAccounts.$inferInsert> = {}) =>
      insertAccount(db, cloudId, plan.id, { username, ...fields });
    await make('list-unused', { note: 'Suite Oriole', createdAt: new Date(now - 5 * HOUR) });
    await make('list-active', { firstUsedAt: new Date(now - HOUR), createdAt: new Date(now - 4 * HOUR) });
    await make('list-usedup', {
      firstUsedAt: new Date(now - HOUR),
      usedUpAt: new Date(now - 1000),
      createdAt: new Date(now - 3 * HOUR),
    });
    await make('list-expired', {
      email: 'oriole@example.com',
      validUntil: new Date(now - 1000),
      usedUpAt: new Date(now - 2000),
      createdAt: new Date(now - 2 * HOUR),
    });
    await make('list-revoked', {
      revokedAt: new Date(now - 1000),
      expiresAt: new Date(now - 1000),
      createdAt: new Date(now - HOUR),
    });
    const batch = await insertBatch(db, cloudId, plan.id, ['LISTV1', 'LISTV2']);
    const names = async (query: string) =>
      (await call('GET', `/accounts?plan_id=${plan.id}&${query}`))
        .json<{ items: GuestAccount[] }>()
        .items.map((item) => `${item.username}:${item.state}`);
    expect(await names('type=account')).toEqual([
      'list-revoked:revoked',
      'list-expired:expired',
      'list-usedup:used_up',
      'list-active:active',
      'list-unused:unused',
    ]);
    for (const state of ['revoked', 'expired', 'used_up', 'active'] as const)
      expect(await names(`state=${state}`)).toHaveLength(1);
    expect(await names('state=unused')).toEqual(
      expect.arrayContaining(['list-unused:unused', 'LISTV1:unused']),
    );
    expect(await names('search=oriole')).toEqual(['list-expired:expired', 'list-unused:unused']);
    expect(await names(`batch_id=${batch.id}&sort=created_asc`)).toEqual(['LISTV1:unused', 'LISTV2:unused']);
    expect(await names('type=voucher')).toHaveLength(2);
    const page = (await call('GET', `/accounts?plan_id=${plan.id}&limit=2&offset=2`)).json();
    expect(page.total).toBe(7);
    expect(page.items).toHaveLength(2);
    for (const query of ['state=gone', 'limit=101', 'search=a', 'sort=name', 'color=red'])
      expect((await call('GET', `/accounts?${query}`)).statusCode, query).toBe(400);
  });
});

describe('revoking, extending and deleting', () => {
  it('revokes an account (sessions ended as far as the access points answer) and records it', async () => {
    const account = await insertAccount(t.database.db, cloudId, planId);
    const revoked = await call('POST', `/accounts/${account.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().state).toBe('revoked');
    expect((await call('POST', `/accounts/${account.id}/extend`, { expires_at: null })).statusCode).toBe(409);
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/change-log?object_type=guest_account&object_id=${account.id}`,
      headers: as(owner),
    });
    expect(log.json().items.map((item: { action: string }) => item.action)).toEqual(['revoked']);
  });

  it('extends an expired account to a later end, and refuses a moment past or a field unknown', async () => {
    const account = await insertAccount(t.database.db, cloudId, planId, {
      firstUsedAt: new Date(Date.now() - 2 * HOUR),
      validUntil: new Date(Date.now() - HOUR),
    });
    for (const body of [
      {},
      { valid_until: new Date(Date.now() - 1000).toISOString() },
      { valid_until: 'tomorrow' },
      { valid_until: new Date(Date.now() + HOUR).toISOString(), note: 'x' },
    ])
      expect(
        (await call('POST', `/accounts/${account.id}/extend`, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    expect((await call('GET', `/accounts/${account.id}`)).json().state).toBe('expired');
    const later = new Date(Date.now() + 24 * HOUR).toISOString();
    const extended = await call('POST', `/accounts/${account.id}/extend`, { valid_until: later });
    expect(extended.json()).toMatchObject({ state: 'active', valid_until: later });
  });

  it("deletes an account; another cloud's account is none to read, revoke, extend or delete", async () => {
    const mine = await insertAccount(t.database.db, cloudId, planId);
    expect((await call('DELETE', `/accounts/${mine.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/accounts/${mine.id}`)).statusCode).toBe(404);
    const theirs = await insertAccount(t.database.db, otherCloudId, otherPlanId);
    const later = { valid_until: new Date(Date.now() + HOUR).toISOString() };
    for (const [method, path, body] of [
      ['GET', ''],
      ['POST', '/revoke'],
      ['POST', '/extend', later],
      ['DELETE', ''],
    ] as const)
      expect((await call(method, `/accounts/${theirs.id}${path}`, body)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(guestAccounts).where(eq(guestAccounts.id, theirs.id));
    expect(row).toMatchObject({ revokedAt: null, validUntil: null });
  });
});

describe('voucher batches', () => {
  it('makes codes of the alphabet, distinct, with the prefix, in one transaction, and lists the batch', async () => {
    const made = await call('POST', '/voucher-batches', batchBody({ name: 'Lobby desk', shared: true }));
    expect(made.statusCode).toBe(201);
    const batch = made.json<VoucherBatch>();
    expect(batch).toMatchObject({
      name: 'Lobby desk',
      count: 25,
      used: 0,
      shared: true,
      plan: { id: planId },
    });
    const codes = await t.database.db
      .select({ username: guestAccounts.username, kind: guestAccounts.kind, shared: guestAccounts.shared })
      .from(guestAccounts)
      .where(eq(guestAccounts.batchId, batch.id));
    expect(codes).toHaveLength(25);
    expect(new Set(codes.map((code) => code.username)).size).toBe(25);
    for (const code of codes) {
      expect(code.username).toMatch(new RegExp(`^HT-[${VOUCHER_ALPHABET}]{8}$`));
      expect(code).toMatchObject({ kind: 'voucher', shared: true });
    }
    expect(VOUCHER_ALPHABET).not.toMatch(/[0O1IL5S2Z8B]/);
    const list = (await call('GET', '/voucher-batches?limit=1')).json();
    expect(list.items[0]).toMatchObject({ id: batch.id, name: 'Lobby desk' });
    // Named after the plan and the day when no name is given.
    const unnamed = (await call('POST', '/voucher-batches', batchBody({ count: 1 }))).json<VoucherBatch>();
    expect(unnamed.name).toBe(`Day pass ${new Date().toISOString().slice(0, 10)}`);
  });

  it('keeps codes unique in the cloud, whatever the letter case of the names already there', async () => {
    await insertAccount(t.database.db, cloudId, planId, { username: 'zz-collide' });
    const made = await call(
      'POST',
      '/voucher-batches',
      batchBody({ count: 200, code_length: 6, prefix: 'ZZ-' }),
    );
    expect(made.statusCode).toBe(201);
    const rows = await queryRows<{ n: number; distinct: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n, count(DISTINCT lower(username))::int AS distinct FROM guest_accounts
        WHERE cloud_id = ${cloudId} AND username ILIKE 'zz-%'`,
    );
    expect(rows[0]).toEqual({ n: 201, distinct: 201 });
  });

  it('refuses bad input and a plan of another cloud, making nothing', async () => {
    const before = await accountCount();
    for (const body of [
      batchBody({ count: 0 }),
      batchBody({ count: 10_001 }),
      batchBody({ code_length: 5 }),
      batchBody({ code_length: 17 }),
      batchBody({ prefix: 'ht-' }),
      batchBody({ prefix: 'TOO-LONG-' }),
      batchBody({ expires_at: new Date(Date.now() - HOUR).toISOString() }),
      batchBody({ plan_id: otherPlanId }),
      batchBody({ alphabet: 'ABC' }),
    ])
      expect((await call('POST', '/voucher-batches', body)).statusCode, JSON.stringify(body)).toBe(400);
    expect(await accountCount()).toBe(before);
  });

  it('prints a batch as an A4 sheet of ten cards a page, downloaded as an attachment', async () => {
    const batch = (
      await call('POST', '/voucher-batches', batchBody({ count: 21, name: 'Front desk' }))
    ).json();
    const pdf = await call('GET', `/voucher-batches/${batch.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="vouchers-Front-desk.pdf"');
    const text = pdf.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toMatch(/\/Count 3\b/);
    const theirs = await insertBatch(t.database.db, otherCloudId, otherPlanId, ['THEIRS1']);
    expect((await call('GET', `/voucher-batches/${theirs.id}/pdf`)).statusCode).toBe(404);
    expect((await call('GET', `/voucher-batches/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/voucher-batches/${theirs.id}`)).statusCode).toBe(404);
  });

  it('deletes a batch with its vouchers', async () => {
    const batch = (await call('POST', '/voucher-batches', batchBody({ count: 3 }))).json();
    expect((await call('DELETE', `/voucher-batches/${batch.id}`)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(guestAccounts)
      .where(and(eq(guestAccounts.cloudId, cloudId), eq(guestAccounts.batchId, batch.id)));
    expect(left).toEqual([]);
  });
});

describe('the CSV export', () => {
  it('has every row of the search and filters, as an attachment, and no other cloud', async () => {
    const plan = await insertPlan(t.database.db, cloudId, { name: 'Export, "quoted"' });
    await insertAccount(t.database.db, cloudId, plan.id, { username: 'export-a', note: 'first' });
    await insertAccount(t.database.db, cloudId, plan.id, { username: 'export-b', revokedAt: new Date() });
    await insertAccount(t.database.db, otherCloudId, otherPlanId, { username: 'export-c' });
    const csv = await call('GET', `/accounts/export?plan_id=${plan.id}&sort=created_asc`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="guest-accounts-\d+-[\d-]+\.csv"$/,
    );
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'username,kind,state,plan,batch,email,shared,note,created_at,first_used_at,valid_until,expires_at,used_up_at,revoked_at',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 3).join(','))).toEqual([
      'export-a,user,unused',
      'export-b,user,revoked',
    ]);
    expect(lines[1]).toContain('"Export, ""quoted"""');
    const revoked = await call('GET', `/accounts/export?plan_id=${plan.id}&state=revoked`);
    expect(revoked.body.trim().split('\r\n')).toHaveLength(2);
    const theirs = await call('GET', '/accounts/export?search=export', undefined, otherOwner, otherCloudId);
    expect(theirs.body).toContain('export-c');
    expect(theirs.body).not.toContain('export-a');
  });
});
