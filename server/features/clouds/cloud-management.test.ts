// @vitest-environment node
// Managing clouds (docs/navigation.md#routes clouds and edit, docs/decisions.md): create, change properties, delete, leave.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION } from '../../../core/domain.ts';
import { TRIAL_DAYS } from '../../../core/plan.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
const session: Record<string, Session> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['owner', 'coOwner', 'admin', 'licenses', 'guest', 'stranger']) {
    const user = await createUser(t.database.db);
    userId[key] = user.id;
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE' | 'GET', who: string, url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: as(session[who] as Session) });

/** A cloud with the owner, an admin without bits, an admin with manage_licenses and a guest. */
async function memberCloud(fields: Partial<typeof clouds.$inferInsert> = {}) {
  const { db } = t.database;
  const cloud = await createCloud(db, { company: 'Acme', billingAddress: { city: 'Lisbon' }, ...fields });
  await addMember(db, userId.owner as number, cloud.id, 'ROLE_OWNER');
  await addMember(db, userId.admin as number, cloud.id, 'ROLE_ADMIN');
  await addMember(db, userId.licenses as number, cloud.id, 'ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses);
  await addMember(db, userId.guest as number, cloud.id, 'ROLE_GUEST');
  return cloud;
}

const recordsOf = (cloudId: number) =>
  t.database.db.select().from(auditRecords).where(eq(auditRecords.cloudId, cloudId));
const stored = async (cloudId: number) =>
  (await t.database.db.select().from(clouds).where(eq(clouds.id, cloudId)))[0];

describe('POST /apiv2/clouds', () => {
  it('creates a trial cloud whose creator is its Owner with every permission, and records it', async () => {
    const before = Date.now();
    const response = await call('POST', 'stranger', '/apiv2/clouds', {
      name: '  Riverside Wireless ',
      company: 'Riverside',
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Riverside Wireless',
      company: 'Riverside',
      plan_type: 'trial',
      role_id: 'ROLE_OWNER',
      suspended: false,
    });
    const cloud = await stored(created.id);
    const days = ((cloud?.planExpiresAt?.getTime() ?? 0) - before) / 86_400_000;
    expect(Math.round(days)).toBe(TRIAL_DAYS);
    const [membership] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.cloudId, created.id), eq(memberships.userId, userId.stranger as number)));
    expect(membership).toMatchObject({ roleId: 'ROLE_OWNER', permissions: ALL_CLOUD_PERMISSIONS });
    const list = (await call('GET', 'stranger', '/apiv2/clouds')).json();
    expect(list.clouds.map((entry: { id: number }) => entry.id)).toContain(created.id);
    expect(await recordsOf(created.id)).toMatchObject([
      {
        action: 'created',
        objectType: 'cloud',
        objectId: String(created.id),
        objectName: 'Riverside Wireless',
        actorUserId: userId.stranger,
        after: { name: 'Riverside Wireless', company: 'Riverside', plan_type: 'trial' },
      },
    ]);
  });

  it('answers a blank, missing or too long name with the 400 shape and creates nothing', async () => {
    const count = async () => (await t.database.db.select().from(clouds)).length;
    const was = await count();
    for (const payload of [{ name: '   ' }, {}, { name: 'x'.repeat(101) }]) {
      const response = await call('POST', 'stranger', '/apiv2/clouds', payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'body' });
    }
    expect(await count()).toBe(was);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/clouds',
      payload: { name: 'No one' },
    });
    expect([401, 403]).toContain(response.statusCode);
  });
});

