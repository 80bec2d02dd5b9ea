// @vitest-environment node
// Service plans (docs/guest-access.md#service-plans): made, changed and deleted by members with
// manage_sites; bad input changes nothing; another cloud's plans and sites are none; each change in the
// change log. server/test/access-table.ts has every caller kind of each route.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuestPlan, GuestPlanBody } from '../../../core/api/guest-plans.ts';
import { guestPlans } from '../../db/schema/guest-access.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { insertAccount, insertBatch, insertPlan } from '../guest-accounts/test-guest.ts';

let t: TestApp;
let cloudId: number;
let siteId: number;
let owner: Session;
let otherCloudId: number;
let otherSiteId: number;
let otherOwner: Session;

const planBody = (fields: Partial<GuestPlanBody> = {}): GuestPlanBody => ({
  name: 'Day pass',
  price_label: '€5',
  valid_from: 'first_use',
  validity_minutes: 1440,
  session_minutes: 240,
  idle_minutes: 15,
  down_kbps: 10_000,
  up_kbps: 2_000,
  session_quota_bytes: null,
  period_quota_bytes: 5_000_000_000,
  quota_period: 'day',
  devices_per_account: 2,
  site_ids: [],
  ssids: ['Guest'],
  ...fields,
});

async function signedIn(
  cloud: number,
  role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER',
  bits = 0,
) {
  const user = await createUser(t.database.db);
  await addMember(t.database.db, user.id, cloud, role, bits);
  return login(t.app, user.email, TEST_PASSWORD);
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db, { authportEnabled: true })).id;
  siteId = (await createSite(db, cloudId, { name: 'Hotel' })).id;
  otherCloudId = (await createCloud(db, { authportEnabled: true })).id;
  otherSiteId = (await createSite(db, otherCloudId, { name: 'Elsewhere' })).id;
  owner = await signedIn(cloudId, 'ROLE_OWNER');
  otherOwner = await signedIn(otherCloudId, 'ROLE_OWNER');
});
afterAll(async () => {
  await t.close();
});

