// @vitest-environment node
// API tokens (docs/api-tokens.md): making, listing, rotating and revoking them, and what a bearer request
// may reach: the same access rules as a session, read-only tokens, the Admin Panel, the change log.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../db/schema/api-tokens.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let otherCloudId: number;
const siteIds: Record<'assigned' | 'other', number> = { assigned: 0, other: 0 };
const deviceIds: Record<'assigned' | 'other', number> = { assigned: 0, other: 0 };
const sessions: Record<string, Session> = {};
const emails: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  otherCloudId = (await createCloud(db)).id;
  for (const site of ['assigned', 'other'] as const) {
    siteIds[site] = (await createSite(db, cloudId)).id;
    deviceIds[site] = (await createDevice(db, cloudId, siteIds[site])).id;
  }
  for (const [name, role, bits, isAdministrator] of [
    ['owner', 'ROLE_OWNER', 0, false],
    // An administrator holding manage_licenses only.
    ['admin', 'ROLE_ADMIN', 1, false],
    ['guest', 'ROLE_GUEST', 0, false],
    ['platformAdmin', null, 0, true],
  ] as const) {
    const user = await createUser(db, { isAdministrator });
    emails[name] = user.email;
    if (role) await addMember(db, user.id, cloudId, role, bits);
    sessions[name] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const otherOwner = await createUser(db);
  await addMember(db, otherOwner.id, otherCloudId, 'ROLE_OWNER');
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const send = (who: string, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: as(sessions[who] as Session),
    ...(payload ? { payload } : {}),
  });
const bearer = (token: string, method: Method, url: string, payload?: object, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(payload ? { payload } : {}),
  });
const personal = { name: 'Script', read_only: false, expires_at: null };
const cloudUrl = (path = '', id = cloudId) => `/apiv2/cloud/${id}${path}`;

