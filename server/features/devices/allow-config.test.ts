// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let openSite: number;
let lockedSite: number;
let otherSite: number;
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  openSite = (await createSite(db, cloudId)).id;
  lockedSite = (await createSite(db, cloudId, { allowConfig: false })).id;
  otherSite = (await createSite(db, cloudId)).id;
  for (const [key, role] of [
    ['owner', 'ROLE_OWNER'],
    ['guest', 'ROLE_GUEST'],
    ['siteUser', 'ROLE_USER'],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') {
      await assignSite(db, user.id, cloudId, openSite, ['read_site', 'view_config']);
      await assignSite(db, user.id, cloudId, lockedSite, ['read_site']);
    }
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const allowConfig = (deviceId: number, who = session.owner as Session) =>
  t.app.inject({ method: 'GET', url: `/apiv2/device/${deviceId}/allow-config`, headers: as(who) });

describe('GET /apiv2/device/:id/allow-config', () => {
  it('allows config for a device that allows it on a site that allows it', async () => {
    const device = await createDevice(t.database.db, cloudId, openSite);
    const response = await allowConfig(device.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ allow_config: true });
  });

  it.each([
    ['the device does not allow config', { allowConfig: false }],
    ['config is suspended', { suspendConfig: true }],
    ['the device is blocked', { blocked: true }],
    ['the device is decommissioned', { decomm: true }],
  ])('refuses config when %s', async (_label, fields) => {
    const device = await createDevice(t.database.db, cloudId, openSite, fields);
    expect((await allowConfig(device.id)).json()).toEqual({ allow_config: false });
  });

  it("refuses config when the device's site does not allow it or it has no site", async () => {
    const locked = await createDevice(t.database.db, cloudId, lockedSite);
    expect((await allowConfig(locked.id)).json()).toEqual({ allow_config: false });
    const unassigned = await createDevice(t.database.db, cloudId, null);
    expect((await allowConfig(unassigned.id)).json()).toEqual({ allow_config: false });
  });

  it('answers the same flag to a Guest', async () => {
    const device = await createDevice(t.database.db, cloudId, openSite);
    expect((await allowConfig(device.id, session.guest)).json()).toEqual({ allow_config: true });
  });

  it("answers a Site User for their sites' devices and 404 for other sites", async () => {
    const { db } = t.database;
    const mine = await createDevice(db, cloudId, openSite);
    const lockedMine = await createDevice(db, cloudId, lockedSite);
    const notMine = await createDevice(db, cloudId, otherSite);
    const noSite = await createDevice(db, cloudId, null);
    expect((await allowConfig(mine.id, session.siteUser)).json()).toEqual({ allow_config: true });
    expect((await allowConfig(lockedMine.id, session.siteUser)).json()).toEqual({ allow_config: false });
    expect((await allowConfig(notMine.id, session.siteUser)).statusCode).toBe(404);
    expect((await allowConfig(noSite.id, session.siteUser)).statusCode).toBe(404);
  });

  it('answers 404 alike for a device in another cloud, a deleted device and an unknown id', async () => {
    const { db } = t.database;
    const device = await createDevice(db, cloudId, openSite);
    const deleted = await createDevice(db, cloudId, openSite, { deletedAt: new Date() });
    const foreign = await allowConfig(device.id, session.outsider);
    expect(foreign.statusCode).toBe(404);
    expect((await allowConfig(deleted.id)).statusCode).toBe(404);
    const unknown = await allowConfig(999999);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
  });

  it('answers 401 without a session and 400 for a malformed id', async () => {
    const device = await createDevice(t.database.db, cloudId, openSite);
    const anonymous = await t.app.inject({ method: 'GET', url: `/apiv2/device/${device.id}/allow-config` });
    expect(anonymous.statusCode).toBe(401);
    const malformed = await allowConfig(0);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual([expect.objectContaining({ location: 'params', path: '/id' })]);
  });
});
