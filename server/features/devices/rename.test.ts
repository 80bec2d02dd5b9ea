// @vitest-environment node
// PATCH /apiv2/cloud/:cloudId/devices/:deviceId: renaming a device takes rename_device on its site, and
// its former name stays findable.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createAlertCloud } from '../alerts/test-cloud.ts';

let t: TestApp;
let fixture: Awaited<ReturnType<typeof createAlertCloud>>;
let renamer: Session;

beforeAll(async () => {
  t = await createTestApp();
  fixture = await createAlertCloud(t);
  const db = t.database.db;
  const user = await createUser(db);
  await addMember(db, user.id, fixture.cloud.id, 'ROLE_USER');
  await assignSite(db, user.id, fixture.cloud.id, fixture.sites.north.id, [
    'read_site',
    'read_device',
    'rename_device',
  ]);
  renamer = await login(t.app, user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const rename = (session: Session, deviceId: number, body: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/apiv2/cloud/${fixture.cloud.id}/devices/${deviceId}`,
    headers: as(session),
    payload: body as object,
  });

const nameOf = async (deviceId: number) =>
  (await queryRows<{ name: string }>(t.database.db, sql`SELECT name FROM devices WHERE id = ${deviceId}`))[0]
    ?.name;

const formerNames = (deviceId: number) =>
  queryRows<{ value: string }>(
    t.database.db,
    sql`SELECT value FROM object_history WHERE object_type = 'device' AND object_id = ${deviceId}
      AND field = 'name' ORDER BY id`,
  );

describe('PATCH /apiv2/cloud/:cloudId/devices/:deviceId', () => {
  it('renames the device, keeps its former names, and says so in its detail', async () => {
    const { northAp, sessions } = fixture;
    const response = await rename(sessions.owner, northAp.id, { name: '  Lobby AP 1  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: northAp.id, name: 'Lobby AP 1' });
    expect(await nameOf(northAp.id)).toBe('Lobby AP 1');

    // A Site User with rename_device on its site renames it too; the same name again changes nothing.
    expect((await rename(renamer, northAp.id, { name: 'Lobby AP 2' })).statusCode).toBe(200);
    expect((await rename(renamer, northAp.id, { name: 'Lobby AP 2' })).statusCode).toBe(200);
    expect((await formerNames(northAp.id)).map((row) => row.value)).toEqual(['North AP', 'Lobby AP 1']);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${fixture.cloud.id}/devices/${northAp.id}`,
      headers: as(renamer),
    });
    expect(detail.json()).toMatchObject({ name: 'Lobby AP 2', can_rename: true });
    const readOnly = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${fixture.cloud.id}/devices/${northAp.id}`,
      headers: as(sessions.siteUser),
    });
    expect(readOnly.json().can_rename).toBe(false);
  });

  it('refuses who may not rename it, and a device they do not see does not exist', async () => {
    const { northAp, southSwitch, sessions } = fixture;
    for (const session of [sessions.guest, sessions.siteUser]) {
      expect((await rename(session, northAp.id, { name: 'Nope' })).statusCode).toBe(403);
    }
    expect((await rename(renamer, southSwitch.id, { name: 'Nope' })).statusCode).toBe(404);
    expect((await rename(sessions.outsider, northAp.id, { name: 'Nope' })).statusCode).toBe(404);
    expect((await rename(sessions.owner, 2_000_000, { name: 'Nope' })).statusCode).toBe(404);
    expect(await nameOf(northAp.id)).toBe('Lobby AP 2');
  });

  it('refuses a name that is empty, blank, too long or no text', async () => {
    const { northAp, sessions } = fixture;
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(200) }, {}, { name: 42 }]) {
      const response = await rename(sessions.owner, northAp.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.length).toBeGreaterThan(0);
    }
    expect(await nameOf(northAp.id)).toBe('Lobby AP 2');
  });
});
