// @vitest-environment node
// Personal API tokens kept to some of their owner's rights (docs/api-tokens.md#personal-tokens): the
// permission bits and clouds a token keeps, always within what its owner holds at the time of the call.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const { manage_licenses: LICENSES, manage_sites: SITES } = CLOUD_PERMISSION;

let t: TestApp;
const clouds = { a: 0, b: 0, foreign: 0 };
const people: Record<'owner' | 'admin', { id: number; session: Session }> = {} as never;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  for (const name of ['a', 'b', 'foreign'] as const) clouds[name] = (await createCloud(db)).id;
  const owner = await createUser(db);
  // An owner of cloud a (every bit whatever is stored) who administers cloud b with every bit.
  await addMember(db, owner.id, clouds.a, 'ROLE_OWNER', 0);
  await addMember(db, owner.id, clouds.b, 'ROLE_ADMIN', 15);
  const admin = await createUser(db);
  await addMember(db, admin.id, clouds.a, 'ROLE_ADMIN', LICENSES | SITES);
  people.owner = { id: owner.id, session: await login(t.app, owner.email, TEST_PASSWORD) };
  people.admin = { id: admin.id, session: await login(t.app, admin.email, TEST_PASSWORD) };
});
afterAll(() => t.close());

const tokensUrl = '/apiv2/user/api-tokens';
const body = { name: 'Script', read_only: false, expires_at: null };
type Item = { id: number; permissions: number | null; cloud_ids: number[] | null };

const send = (who: keyof typeof people, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: as(people[who].session), ...(payload ? { payload } : {}) });
const bearer = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });

async function make(who: keyof typeof people, limits: object) {
  const response = await send(who, 'POST', tokensUrl, { ...body, ...limits });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { api_token: Item; token: string };
}
async function listed(who: keyof typeof people, id: number): Promise<Item | undefined> {
  const list = await send(who, 'GET', `${tokensUrl}?limit=100`);
  return list.json().items.find((item: Item) => item.id === id);
}

// Cloud Properties need manage_licenses; making a site needs manage_sites (its permission is checked before
// the body, so an empty body answers 400 to a caller who holds the bit and 403 to one who does not).
const editCloud = (token: string, cloudId = clouds.a) =>
  bearer(token, 'PATCH', `/apiv2/cloud/${cloudId}`, { company: 'Scripted Co' });
const makeSite = (token: string) => bearer(token, 'POST', `/apiv2/cloud/${clouds.a}/sites`, {});

describe('the bits a personal token keeps', () => {
  it('refuses a call needing a bit it does not keep, even as an owner, and allows one it keeps', async () => {
    const licenses = await make('owner', { permissions: LICENSES });
    expect(licenses.api_token).toMatchObject({ permissions: LICENSES, cloud_ids: null });
    expect((await editCloud(licenses.token)).statusCode).toBe(200);
    const refused = await makeSite(licenses.token);
    expect(refused.statusCode).toBe(403);

    const sites = await make('owner', { permissions: SITES });
    expect((await editCloud(sites.token)).statusCode).toBe(403);
    expect((await makeSite(sites.token)).statusCode).toBe(400);

    // The role stays the owner's: what it gives beyond the bits (managing users) goes with it.
    const none = await make('owner', { permissions: 0 });
    expect((await bearer(none.token, 'GET', `/apiv2/cloud/${clouds.a}/users`)).statusCode).toBe(200);
    expect((await editCloud(none.token)).statusCode).toBe(403);
    // The cloud the token is in shows the bits it holds there.
    const cloud = await bearer(none.token, 'GET', `/apiv2/cloud/${clouds.a}`);
    expect(cloud.json().permissions).toBe(0);
  });

  it('never holds more than its owner holds now', async () => {
    const all = await make('admin', {});
    const licenses = await make('admin', { permissions: LICENSES | CLOUD_PERMISSION.manage_vpc });
    expect(all.api_token.permissions).toBeNull();
    expect((await editCloud(all.token)).statusCode).toBe(200);
    expect((await editCloud(licenses.token)).statusCode).toBe(200);
    // manage_vpc is kept by the token but not held by the administrator: the token has it nowhere.
    const vpc = await bearer(licenses.token, 'GET', `/apiv2/cloud/${clouds.a}`);
    expect(vpc.json().permissions).toBe(LICENSES);

    await t.database.db
      .update(memberships)
      .set({ permissions: SITES })
      .where(and(eq(memberships.userId, people.admin.id), eq(memberships.cloudId, clouds.a)));
    expect((await editCloud(all.token)).statusCode).toBe(403);
    expect((await editCloud(licenses.token)).statusCode).toBe(403);
    expect((await makeSite(all.token)).statusCode).toBe(400);
    expect((await makeSite(licenses.token)).statusCode).toBe(403);
  });
});