describe('PATCH /apiv2/cloud/:cloudId', () => {
  it('changes name, company and billing country, ends the country reminder, and records what changed', async () => {
    const cloud = await memberCloud({ name: 'Old Name' });
    const cloudBefore = (await call('GET', 'owner', `/apiv2/cloud/${cloud.id}`)).json();
    expect(cloudBefore.billing).toEqual({ address: { country: null } });
    const response = await call('PATCH', 'licenses', `/apiv2/cloud/${cloud.id}`, {
      name: ' New Name ',
      company: 'Acme',
      country: 'PT',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'New Name',
      company: 'Acme',
      billing: { address: { country: 'PT' } },
    });
    // The rest of the billing address stays.
    expect((await stored(cloud.id))?.billingAddress).toEqual({ city: 'Lisbon', country: 'PT' });
    expect(await recordsOf(cloud.id)).toMatchObject([
      {
        action: 'changed',
        objectType: 'cloud',
        objectName: 'New Name',
        before: { name: 'Old Name', country: null },
        after: { name: 'New Name', country: 'PT' },
      },
    ]);
  });

  it('answers bad input with the 400 shape and changes nothing', async () => {
    const cloud = await memberCloud({ name: 'Steady' });
    for (const payload of [{ name: '' }, { country: 'pt' }, { country: 'XX' }, { company: 5 }]) {
      const response = await call('PATCH', 'owner', `/apiv2/cloud/${cloud.id}`, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const [issue] = response.json().errors;
      expect(issue).toMatchObject({ location: 'body' });
      expect(Object.keys(issue).sort()).toEqual(['errorCode', 'location', 'message', 'path']);
    }
    expect(await stored(cloud.id)).toMatchObject({
      name: 'Steady',
      company: 'Acme',
      billingAddress: { city: 'Lisbon' },
    });
    expect(await recordsOf(cloud.id)).toEqual([]);
  });

  it('refuses members without manage_licenses (403) and outsiders (404)', async () => {
    const cloud = await memberCloud({ name: 'Guarded' });
    expect((await call('PATCH', 'admin', `/apiv2/cloud/${cloud.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', 'guest', `/apiv2/cloud/${cloud.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await call('PATCH', 'stranger', `/apiv2/cloud/${cloud.id}`, { name: 'X' })).statusCode).toBe(404);
    expect((await stored(cloud.id))?.name).toBe('Guarded');
  });
});

describe('DELETE /apiv2/cloud/:cloudId', () => {
  it('deletes the cloud when its Owner types its name; every member loses it at once', async () => {
    const cloud = await memberCloud({ name: 'Doomed Cloud' });
    const response = await call('DELETE', 'owner', `/apiv2/cloud/${cloud.id}`, { name: 'Doomed Cloud' });
    expect(response.statusCode).toBe(200);
    expect((await stored(cloud.id))?.deletedAt).toBeInstanceOf(Date);
    for (const who of ['owner', 'guest']) {
      expect((await call('GET', who, `/apiv2/cloud/${cloud.id}`)).statusCode).toBe(404);
      const list = (await call('GET', who, '/apiv2/clouds')).json();
      expect(list.clouds.map((entry: { id: number }) => entry.id)).not.toContain(cloud.id);
    }
    expect(await recordsOf(cloud.id)).toMatchObject([
      {
        action: 'deleted',
        objectType: 'cloud',
        objectName: 'Doomed Cloud',
        before: { name: 'Doomed Cloud' },
      },
    ]);
  });

  it('keeps the cloud when the name typed differs (409) or is missing (400)', async () => {
    const cloud = await memberCloud({ name: 'Kept Cloud' });
    const wrong = await call('DELETE', 'owner', `/apiv2/cloud/${cloud.id}`, { name: 'kept cloud' });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().message).toMatch(/not the cloud's name/);
    expect((await call('DELETE', 'owner', `/apiv2/cloud/${cloud.id}`, {})).statusCode).toBe(400);
    expect((await stored(cloud.id))?.deletedAt).toBeNull();
    expect(await recordsOf(cloud.id)).toEqual([]);
  });

  it('refuses anyone but an Owner (403) and outsiders (404)', async () => {
    const cloud = await memberCloud({ name: 'Owned' });
    for (const who of ['admin', 'licenses', 'guest'])
      expect((await call('DELETE', who, `/apiv2/cloud/${cloud.id}`, { name: 'Owned' })).statusCode).toBe(403);
    expect((await call('DELETE', 'stranger', `/apiv2/cloud/${cloud.id}`, { name: 'Owned' })).statusCode).toBe(
      404,
    );
    expect((await stored(cloud.id))?.deletedAt).toBeNull();
  });
});

describe('POST /apiv2/cloud/:cloudId/leave', () => {
  it('ends the membership, records it and names the cloud to go to next', async () => {
    const cloud = await memberCloud();
    const response = await call('POST', 'guest', `/apiv2/cloud/${cloud.id}/leave`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('default_cloud_id');
    expect((await call('GET', 'guest', `/apiv2/cloud/${cloud.id}`)).statusCode).toBe(404);
    expect(await recordsOf(cloud.id)).toMatchObject([
      {
        action: 'deleted',
        objectType: 'membership',
        objectId: String(userId.guest),
        before: { role_id: 'ROLE_GUEST' },
      },
    ]);
  });

  it('refuses the only Owner with the reason, and lets one of two Owners leave', async () => {
    const cloud = await memberCloud();
    const refused = await call('POST', 'owner', `/apiv2/cloud/${cloud.id}/leave`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/only Owner/);
    expect((await call('GET', 'owner', `/apiv2/cloud/${cloud.id}`)).statusCode).toBe(200);
    await addMember(t.database.db, userId.coOwner as number, cloud.id, 'ROLE_OWNER');
    expect((await call('POST', 'owner', `/apiv2/cloud/${cloud.id}/leave`)).statusCode).toBe(200);
  });

  it('answers 404 to a caller outside the cloud', async () => {
    const cloud = await memberCloud();
    expect((await call('POST', 'stranger', `/apiv2/cloud/${cloud.id}/leave`)).statusCode).toBe(404);
  });
});