const call = (
  session: Session | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: object,
) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloudId}/authport${path}`,
    headers: session ? as(session) : {},
    ...(body === undefined ? {} : { payload: body }),
  });

const planCount = async (cloud = cloudId) =>
  (await t.database.db.select().from(guestPlans).where(eq(guestPlans.cloudId, cloud))).length;

describe('service plans', () => {
  it('makes a plan with every limit, lists it by name and reads it back', async () => {
    const made = await call(owner, 'POST', '/plans', planBody({ name: 'Zulu week', site_ids: [siteId] }));
    expect(made.statusCode).toBe(201);
    const plan = made.json<GuestPlan>();
    expect(plan).toMatchObject({
      name: 'Zulu week',
      price_label: '€5',
      period_quota_bytes: 5_000_000_000,
      quota_period: 'day',
      site_ids: [siteId],
      sites: [{ id: siteId, name: 'Hotel' }],
      accounts: 0,
    });
    await call(owner, 'POST', '/plans', planBody({ name: 'alpha hour', validity_minutes: 60 }));
    const list = await call(owner, 'GET', '/plans?limit=1');
    expect(list.json()).toMatchObject({ total: 2, items: [{ name: 'alpha hour' }] });
    expect((await call(owner, 'GET', `/plans/${plan.id}`)).json().name).toBe('Zulu week');
  });

  it('refuses unknown keys, values out of range, a quota without its period, and a site of another cloud, changing nothing', async () => {
    const before = await planCount();
    for (const body of [
      { ...planBody(), extra: true },
      planBody({ validity_minutes: 0 }),
      planBody({ down_kbps: 10 }),
      planBody({ devices_per_account: 101 }),
      planBody({ session_quota_bytes: 10 }),
      planBody({ name: '' }),
      planBody({ ssids: ['x'.repeat(33)] }),
      planBody({ quota_period: null }),
      planBody({ period_quota_bytes: null, quota_period: 'month' }),
      planBody({ site_ids: [otherSiteId] }),
      { name: 'Half a plan' },
    ]) {
      const answer = await call(owner, 'POST', '/plans', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const refused = await call(
      owner,
      'POST',
      '/plans',
      planBody({ name: 'Mixed', site_ids: [siteId, otherSiteId] }),
    );
    expect(refused.json().errors).toEqual([expect.objectContaining({ path: '/site_ids/1' })]);
    expect(await planCount()).toBe(before);
  });

  it('keeps names unique in the cloud whatever their case', async () => {
    await call(owner, 'POST', '/plans', planBody({ name: 'Lobby' }));
    const again = await call(owner, 'POST', '/plans', planBody({ name: 'LOBBY' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('already exists');
    // Another cloud may have its own.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${otherCloudId}/authport/plans`,
      headers: as(otherOwner),
      payload: planBody({ name: 'Lobby' }),
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('changes a plan, even one in use, and records before and after in the change log', async () => {
    const plan = await insertPlan(t.database.db, cloudId, { name: 'Conference' });
    await insertAccount(t.database.db, cloudId, plan.id);
    const changed = await call(owner, 'PATCH', `/plans/${plan.id}`, {
      down_kbps: 20_000,
      price_label: 'Free',
    });
    // The sessions of its guests are sent the new limits; the change stands whatever they answer.
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ down_kbps: 20_000, price_label: 'Free', accounts: 1 });
    for (const body of [{}, { down_kbps: 1 }, { nickname: 'x' }, { period_quota_bytes: 2_000_000_000 }]) {
      expect((await call(owner, 'PATCH', `/plans/${plan.id}`, body)).statusCode, JSON.stringify(body)).toBe(
        400,
      );
    }
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/change-log?object_type=guest_plan&object_id=${plan.id}`,
      headers: as(owner),
    });
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: 'changed',
        before: { down_kbps: null, price_label: '' },
        after: { down_kbps: 20_000, price_label: 'Free' },
      }),
    ]);
  });

  it('refuses to delete a plan in use with a clear message, and deletes one no one uses', async () => {
    const used = await insertPlan(t.database.db, cloudId, { name: 'Used' });
    await insertAccount(t.database.db, cloudId, used.id);
    const refused = await call(owner, 'DELETE', `/plans/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'The service plan "Used" is in use by 1 guest account or voucher: delete them first.',
    );
    const batched = await insertPlan(t.database.db, cloudId, { name: 'Batched' });
    await insertBatch(t.database.db, cloudId, batched.id, []);
    expect((await call(owner, 'DELETE', `/plans/${batched.id}`)).json().message).toContain('voucher batch');
    const free = await insertPlan(t.database.db, cloudId, { name: 'Free' });
    expect((await call(owner, 'DELETE', `/plans/${free.id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/plans/${free.id}`)).statusCode).toBe(404);
  });

  it("keeps to its cloud: another cloud's plan is none, to read, change or delete", async () => {
    const theirs = await insertPlan(t.database.db, otherCloudId, { name: 'Theirs' });
    for (const [method, body] of [['GET'], ['PATCH', { name: 'Mine now' }], ['DELETE']] as const) {
      expect((await call(owner, method, `/plans/${theirs.id}`, body)).statusCode).toBe(404);
    }
    const [row] = await t.database.db.select().from(guestPlans).where(eq(guestPlans.id, theirs.id));
    expect(row?.name).toBe('Theirs');
    const list = (await call(owner, 'GET', '/plans?limit=100')).json<{ items: GuestPlan[] }>();
    expect(list.items.map((plan) => plan.name)).not.toContain('Theirs');
  });

  it('answers members without manage_sites 403, outsiders and a cloud with AuthPort off 404, and no session 401', async () => {
    const admin = await signedIn(cloudId, 'ROLE_ADMIN');
    const guest = await signedIn(cloudId, 'ROLE_GUEST');
    const siteUser = await signedIn(cloudId, 'ROLE_USER');
    for (const session of [admin, guest, siteUser]) {
      expect((await call(session, 'GET', '/plans')).statusCode).toBe(403);
      expect((await call(session, 'POST', '/plans', planBody({ name: 'Nope' }))).statusCode).toBe(403);
    }
    expect((await call(otherOwner, 'GET', '/plans')).statusCode).toBe(404);
    expect((await call(null, 'GET', '/plans')).statusCode).toBe(401);
    const off = (await createCloud(t.database.db)).id;
    const offOwner = await signedIn(off, 'ROLE_OWNER');
    const answer = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${off}/authport/plans`,
      headers: as(offOwner),
    });
    expect(answer.statusCode).toBe(404);
  });
});