async function makePersonal(who: string, body: object = personal) {
  const response = await send(who, 'POST', '/apiv2/user/api-tokens', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { api_token: { id: number; name: string }; token: string };
}
async function makeCloud(body: object, who = 'owner') {
  const response = await send(who, 'POST', cloudUrl('/api-tokens'), {
    name: 'Service',
    read_only: false,
    expires_at: null,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { api_token: { id: number }; token: string };
}

describe('personal tokens', () => {
  it('makes a token, shows its secret once and lists it without it', async () => {
    const created = await makePersonal('guest', { ...personal, name: '  Backup script ' });
    expect(created.token).toMatch(new RegExp(`^cnsl_${created.api_token.id}_[A-Za-z0-9_-]{43}$`));
    expect(created.api_token).toMatchObject({ kind: 'personal', name: 'Backup script', read_only: false });
    const list = await send('guest', 'GET', '/apiv2/user/api-tokens');
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((i: { id: number }) => i.id === created.api_token.id);
    expect(item).toMatchObject({ name: 'Backup script', last_used_at: null, created_by: emails.guest });
    expect(list.body).not.toContain(created.token);
    // Another person's list does not show it.
    const others = await send('owner', 'GET', '/apiv2/user/api-tokens');
    expect(others.json().items.map((i: { id: number }) => i.id)).not.toContain(created.api_token.id);
  });

  it('refuses bad input with a 400 and makes nothing', async () => {
    const before = (await send('guest', 'GET', '/apiv2/user/api-tokens')).json().total;
    for (const body of [
      { ...personal, expires_at: new Date(Date.now() - 1000).toISOString() },
      { ...personal, name: '   ' },
      { ...personal, role_id: 'ROLE_ADMIN' },
      { name: 'No access given' },
    ]) {
      const response = await send('guest', 'POST', '/apiv2/user/api-tokens', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await send('guest', 'GET', '/apiv2/user/api-tokens')).json().total).toBe(before);
  });

  it('acts as its owner, with no cookie and no CSRF token, and notes its last use', async () => {
    const { token, api_token } = await makePersonal('owner');
    const users = await bearer(token, 'GET', cloudUrl('/users'));
    expect(users.statusCode, users.body).toBe(200);
    const me = await bearer(token, 'GET', '/apiv2/auth/me');
    expect(me.json().user.email).toBe(emails.owner);
    const write = await bearer(token, 'POST', cloudUrl('/mark-alerts-as-viewed'));
    expect(write.statusCode, write.body).toBe(200);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id));
    expect(row?.lastUsedAt).not.toBeNull();
    expect(row?.lastUsedIp).toBe('127.0.0.1');
  });

  it('ignores a session cookie on a bearer request', async () => {
    const session = sessions.owner as Session;
    const response = await bearer('cnsl_1_not-a-token', 'GET', cloudUrl('/users'), undefined, {
      cookie: session.cookie,
      'x-csrf-token': session.csrfToken,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/API token is not valid/);
    const malformed = await t.app.inject({
      method: 'GET',
      url: cloudUrl('/users'),
      headers: { authorization: 'Basic abc', cookie: session.cookie },
    });
    expect(malformed.statusCode).toBe(401);
  });

  it('reaches no cloud its owner is not a member of', async () => {
    const { token } = await makePersonal('guest');
    expect((await bearer(token, 'GET', cloudUrl('/users', otherCloudId))).statusCode).toBe(404);
    // And no more than the owner's role: a Guest manages no users.
    expect((await bearer(token, 'GET', cloudUrl('/users'))).statusCode).toBe(403);
  });

  it('read-only: reads, and every write is refused', async () => {
    const { token } = await makePersonal('owner', { ...personal, read_only: true });
    expect((await bearer(token, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    const write = await bearer(token, 'PATCH', cloudUrl(''), { company: 'Read only' });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('This API token is read-only.');
  });

  it('revoked or expired: 401', async () => {
    const revoked = await makePersonal('owner');
    const del = await send('owner', 'DELETE', `/apiv2/user/api-tokens/${revoked.api_token.id}`);
    expect(del.statusCode).toBe(204);
    expect((await bearer(revoked.token, 'GET', cloudUrl('/users'))).statusCode).toBe(401);
    // Revoking again, or another person's token: 404.
    expect((await send('owner', 'DELETE', `/apiv2/user/api-tokens/${revoked.api_token.id}`)).statusCode).toBe(
      404,
    );
    const theirs = await makePersonal('guest');
    expect((await send('owner', 'DELETE', `/apiv2/user/api-tokens/${theirs.api_token.id}`)).statusCode).toBe(
      404,
    );

    const expiring = await makePersonal('owner', {
      ...personal,
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect((await bearer(expiring.token, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.api_token.id));
    expect((await bearer(expiring.token, 'GET', cloudUrl('/users'))).statusCode).toBe(401);
  });

  it('rotates: the old secret works within its grace and not after', async () => {
    const { token: old, api_token } = await makePersonal('owner');
    const rotated = await send('owner', 'POST', `/apiv2/user/api-tokens/${api_token.id}/rotate`, {
      grace_hours: 2,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { token: fresh } = rotated.json();
    expect(fresh).not.toBe(old);
    expect(rotated.json().api_token.previous_valid_until).not.toBeNull();
    expect((await bearer(old, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    expect((await bearer(fresh, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    await t.database.db
      .update(apiTokens)
      .set({ previousValidUntil: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, api_token.id));
    expect((await bearer(old, 'GET', cloudUrl('/users'))).statusCode).toBe(401);
    expect((await bearer(fresh, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    // No grace: the old secret stops at once.
    const again = await send('owner', 'POST', `/apiv2/user/api-tokens/${api_token.id}/rotate`, {
      grace_hours: 0,
    });
    expect((await bearer(fresh, 'GET', cloudUrl('/users'))).statusCode).toBe(401);
    expect((await bearer(again.json().token, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    const tooLong = await send('owner', 'POST', `/apiv2/user/api-tokens/${api_token.id}/rotate`, {
      grace_hours: 169,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('cannot make, rotate or revoke tokens, nor change the account’s security', async () => {
    const { token, api_token } = await makePersonal('owner');
    for (const [method, url, body] of [
      ['GET', '/apiv2/user/api-tokens', undefined],
      ['POST', '/apiv2/user/api-tokens', personal],
      ['DELETE', `/apiv2/user/api-tokens/${api_token.id}`, undefined],
      ['POST', `/apiv2/user/api-tokens/${api_token.id}/rotate`, { grace_hours: 0 }],
      ['POST', cloudUrl('/api-tokens'), { ...personal, role_id: 'ROLE_GUEST', permissions: 0 }],
      ['POST', '/apiv2/user/password', { current_password: TEST_PASSWORD, new_password: 'another long one' }],
      ['POST', '/apiv2/auth/logout', undefined],
    ] as const) {
      const response = await bearer(token, method, url, body);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toMatch(/signed-in session/);
    }
  });
});

describe('cloud tokens', () => {
  it('an owner makes a Site User token limited to one site', async () => {
    const { token, api_token } = await makeCloud({
      role_id: 'ROLE_USER',
      permissions: 0,
      site_ids: [siteIds.assigned],
    });
    const list = await send('owner', 'GET', cloudUrl('/api-tokens'));
    expect(list.json().items.find((i: { id: number }) => i.id === api_token.id)).toMatchObject({
      kind: 'cloud',
      role_id: 'ROLE_USER',
      sites: [{ site_id: siteIds.assigned, permissions: expect.arrayContaining(['read_site']) }],
    });
    expect((await bearer(token, 'GET', cloudUrl(`/devices/${deviceIds.assigned}`))).statusCode).toBe(200);
    expect((await bearer(token, 'GET', cloudUrl(`/devices/${deviceIds.other}`))).statusCode).toBe(404);
  });

  it('cannot see another cloud, nor the calls that are a person’s own', async () => {
    const { token } = await makeCloud({ role_id: 'ROLE_ADMIN', permissions: 15 });
    expect((await bearer(token, 'GET', cloudUrl('/users'))).statusCode).toBe(200);
    const other = await bearer(token, 'GET', cloudUrl('/users', otherCloudId));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not found.' });
    for (const [method, url] of [
      ['GET', '/apiv2/auth/me'],
      ['GET', '/apiv2/clouds'],
      ['POST', cloudUrl('/mark-alerts-as-viewed')],
    ] as const) {
      const response = await bearer(token, method, url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message).toMatch(/acts for a person/);
    }
  });

  it('refuses a token above its maker’s rights, and bad input', async () => {
    const before = (await send('admin', 'GET', cloudUrl('/api-tokens'))).json().total;
    const base = { name: 'Too much', read_only: false, expires_at: null };
    for (const [body, status] of [
      // The administrator holds manage_licenses (1) only.
      [{ ...base, role_id: 'ROLE_ADMIN', permissions: 2 }, 403],
      [{ ...base, role_id: 'ROLE_USER', permissions: 0 }, 400],
      [{ ...base, role_id: 'ROLE_GUEST', permissions: 0, site_ids: [siteIds.assigned] }, 400],
      [{ ...base, role_id: 'ROLE_OWNER', permissions: 0 }, 400],
      [{ ...base, role_id: 'ROLE_USER', permissions: 0, site_ids: [2_000_000] }, 400],
      [{ ...base, role_id: 'ROLE_GUEST', permissions: 0, extra: 1 }, 400],
    ] as const) {
      const response = await send('admin', 'POST', cloudUrl('/api-tokens'), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect((await send('admin', 'GET', cloudUrl('/api-tokens'))).json().total).toBe(before);
    await makeCloud({ role_id: 'ROLE_ADMIN', permissions: 1 }, 'admin');
    // A Guest manages no users: no cloud tokens either.
    expect((await send('guest', 'GET', cloudUrl('/api-tokens'))).statusCode).toBe(403);
  });

  it('rotates and revokes within its own cloud only', async () => {
    const { api_token, token } = await makeCloud({ role_id: 'ROLE_GUEST', permissions: 0 });
    const elsewhere = `/apiv2/cloud/${otherCloudId}/api-tokens/${api_token.id}`;
    expect((await send('owner', 'DELETE', elsewhere)).statusCode).toBe(404);
    const rotated = await send('owner', 'POST', cloudUrl(`/api-tokens/${api_token.id}/rotate`), {
      grace_hours: 1,
    });
    expect(rotated.statusCode).toBe(200);
    expect((await bearer(token, 'GET', cloudUrl('/dashboard'))).statusCode).toBe(200);
    expect((await send('owner', 'DELETE', cloudUrl(`/api-tokens/${api_token.id}`))).statusCode).toBe(204);
    expect((await bearer(token, 'GET', cloudUrl('/dashboard'))).statusCode).toBe(401);
    expect((await bearer(rotated.json().token, 'GET', cloudUrl('/dashboard'))).statusCode).toBe(401);
  });
});

describe('the Admin Panel', () => {
  it('refuses tokens but a platform administrator’s personal token with the admin scope', async () => {
    const plain = await makePersonal('platformAdmin');
    const scoped = await makePersonal('platformAdmin', { ...personal, admin_scope: true });
    const cloud = await makeCloud({ role_id: 'ROLE_ADMIN', permissions: 15 });
    expect((await send('platformAdmin', 'GET', '/apiv2/admin/users')).statusCode).toBe(200);
    expect((await bearer(plain.token, 'GET', '/apiv2/admin/users')).statusCode).toBe(403);
    expect((await bearer(cloud.token, 'GET', '/apiv2/admin/users')).statusCode).toBe(403);
    expect((await bearer(scoped.token, 'GET', '/apiv2/admin/users')).statusCode).toBe(200);
    expect((await bearer(plain.token, 'GET', '/apiv2/error-reports')).statusCode).toBe(403);
    expect((await bearer(scoped.token, 'GET', '/apiv2/error-reports')).statusCode).toBe(200);
    // Only a platform administrator's token may carry the scope.
    const refused = await send('owner', 'POST', '/apiv2/user/api-tokens', { ...personal, admin_scope: true });
    expect(refused.statusCode).toBe(403);
  });
});

describe('the change log', () => {
  it('names the token as the actor, and records every create, rotate and revoke', async () => {
    const mine = await makePersonal('owner', { ...personal, name: 'Deployer' });
    const service = await makeCloud({ name: 'Billing sync', role_id: 'ROLE_ADMIN', permissions: 1 });
    expect((await bearer(mine.token, 'PATCH', cloudUrl(''), { company: 'Personal Co' })).statusCode).toBe(
      200,
    );
    expect((await bearer(service.token, 'PATCH', cloudUrl(''), { company: 'Service Co' })).statusCode).toBe(
      200,
    );
    await send('owner', 'POST', cloudUrl(`/api-tokens/${service.api_token.id}/rotate`), { grace_hours: 0 });
    await send('owner', 'DELETE', cloudUrl(`/api-tokens/${service.api_token.id}`));
    const log = await send('owner', 'GET', cloudUrl('/change-log?limit=20'));
    expect(log.statusCode, log.body).toBe(200);
    type Item = {
      action: string;
      object_type: string;
      object_name: string;
      actor: { id: number | null; email: string };
    };
    const items: Item[] = log.json().items;
    const changes = items.filter((i) => i.object_type === 'cloud' && i.action === 'changed');
    expect(changes.map((i) => i.actor.email)).toEqual(
      expect.arrayContaining(['API token "Billing sync"', `API token "Deployer" (${emails.owner})`]),
    );
    expect(changes.find((i) => i.actor.email === 'API token "Billing sync"')?.actor.id).toBeNull();
    const tokenActions = items
      .filter((i) => i.object_type === 'api_token' && i.object_name === 'Billing sync')
      .map((i) => i.action);
    expect(tokenActions).toEqual(expect.arrayContaining(['created', 'rotated', 'revoked']));
  });
});
