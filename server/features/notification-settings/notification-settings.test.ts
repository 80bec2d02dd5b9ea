// @vitest-environment node
// The Notifications pages' API: who each alert type notifies by Web Push and by email, for the cloud
// (manage_sites) and per site (edit_site), replaced in one call, refused whole on bad input, and kept in the
// change log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let f: Awaited<ReturnType<typeof setup>>;

async function setup() {
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Harbour Wireless' });
  const north = await createSite(db, cloud.id, { name: 'North Tower' });
  const south = await createSite(db, cloud.id, { name: 'South Yard' });
  const person = async (
    firstname: string,
    roleId: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER',
    permissions = 0,
  ) => {
    const user = await createUser(db, { firstname, lastname: 'Tester' });
    await addMember(db, user.id, cloud.id, roleId, permissions);
    return user;
  };
  const owner = await person('Olga', 'ROLE_OWNER');
  const admin = await person('Abel', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses);
  const guest = await person('Gina', 'ROLE_GUEST');
  const northUser = await person('Nils', 'ROLE_USER');
  await assignSite(db, northUser.id, cloud.id, north.id, ['read_site', 'edit_site']);
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  const session = (user: { email: string }) => login(t.app, user.email, TEST_PASSWORD);
  return {
    cloud,
    north,
    south,
    owner,
    admin,
    guest,
    northUser,
    outsider,
    sessions: {
      owner: await session(owner),
      admin: await session(admin),
      guest: await session(guest),
      northUser: await session(northUser),
    },
  };
}

beforeAll(async () => {
  t = await createTestApp();
  f = await setup();
});
afterAll(() => t.close());

const cloudPath = () => `/apiv2/cloud/${f.cloud.id}/notification-settings`;
const sitePath = (siteId: number) => `/apiv2/cloud/${f.cloud.id}/site/${siteId}/notification-settings`;
const call = (method: 'GET' | 'PUT', url: string, payload?: object, who: Session = f.sessions.owner) =>
  t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
const everyone = { everyone: true, user_ids: [] };
const nobody = { everyone: false, user_ids: [] };
const only = (...userIds: number[]) => ({ everyone: false, user_ids: userIds });
const typeOf = (body: { types: { alert_type: string }[] }, alertType: string) =>
  body.types.find((type) => type.alert_type === alertType);
const records = () =>
  queryRows<{ action: string; object_id: string; object_name: string; before: unknown; after: unknown }>(
    t.database.db,
    sql`SELECT action, object_id, object_name, before, after FROM audit_records
        WHERE object_type = 'notification_setting' ORDER BY id`,
  );

describe('GET /apiv2/cloud/:cloudId/notification-settings', () => {
  it('lists the 17 alert types pushing to everyone and mailing nobody, and every member to choose', async () => {
    const response = await call('GET', cloudPath());
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.types).toHaveLength(17);
    expect(body.types[0]).toEqual({ alert_type: 'DEV_CONFIG_FAILED', push: everyone, email: nobody });
    expect(body.members.map((m: { name: string }) => m.name)).toEqual([
      'Abel Tester',
      'Gina Tester',
      'Nils Tester',
      'Olga Tester',
    ]);
    expect(body.members[0]).toEqual({ id: f.admin.id, name: 'Abel Tester', email: f.admin.email });
  });

  it('needs manage_sites', async () => {
    expect((await call('GET', cloudPath(), undefined, f.sessions.admin)).statusCode).toBe(403);
    expect((await call('GET', cloudPath(), undefined, f.sessions.guest)).statusCode).toBe(403);
  });
});

