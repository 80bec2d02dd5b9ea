// @vitest-environment node
// The membership check of every /apiv2/cloud/:cloudId call (cloud-scope.ts).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/accounts.ts';
import { clouds } from '../db/schema/clouds.ts';
import { as, createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signedIn(email: string) {
  return login(t.app, email, TEST_PASSWORD);
}

describe('cloud scope', () => {
  it('answers 404 to a member once the cloud is deleted, and keeps answering the same session elsewhere', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const doomed = await createCloud(db);
    const kept = await createCloud(db);
    await addMember(db, user.id, doomed.id, 'ROLE_OWNER');
    await addMember(db, user.id, kept.id, 'ROLE_OWNER');
    const session = await signedIn(user.email);
    const counts = (cloudId: number) =>
      t.app.inject({ url: `/apiv2/cloud/${cloudId}/recent-tasks-count`, headers: as(session) });
    expect((await counts(doomed.id)).statusCode).toBe(200);
    await db.update(clouds).set({ deletedAt: new Date() }).where(eq(clouds.id, doomed.id));
    expect((await counts(doomed.id)).statusCode).toBe(404);
    expect((await counts(kept.id)).statusCode).toBe(200);
  });

  it('shows a Site User only their own sites, and a Site User without sites none', async () => {
    const { db } = t.database;
    const cloud = await createCloud(db);
    const north = await createSite(db, cloud.id, { name: 'North' });
    await createSite(db, cloud.id, { name: 'South' });
    const assigned = await createUser(db);
    const unassigned = await createUser(db);
    await addMember(db, assigned.id, cloud.id, 'ROLE_USER');
    await addMember(db, unassigned.id, cloud.id, 'ROLE_USER');
    await assignSite(db, assigned.id, cloud.id, north.id, ['read_site']);
    const sitesSeen = async (email: string) => {
      const response = await t.app.inject({
        url: `/apiv2/cloud/${cloud.id}/sites-select?limit=100`,
        headers: as(await signedIn(email)),
      });
      expect(response.statusCode).toBe(200);
      return response.json().sites.map((site: { id: number }) => site.id);
    };
    expect(await sitesSeen(assigned.email)).toEqual([north.id]);
    expect(await sitesSeen(unassigned.email)).toEqual([]);
  });

  it('answers 404, not a failure, for a cloud id outside 32 bits, and no-store on every API answer', async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const cloud = await createCloud(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await signedIn(user.email);
    for (const id of ['2147483648', '99999999999999999999', '1e3']) {
      const response = await t.app.inject({
        url: `/apiv2/cloud/${id}/recent-tasks-count`,
        headers: as(session),
      });
      expect(response.statusCode, id).toBe(404);
    }
    const answer = await t.app.inject({ url: `/apiv2/cloud/${cloud.id}/users`, headers: as(session) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it("ends a deleted user's sessions on every route", async () => {
    const { db } = t.database;
    const user = await createUser(db);
    const cloud = await createCloud(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await signedIn(user.email);
    const members = () => t.app.inject({ url: `/apiv2/cloud/${cloud.id}/users`, headers: as(session) });
    expect((await members()).statusCode).toBe(200);
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    expect((await members()).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/apiv2/auth/me', headers: as(session) })).statusCode).toBe(401);
  });
});
