// @vitest-environment node
// GET /apiv2/cloud/:cloudId/change-log: the cloud's changes and its members' sign-ins and security
// changes, newest first, by person, object and time, and the same as CSV.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../audit/record.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let owner: Session;
let ownerId: number;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const cloud = await createCloud(db);
  const other = await createCloud(db);
  cloudId = cloud.id;
  const ownerUser = await createUser(db, { firstname: 'Olga', lastname: 'Owner' });
  const member = await createUser(db, { firstname: 'Mia', lastname: 'Member' });
  const stranger = await createUser(db);
  ownerId = ownerUser.id;
  memberId = member.id;
  await addMember(db, ownerUser.id, cloud.id, 'ROLE_OWNER');
  await addMember(db, member.id, cloud.id, 'ROLE_GUEST');
  await addMember(db, stranger.id, other.id, 'ROLE_OWNER');

  const at = (ip: string) => ({ userId: ownerUser.id, ip });
  await audit(db, at('10.0.0.1'), {
    cloudId: cloud.id,
    action: 'created',
    objectType: 'site',
    objectId: 7,
    objectName: '=HYPERLINK("x")',
    after: { name: 'North' },
  });
  await audit(db, at('10.0.0.2'), {
    cloudId: cloud.id,
    action: 'changed',
    objectType: 'site',
    objectId: 7,
    objectName: 'North',
    before: { name: 'North' },
    after: { name: 'North Tower' },
  });
  await audit(db, at('10.0.0.3'), { cloudId: cloud.id, action: 'deleted', objectType: 'site', objectId: 8 });
  await audit(
    db,
    { userId: stranger.id, ip: '10.9.9.9' },
    {
      cloudId: other.id,
      action: 'created',
      objectType: 'site',
      objectId: 9,
    },
  );
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  // A member's sign-ins and failures show in the clouds they are in; a stranger's do not.
  await login(t.app, member.email, TEST_PASSWORD);
  await t.app.inject({
    method: 'POST',
    url: '/apiv2/auth/login',
    payload: { email: member.email, password: 'x' },
  });
  await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const changeLog = (query: Record<string, string | number> = {}, path = '/change-log') =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}${path}`,
    query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    headers: as(owner),
  });

describe('GET /apiv2/cloud/:cloudId/change-log', () => {
  it('lists the cloud’s records and its members’ sign-ins, newest first, naming who and from where', async () => {
    const response = await changeLog();
    expect(response.statusCode, response.body).toBe(200);
    const { items, total } = response.json();
    expect(
      items.map((item: { action: string; actor: { id: number } }) => [item.action, item.actor.id]),
    ).toEqual([
      ['sign_in_failed', memberId],
      ['sign_in', memberId],
      ['sign_in', ownerId],
      ['deleted', ownerId],
      ['changed', ownerId],
      ['created', ownerId],
    ]);
    expect(total).toBe(6);
    expect(items[4]).toMatchObject({
      actor: { name: 'Olga Owner' },
      ip: '10.0.0.2',
      object_type: 'site',
      object_id: '7',
      before: { name: 'North' },
      after: { name: 'North Tower' },
    });
  });

  it('filters by person, by object and by time', async () => {
    const byPerson = (await changeLog({ person: memberId })).json().items;
    expect(byPerson.map((item: { action: string }) => item.action)).toEqual(['sign_in_failed', 'sign_in']);

    const byObject = (await changeLog({ object_type: 'site', object_id: '7' })).json().items;
    expect(byObject.map((item: { action: string }) => item.action)).toEqual(['changed', 'created']);

    const all = (await changeLog()).json().items;
    const oldest = all.at(-1).at;
    const later = (await changeLog({ from: new Date(Date.parse(oldest) + 1).toISOString() })).json().items;
    expect(later).toHaveLength(all.length - 1);
    expect((await changeLog({ to: oldest })).json().items).toEqual([]);
  });

  it.each([
    [{ object_type: 'planet' }, '/object_type'],
    [{ from: 'yesterday' }, '/from'],
    [{ person: 0 }, '/person'],
    [{ limit: 500 }, '/limit'],
  ])('refuses %j', async (query, path) => {
    const response = await changeLog(query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
  });

  it('exports the same records as CSV, with formulas defused', async () => {
    const response = await changeLog({ object_type: 'site' }, '/change-log/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="change-log-\d+-/);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('at,person,address,action,object_type,object_id,object,before,after');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toContain(`,10.0.0.1,created,site,7,"'=HYPERLINK(""x"")",,"{""name"":""North""}"`);
  });
});