describe('PUT /apiv2/cloud/:cloudId/notification-settings', () => {
  it('replaces the settings, keeps them, and records each change with the values before and after', async () => {
    const before = (await records()).length;
    const response = await call('PUT', cloudPath(), {
      types: [
        { alert_type: 'DEV_UNREACHABLE', push: everyone, email: only(f.guest.id, f.admin.id) },
        { alert_type: 'DEV_REBOOT', push: nobody, email: nobody },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = (await call('GET', cloudPath())).json();
    expect(typeOf(saved, 'DEV_UNREACHABLE')).toEqual({
      alert_type: 'DEV_UNREACHABLE',
      push: everyone,
      // In the order of the accounts (Abel's was made before Gina's), each once.
      email: only(f.admin.id, f.guest.id),
    });
    expect(typeOf(saved, 'DEV_REBOOT')).toMatchObject({ push: nobody, email: nobody });
    expect(response.json()).toEqual(saved);
    const changes = (await records()).slice(before);
    expect(changes).toEqual([
      {
        action: 'changed',
        object_id: 'DEV_UNREACHABLE',
        object_name: 'Device unreachable',
        before: { email: 'nobody' },
        after: { email: [f.admin.email, f.guest.email] },
      },
      {
        action: 'changed',
        object_id: 'DEV_REBOOT',
        object_name: 'Device rebooted',
        before: { push: 'everyone' },
        after: { push: 'nobody' },
      },
    ]);

    // A type left out goes back to the default; saving the same again records nothing.
    await call('PUT', cloudPath(), {
      types: [{ alert_type: 'DEV_UNREACHABLE', push: everyone, email: only(f.guest.id, f.admin.id) }],
    });
    expect(typeOf((await call('GET', cloudPath())).json(), 'DEV_REBOOT')).toMatchObject({
      push: everyone,
      email: nobody,
    });
    const again = (await records()).length;
    await call('PUT', cloudPath(), {
      types: [{ alert_type: 'DEV_UNREACHABLE', push: everyone, email: only(f.admin.id, f.guest.id) }],
    });
    expect((await records()).length).toBe(again);
  });

  it.each([
    [
      'an unknown alert type',
      { types: [{ alert_type: 'DEV_EXPLODED', push: everyone, email: nobody }] },
      '/types/0/alert_type',
    ],
    [
      'a type given twice',
      {
        types: [
          { alert_type: 'DEV_REBOOT', push: everyone, email: nobody },
          { alert_type: 'DEV_REBOOT', push: nobody, email: nobody },
        ],
      },
      '/types/1/alert_type',
    ],
    [
      'a user who is not a member',
      { types: [{ alert_type: 'DEV_REBOOT', push: everyone, email: only(999_999) }] },
      '/types/0/email/user_ids/0',
    ],
    [
      'a member of another cloud',
      { types: [{ alert_type: 'DEV_REBOOT', push: only(-1), email: nobody }] },
      '/types/0/push/user_ids/0',
    ],
    [
      'a member listed twice',
      { types: [{ alert_type: 'DEV_REBOOT', push: everyone, email: only(1, 1) }] },
      '/types/0/email/user_ids',
    ],
    [
      'a channel without its members',
      { types: [{ alert_type: 'DEV_REBOOT', push: { everyone: false }, email: nobody }] },
      '/types/0/push/user_ids',
    ],
    [
      'a text where a flag goes',
      { types: [{ alert_type: 'DEV_REBOOT', push: { everyone: 'yes', user_ids: [] }, email: nobody }] },
      '/types/0/push/everyone',
    ],
    ['no list of types', { DEV_REBOOT: 'nobody' }, '/types'],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_name, body, path) => {
    const payload = JSON.parse(JSON.stringify(body).replace('-1', String(f.outsider.id)));
    const before = (await call('GET', cloudPath())).json();
    const response = await call('PUT', cloudPath(), payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await call('GET', cloudPath())).json()).toEqual(before);
  });

  it('refuses a caller without manage_sites before reading the body', async () => {
    const response = await call('PUT', cloudPath(), { nonsense: true }, f.sessions.admin);
    expect(response.statusCode).toBe(403);
  });
});

describe('/apiv2/cloud/:cloudId/site/:siteId/notification-settings', () => {
  it('follows the cloud for every type until the site sets its own, showing what the cloud does', async () => {
    await call('PUT', cloudPath(), {
      types: [{ alert_type: 'DEV_UNREACHABLE', push: everyone, email: only(f.guest.id) }],
    });
    const body = (await call('GET', sitePath(f.north.id))).json();
    expect(body.site_name).toBe('North Tower');
    expect(body.types).toHaveLength(17);
    expect(typeOf(body, 'DEV_UNREACHABLE')).toEqual({
      alert_type: 'DEV_UNREACHABLE',
      follows_cloud: true,
      push: everyone,
      email: only(f.guest.id),
      cloud: { push: everyone, email: only(f.guest.id) },
    });
  });

  it('offers only the members who may see the site', async () => {
    const north = (await call('GET', sitePath(f.north.id))).json();
    expect(north.members.map((m: { id: number }) => m.id)).toContain(f.northUser.id);
    const south = (await call('GET', sitePath(f.south.id))).json();
    expect(south.members.map((m: { id: number }) => m.id).sort()).toEqual(
      [f.owner.id, f.admin.id, f.guest.id].sort(),
    );
    const refused = await call('PUT', sitePath(f.south.id), {
      types: [
        { alert_type: 'DEV_REBOOT', follows_cloud: false, push: everyone, email: only(f.northUser.id) },
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      expect.objectContaining({ path: '/types/0/email/user_ids/0', errorCode: 'cannot_see_site' }),
    ]);
  });

  it('overrides the cloud for the site, goes back to following it, and records both', async () => {
    const before = (await records()).length;
    const set = await call('PUT', sitePath(f.north.id), {
      types: [
        { alert_type: 'DEV_UNREACHABLE', follows_cloud: false, push: nobody, email: only(f.northUser.id) },
        { alert_type: 'DEV_REBOOT', follows_cloud: true },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(typeOf(set.json(), 'DEV_UNREACHABLE')).toEqual({
      alert_type: 'DEV_UNREACHABLE',
      follows_cloud: false,
      push: nobody,
      email: only(f.northUser.id),
      cloud: { push: everyone, email: only(f.guest.id) },
    });
    expect(typeOf(set.json(), 'DEV_REBOOT')).toMatchObject({ follows_cloud: true });
    // The other site still follows the cloud.
    expect(typeOf((await call('GET', sitePath(f.south.id))).json(), 'DEV_UNREACHABLE')).toMatchObject({
      follows_cloud: true,
    });

    const back = await call('PUT', sitePath(f.north.id), {
      types: [{ alert_type: 'DEV_UNREACHABLE', follows_cloud: true }],
    });
    expect(typeOf(back.json(), 'DEV_UNREACHABLE')).toMatchObject({
      follows_cloud: true,
      email: only(f.guest.id),
    });
    expect((await records()).slice(before)).toEqual([
      {
        action: 'changed',
        object_id: `${f.north.id}/DEV_UNREACHABLE`,
        object_name: 'Device unreachable · North Tower',
        before: { follows_cloud: true, push: 'everyone', email: [f.guest.email] },
        after: { follows_cloud: false, push: 'nobody', email: [f.northUser.email] },
      },
      {
        action: 'follows_cloud',
        object_id: `${f.north.id}/DEV_UNREACHABLE`,
        object_name: 'Device unreachable · North Tower',
        before: { follows_cloud: false, push: 'nobody', email: [f.northUser.email] },
        after: { follows_cloud: true, push: 'everyone', email: [f.guest.email] },
      },
    ]);
  });

  it.each([
    [
      'a type of its own without its channels',
      { types: [{ alert_type: 'DEV_REBOOT', follows_cloud: false, push: everyone }] },
      '/types/0/email',
    ],
    [
      'a type given twice',
      {
        types: [
          { alert_type: 'DEV_REBOOT', follows_cloud: true },
          { alert_type: 'DEV_REBOOT', follows_cloud: true },
        ],
      },
      '/types/1/alert_type',
    ],
    [
      'an unknown alert type',
      { types: [{ alert_type: 'NOPE', follows_cloud: true }] },
      '/types/0/alert_type',
    ],
    [
      'no followsCloud',
      { types: [{ alert_type: 'DEV_REBOOT', push: everyone, email: nobody }] },
      '/types/0/follows_cloud',
    ],
  ])('refuses %s with a 400 naming the field, and changes nothing', async (_name, body, path) => {
    const before = (await call('GET', sitePath(f.north.id))).json();
    const response = await call('PUT', sitePath(f.north.id), body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await call('GET', sitePath(f.north.id))).json()).toEqual(before);
  });

  it('needs edit_site on the site, and hides a site the caller does not see', async () => {
    // The Site User may edit their own site, not see the other; a Guest sees every site but edits none.
    expect((await call('GET', sitePath(f.north.id), undefined, f.sessions.northUser)).statusCode).toBe(200);
    expect((await call('GET', sitePath(f.south.id), undefined, f.sessions.northUser)).statusCode).toBe(404);
    expect((await call('GET', sitePath(f.north.id), undefined, f.sessions.guest)).statusCode).toBe(403);
    const put = await call('PUT', sitePath(f.north.id), { types: [] }, f.sessions.guest);
    expect(put.statusCode).toBe(403);
    // An administrator without manage_sites still has edit_site on every site.
    expect((await call('GET', sitePath(f.south.id), undefined, f.sessions.admin)).statusCode).toBe(200);
    expect((await call('GET', sitePath(999_999))).statusCode).toBe(404);
  });
});
