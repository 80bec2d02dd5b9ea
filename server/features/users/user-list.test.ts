// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
const sessions: Record<string, Session> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  const other = await createCloud(db);
  const people = [
    ['owner', 'Olivia', 'Owner', 'olivia@owners.example', 'ROLE_OWNER', 0],
    ['admin', 'Adam', 'Admin', 'adam@admins.example', 'ROLE_ADMIN', 0],
    ['sitesAdmin', 'Nina', 'Network', 'nina@noc.example', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['guest', 'Grace', 'Guest', 'grace@guests.example', 'ROLE_GUEST', 0],
    ['siteUser', 'Sam', 'Siteuser', 'sam@field.example', 'ROLE_USER', 0],
    // No name: listed by email.
    ['nameless', '', '', 'bob@field.example', 'ROLE_GUEST', 0],
  ] as const;
  for (const [key, firstname, lastname, email, role, permissions] of people) {
    const user = await createUser(db, { firstname, lastname, email });
    ids[key] = user.id;
    await addMember(db, user.id, cloudId, role, permissions);
    sessions[key] = await login(t.app, email, TEST_PASSWORD);
  }
  const gone = await createUser(db, { firstname: 'Gone', lastname: 'Away', deletedAt: new Date() });
  await addMember(db, gone.id, cloudId, 'ROLE_GUEST');
  const stranger = await createUser(db, { firstname: 'Olga', lastname: 'Outside' });
  await addMember(db, stranger.id, other.id, 'ROLE_OWNER');
  sessions.outsider = await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (session: Session | undefined, query: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/users`,
    query,
    headers: as(session as Session),
  });

const emails = async (query: Record<string, string> = {}) => {
  const response = await get(sessions.owner, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((user: { email: string }) => user.email);
};

describe('GET /apiv2/cloud/:cloudId/users', () => {
  it('lists the members of the cloud by name, or email without a name, with their role', async () => {
    const response = await get(sessions.owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(6);
    expect(body.total_capped).toBe(false);
    // What each may do: the bits, and a Site User's sites (Sam has none yet).
    const sitesAdmin = body.items.find((user: { id: number }) => user.id === ids.sitesAdmin);
    expect(sitesAdmin).toMatchObject({ permissions: CLOUD_PERMISSION.manage_sites, sites: [] });
    const bare = body.items.map(({ permissions, sites, ...user }: Record<string, unknown>) => user);
    expect(bare).toEqual([
      {
        id: ids.admin,
        firstname: 'Adam',
        lastname: 'Admin',
        email: 'adam@admins.example',
        role_id: 'ROLE_ADMIN',
      },
      { id: ids.nameless, firstname: '', lastname: '', email: 'bob@field.example', role_id: 'ROLE_GUEST' },
      {
        id: ids.guest,
        firstname: 'Grace',
        lastname: 'Guest',
        email: 'grace@guests.example',
        role_id: 'ROLE_GUEST',
      },
      {
        id: ids.sitesAdmin,
        firstname: 'Nina',
        lastname: 'Network',
        email: 'nina@noc.example',
        role_id: 'ROLE_ADMIN',
      },
      {
        id: ids.owner,
        firstname: 'Olivia',
        lastname: 'Owner',
        email: 'olivia@owners.example',
        role_id: 'ROLE_OWNER',
      },
      {
        id: ids.siteUser,
        firstname: 'Sam',
        lastname: 'Siteuser',
        email: 'sam@field.example',
        role_id: 'ROLE_USER',
      },
    ]);
  });

  it('pages on the server with the total of every page', async () => {
    const body = (await get(sessions.owner, { offset: '2', limit: '2' })).json();
    expect(body.items.map((user: { email: string }) => user.email)).toEqual([
      'grace@guests.example',
      'nina@noc.example',
    ]);
    expect(body.total).toBe(6);
  });

  it('matches the full name or the email anywhere without case', async () => {
    expect(await emails({ search: 'grace guest' })).toEqual(['grace@guests.example']);
    expect(await emails({ search: 'NETWORK' })).toEqual(['nina@noc.example']);
    expect(await emails({ search: 'field.example' })).toEqual(['bob@field.example', 'sam@field.example']);
    const one = (await get(sessions.owner, { search: 'field.example', limit: '1' })).json();
    expect(one.total).toBe(2);
    expect(await emails({ search: 'Gone Away' })).toEqual([]);
    expect(await emails({ search: '%%%' })).toEqual([]);
  });

  it('answers owners and administrators, and 403 to members without manage_users', async () => {
    expect((await get(sessions.admin)).statusCode).toBe(200);
    expect((await get(sessions.sitesAdmin)).statusCode).toBe(200);
    for (const key of ['guest', 'siteUser']) {
      const response = await get(sessions[key]);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Access denied: your account does not have sufficient permissions.',
      });
    }
  });

  it.each([
    [{ limit: '0' }, '/limit'],
    [{ limit: '101' }, '/limit'],
    [{ offset: '-1' }, '/offset'],
    [{ search: ' ab ' }, '/search'],
  ])('answers %o with the 400 shape', async (query, path) => {
    const response = await get(sessions.owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ errorCode: expect.any(String), location: 'query', path, message: expect.any(String) }],
    });
  });

  it("answers 404 for another cloud's members", async () => {
    const response = await get(sessions.outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});
