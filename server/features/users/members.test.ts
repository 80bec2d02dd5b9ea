// @vitest-environment node
// Changing a member's role, bits and sites, removing a member, and transferring ownership, with who may.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let siteId: number;
const ids: Record<string, number> = {};
const sessions: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  for (const [name, role] of [
    ['owner', 'ROLE_OWNER'],
    ['admin', 'ROLE_ADMIN'],
    ['guest', 'ROLE_GUEST'],
    ['other', 'ROLE_GUEST'],
  ] as const) {
    const user = await createUser(db);
    ids[name] = user.id;
    // The administrator holds manage_sites and manage_licenses, as admin@ of the demo does.
    await addMember(db, user.id, cloudId, role, role === 'ROLE_OWNER' ? 15 : role === 'ROLE_ADMIN' ? 9 : 0);
    sessions[name] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'PATCH' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloudId}${path}`,
    headers: as(sessions[who] as Session),
    ...(payload ? { payload } : {}),
  });
const memberOf = async (name: string) =>
  (await call('owner', 'GET', '/users')).json().items.find((m: { id: number }) => m.id === ids[name]);

describe('PATCH /apiv2/cloud/:cloudId/users/:userId', () => {
  it('makes a Guest a Site User of one site, then an Administrator with bits', async () => {
    const toSiteUser = await call('admin', 'PATCH', `/users/${ids.other}`, {
      role_id: 'ROLE_USER',
      permissions: 0,
      sites: [{ site_id: siteId, permissions: ['read_site', 'read_device', 'rename_device'] }],
    });
    expect(toSiteUser.statusCode, toSiteUser.body).toBe(204);
    expect(await memberOf('other')).toMatchObject({
      role_id: 'ROLE_USER',
      sites: [
        expect.objectContaining({
          site_id: siteId,
          permissions: ['read_site', 'read_device', 'rename_device'],
        }),
      ],
    });
    const toAdmin = await call('admin', 'PATCH', `/users/${ids.other}`, {
      role_id: 'ROLE_ADMIN',
      permissions: 9,
    });
    expect(toAdmin.statusCode, toAdmin.body).toBe(204);
    expect(await memberOf('other')).toMatchObject({ role_id: 'ROLE_ADMIN', permissions: 9, sites: [] });
  });

  it('never changes the owner, nor the caller’s own role, and refuses sites of another cloud', async () => {
    expect(
      (await call('admin', 'PATCH', `/users/${ids.owner}`, { role_id: 'ROLE_GUEST', permissions: 0 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('admin', 'PATCH', `/users/${ids.admin}`, { role_id: 'ROLE_GUEST', permissions: 0 }))
        .statusCode,
    ).toBe(403);
    const foreign = await createSite(t.database.db, (await createCloud(t.database.db)).id);
    const response = await call('admin', 'PATCH', `/users/${ids.guest}`, {
      role_id: 'ROLE_USER',
      permissions: 0,
      sites: [{ site_id: foreign.id, permissions: [] }],
    });
    expect(response.statusCode).toBe(400);
    expect((await memberOf('guest')).role_id).toBe('ROLE_GUEST');
    expect(
      (await call('admin', 'PATCH', '/users/999999', { role_id: 'ROLE_GUEST', permissions: 0 })).statusCode,
    ).toBe(404);
  });

  it('is refused to a Guest', async () => {
    expect(
      (await call('guest', 'PATCH', `/users/${ids.other}`, { role_id: 'ROLE_GUEST', permissions: 0 }))
        .statusCode,
    ).toBe(403);
  });
});

describe('ownership and removal', () => {
  it('lets only the owner transfer ownership; the former owner becomes an Administrator', async () => {
    expect((await call('admin', 'POST', `/users/${ids.admin}/transfer-ownership`)).statusCode).toBe(403);
    expect((await call('owner', 'POST', `/users/${ids.admin}/transfer-ownership`)).statusCode).toBe(204);
    expect(await memberOf('admin')).toMatchObject({ role_id: 'ROLE_OWNER', permissions: 15 });
    expect(await memberOf('owner')).toMatchObject({ role_id: 'ROLE_ADMIN', permissions: 15 });
  });

  it('removes a member, but never the owner', async () => {
    expect((await call('owner', 'DELETE', `/users/${ids.admin}`)).statusCode).toBe(403);
    expect((await call('owner', 'DELETE', `/users/${ids.guest}`)).statusCode).toBe(204);
    expect(await memberOf('guest')).toBeUndefined();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/apiv2/cloud/${cloudId}`,
          headers: as(sessions.guest as Session),
        })
      ).statusCode,
    ).toBe(404);
  });
});
