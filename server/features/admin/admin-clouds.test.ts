// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCloud } from '../../../core/api/admin.ts';
import { clouds } from '../../db/schema/clouds.ts';
import { createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { adminCallers, caller, recordsOf } from './test-admin.ts';

let t: TestApp;
let administrator: Session;
let user: Session;
let member: Session;
let call: ReturnType<typeof caller>;
let harbour: { id: number };
let goneId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ({ administrator, user } = await adminCallers(t));
  call = caller(t);
  harbour = await createCloud(db, { name: 'Harbour Lights', planType: 'vpc' });
  const site = await createSite(db, harbour.id);
  for (let n = 0; n < 3; n++) await createDevice(db, harbour.id, site.id);
  await createDevice(db, harbour.id, site.id, { deletedAt: new Date() });
  const captain = await createUser(db, { email: 'captain@harbour.example' });
  const later = await createUser(db, { email: 'second-owner@harbour.example' });
  const guest = await createUser(db, { email: 'guest@harbour.example' });
  await addMember(db, captain.id, harbour.id, 'ROLE_OWNER');
  await addMember(db, later.id, harbour.id, 'ROLE_OWNER');
  await addMember(db, guest.id, harbour.id, 'ROLE_GUEST');
  member = await login(t.app, guest.email, TEST_PASSWORD);
  await createCloud(db, { name: 'Harbour Annex' });
  goneId = (await createCloud(db, { name: 'Harbour Gone', deletedAt: new Date() })).id;
  for (let n = 1; n <= 5; n++) await createCloud(db, { name: `Paged Cloud ${n}` });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await call(administrator, 'GET', `/apiv2/admin/clouds${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: AdminCloud[]; total: number };
};
const suspension = (session: Session | null, action: 'suspend' | 'unsuspend', cloudId: number | string) =>
  call(session, 'POST', `/apiv2/admin/clouds/${cloudId}/${action}`);
const stored = async () => (await t.database.db.select().from(clouds).where(eq(clouds.id, harbour.id)))[0];

describe('GET /apiv2/admin/clouds', () => {
  it('finds clouds by part of the name, with owner, plan, live devices and suspension', async () => {
    const { items, total } = await list('?search=harbour');
    expect(total).toBe(2);
    expect(items.map((item) => item.name)).toEqual(['Harbour Annex', 'Harbour Lights']);
    expect(items[1]).toEqual({
      id: harbour.id,
      name: 'Harbour Lights',
      owner_email: 'captain@harbour.example',
      plan_type: 'vpc',
      device_count: 3,
      suspended_at: null,
      suspend_type: null,
      created_at: expect.any(String),
    });
    expect(items[0]).toMatchObject({ owner_email: null, device_count: 0 });
  });

  it('finds a cloud by its id, however short', async () => {
    const { items } = await list(`?search=${harbour.id}`);
    expect(items.map((item) => item.id)).toContain(harbour.id);
    expect((await list(`?search=${goneId}`)).items.map((item) => item.id)).not.toContain(goneId);
  });

  it('pages the clouds by name, with the total', async () => {
    const first = await list('?search=paged cloud&limit=2');
    const last = await list('?search=paged cloud&limit=2&offset=4');
    expect(first.items.map((item) => item.name)).toEqual(['Paged Cloud 1', 'Paged Cloud 2']);
    expect(last.items.map((item) => item.name)).toEqual(['Paged Cloud 5']);
    expect([first.total, last.total]).toEqual([5, 5]);
  });

  it('answers a name search too short, or a bad page, with the validation list', async () => {
    for (const query of ['?search=ha', '?search=1a', '?limit=101', '?offset=-3']) {
      const response = await call(administrator, 'GET', `/apiv2/admin/clouds${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'query' });
    }
  });

  it('is for platform administrators only', async () => {
    expect((await call(user, 'GET', '/apiv2/admin/clouds')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/apiv2/admin/clouds')).statusCode).toBe(401);
  });
});

describe('POST /apiv2/admin/clouds/:cloudId/suspend and /unsuspend', () => {
  it('refuses anyone but a platform administrator, and nothing changes', async () => {
    expect((await suspension(user, 'suspend', harbour.id)).statusCode).toBe(403);
    expect((await suspension(member, 'suspend', harbour.id)).statusCode).toBe(403);
    // A signed-in call without the CSRF token.
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/apiv2/admin/clouds/${harbour.id}/suspend`,
      headers: { cookie: administrator.cookie },
    });
    expect(noToken.statusCode).toBe(403);
    expect((await suspension(null, 'suspend', harbour.id)).statusCode).toBe(403);
    expect(await stored()).toMatchObject({ suspendedAt: null, suspendType: null });
    expect(await recordsOf(t.database.db, 'cloud')).toEqual([]);
  });

  it('suspends the cloud: its members see it suspended, and its change log says who did it', async () => {
    const response = await suspension(administrator, 'suspend', harbour.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: harbour.id,
      suspend_type: 'ADMIN',
      suspended_at: expect.any(String),
    });
    expect(await stored()).toMatchObject({ suspendType: 'ADMIN', suspendedAt: expect.any(Date) });

    // What the console's suspended-cloud notices read.
    const cloud = await call(member, 'GET', `/apiv2/cloud/${harbour.id}`);
    expect(cloud.json()).toMatchObject({ suspend_type: 'ADMIN', suspended_at: expect.any(String) });
    const status = await call(member, 'GET', `/apiv2/cloud/${harbour.id}/license-status`);
    expect(status.json()).toMatchObject({ suspended: true });

    const owner = await login(t.app, 'captain@harbour.example', TEST_PASSWORD);
    const log = await call(owner, 'GET', `/apiv2/cloud/${harbour.id}/change-log?object_type=cloud`);
    expect(log.json().items[0]).toMatchObject({
      action: 'suspended',
      object_type: 'cloud',
      object_id: String(harbour.id),
      object_name: 'Harbour Lights',
      actor: { email: expect.stringMatching(/@admin\.example$/) },
      before: { suspendedAt: null, suspendType: null },
      after: { suspendType: 'ADMIN' },
    });
  });

  it('changes and records nothing when the cloud is already suspended', async () => {
    const before = await stored();
    const again = await suspension(administrator, 'suspend', harbour.id);
    expect(again.statusCode).toBe(200);
    expect((await stored())?.suspendedAt).toEqual(before?.suspendedAt);
    expect(await recordsOf(t.database.db, 'cloud')).toHaveLength(1);
  });

  it('lifts the suspension, recorded in the cloud’s change log', async () => {
    const response = await suspension(administrator, 'unsuspend', harbour.id);
    expect(response.json()).toMatchObject({ suspended_at: null, suspend_type: null });
    const status = await call(member, 'GET', `/apiv2/cloud/${harbour.id}/license-status`);
    expect(status.json()).toMatchObject({ suspended: false });
    const [latest] = await recordsOf(t.database.db, 'cloud');
    expect(latest).toMatchObject({
      cloudId: harbour.id,
      action: 'unsuspended',
      after: { suspendedAt: null },
    });
  });

  it('answers 404 for a cloud that does not exist or is deleted, and 400 for a malformed id', async () => {
    expect((await suspension(administrator, 'suspend', 2_000_000)).statusCode).toBe(404);
    expect((await suspension(administrator, 'suspend', goneId)).statusCode).toBe(404);
    for (const id of ['abc', '0', '99999999999']) {
      const response = await suspension(administrator, 'suspend', id);
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'params', path: '/cloudId' });
    }
  });
});