describe('the clouds a personal token reaches', () => {
  it('answers 404 on another cloud of its owner, as on a cloud they are not in', async () => {
    const onlyA = await make('owner', { cloud_ids: [clouds.a] });
    expect(onlyA.api_token).toMatchObject({ permissions: null, cloud_ids: [clouds.a] });
    expect((await bearer(onlyA.token, 'GET', `/apiv2/cloud/${clouds.a}/users`)).statusCode).toBe(200);
    const other = await bearer(onlyA.token, 'GET', `/apiv2/cloud/${clouds.b}/users`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Not found.' });
    expect((await editCloud(onlyA.token, clouds.b)).statusCode).toBe(404);
    // The owner's lists of clouds name only those the token reaches.
    const listed = (await bearer(onlyA.token, 'GET', '/apiv2/clouds')).json();
    expect(listed.clouds.map((cloud: { id: number }) => cloud.id)).toEqual([clouds.a]);
    const me = (await bearer(onlyA.token, 'GET', '/apiv2/auth/me')).json();
    expect(me.memberships.map((m: { cloud_id: number }) => m.cloud_id)).toEqual([clouds.a]);
    const everywhere = await make('owner', {});
    expect((await bearer(everywhere.token, 'GET', `/apiv2/cloud/${clouds.b}/users`)).statusCode).toBe(200);
  });

  it('loses a cloud its owner leaves', async () => {
    const stranger = await createUser(t.database.db);
    const cloudId = (await createCloud(t.database.db)).id;
    await addMember(t.database.db, stranger.id, cloudId, 'ROLE_ADMIN', 15);
    const session = await login(t.app, stranger.email, TEST_PASSWORD);
    const made = await t.app.inject({
      method: 'POST',
      url: tokensUrl,
      headers: as(session),
      payload: { ...body, cloud_ids: [cloudId] },
    });
    const { token } = made.json();
    expect((await bearer(token, 'GET', `/apiv2/cloud/${cloudId}/users`)).statusCode).toBe(200);
    await t.database.db.delete(memberships).where(eq(memberships.userId, stranger.id));
    expect((await bearer(token, 'GET', `/apiv2/cloud/${cloudId}/users`)).statusCode).toBe(404);
  });
});

describe('making a limited token', () => {
  it('refuses unknown bits, clouds not the maker’s and unknown keys with a 400, storing nothing', async () => {
    const before = (await send('owner', 'GET', tokensUrl)).json().total;
    for (const [limits, path] of [
      [{ permissions: 16 }, '/permissions'],
      [{ permissions: -1 }, '/permissions'],
      [{ permissions: '1' }, '/permissions'],
      [{ cloud_ids: [clouds.a, clouds.foreign] }, '/cloud_ids/1'],
      [{ cloud_ids: [2_000_000] }, '/cloud_ids/0'],
      [{ cloud_ids: [] }, '/cloud_ids'],
      [{ cloud_ids: [clouds.a, clouds.a] }, '/cloud_ids'],
      [{ site_ids: [1] }, ''],
      [{ role_id: 'ROLE_GUEST' }, ''],
    ] as const) {
      const response = await send('owner', 'POST', tokensUrl, { ...body, ...limits });
      expect(response.statusCode, JSON.stringify(limits)).toBe(400);
      const paths = response.json().errors?.map((error: { path: string }) => error.path) ?? [];
      if (path) expect(paths, JSON.stringify(limits)).toContain(path);
    }
    const foreign = await send('owner', 'POST', tokensUrl, { ...body, cloud_ids: [clouds.foreign] });
    expect(foreign.json().errors[0].message).toBe('A token reaches only clouds you are a member of.');
    expect((await send('owner', 'GET', tokensUrl)).json().total).toBe(before);
  });

  it('keeps its limits through a rotation', async () => {
    const made = await make('owner', { permissions: LICENSES, cloud_ids: [clouds.a] });
    const rotated = await send('owner', 'POST', `${tokensUrl}/${made.api_token.id}/rotate`, {
      grace_hours: 0,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const { token } = rotated.json();
    expect(rotated.json().api_token).toMatchObject({ permissions: LICENSES, cloud_ids: [clouds.a] });
    expect(await listed('owner', made.api_token.id)).toMatchObject({
      permissions: LICENSES,
      cloud_ids: [clouds.a],
    });
    expect((await editCloud(token)).statusCode).toBe(200);
    expect((await makeSite(token)).statusCode).toBe(403);
    expect((await editCloud(token, clouds.b)).statusCode).toBe(404);
  });
});
