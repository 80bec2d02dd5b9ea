// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION, SITE_PERMISSIONS } from '../../../core/domain.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';
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
let siteId: number;
let otherSiteId: number;
let owner: Session;
let guest: Session;
let siteUser: Session;
let outsider: Session;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db, { name: 'Harbour Net' })).id;
  siteId = (await createSite(db, cloudId, { name: 'Quay', sdwanEnabled: true })).id;
  otherSiteId = (await createSite(db, cloudId, { name: 'Dock', configEnabled: false })).id;
  const member = async (role: Parameters<typeof addMember>[3], permissions = 0) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, permissions);
    return { user, session: await login(t.app, user.email, TEST_PASSWORD) };
  };
  owner = (await member('ROLE_OWNER')).session;
  guest = (await member('ROLE_GUEST', CLOUD_PERMISSION.manage_sites)).session;
  const assigned = await member('ROLE_USER');
  await assignSite(db, assigned.user.id, cloudId, siteId, ['read_site', 'read_device', 'dashboards']);
  siteUser = assigned.session;
  const stranger = await createUser(db);
  await addMember(db, stranger.id, (await createCloud(db)).id, 'ROLE_OWNER');
  outsider = await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (url: string, session?: Session) =>
  t.app.inject({ method: 'GET', url, headers: session ? as(session) : {} });

async function addNvr(name: string, fields: Partial<typeof smartNvrs.$inferInsert> = {}) {
  const [row] = await t.database.db
    .insert(smartNvrs)
    .values({ cloudId, name, mac: '02:00:00:aa:bb:cc', sn: 'NVR1', productBrandId: 1, ...fields })
    .returning();
  if (!row) throw new Error('smart NVR not created');
  return row.id;
}

describe('GET /apiv2/navigation/site/:id', () => {
  it('answers the site with its cloud, menu facts and the caller site permissions', async () => {
    const response = await get(`/apiv2/navigation/site/${siteId}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: siteId,
      name: 'Quay',
      cloud_id: cloudId,
      configEnabled: true,
      sdwan_enabled: true,
      allow_config: true,
      site_permissions: [...SITE_PERMISSIONS],
    });
    expect((await get(`/apiv2/navigation/site/${otherSiteId}`, guest)).json()).toMatchObject({
      configEnabled: false,
      sdwan_enabled: false,
      site_permissions: ['read_device', 'read_site', 'dashboards', 'live_data', 'view_config'],
    });
  });

  it('gives a Site User their own sites with their permissions and 404 for the others', async () => {
    expect((await get(`/apiv2/navigation/site/${siteId}`, siteUser)).json().site_permissions).toEqual([
      'read_site',
      'read_device',
      'dashboards',
    ]);
    expect((await get(`/apiv2/navigation/site/${otherSiteId}`, siteUser)).statusCode).toBe(404);
  });

  it('answers 404 to a non-member, for a deleted site and an unknown id, and 401 without a session', async () => {
    expect((await get(`/apiv2/navigation/site/${siteId}`, outsider)).statusCode).toBe(404);
    const gone = await createSite(t.database.db, cloudId, { deletedAt: new Date() });
    expect((await get(`/apiv2/navigation/site/${gone.id}`, owner)).statusCode).toBe(404);
    expect((await get('/apiv2/navigation/site/999999', owner)).statusCode).toBe(404);
    expect((await get(`/apiv2/navigation/site/${siteId}`)).statusCode).toBe(401);
  });
});

describe('GET /apiv2/navigation/device/:id', () => {
  it('answers the device with its site, product and the allow-config rule', async () => {
    const { db } = t.database;
    const device = await createDevice(db, cloudId, siteId, {
      name: 'Switch A',
      productType: 'switch',
      productBrandId: 153,
      mgmtdVersion: '1.5.0',
    });
    const response = await get(`/apiv2/navigation/device/${device.id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: device.id,
      name: 'Switch A',
      cloud_id: cloudId,
      site_id: siteId,
      site_name: 'Quay',
      product_type: 'switch',
      product_brand_id: 153,
      mgmtd_version: '1.5.0',
      allow_config: true,
      site_config_enabled: true,
      site_permissions: [...SITE_PERMISSIONS],
    });
    await db.update(devices).set({ suspendConfig: true }).where(eq(devices.id, device.id));
    expect((await get(`/apiv2/navigation/device/${device.id}`, owner)).json().allow_config).toBe(false);
  });

  it('refuses configuration when the site does not allow it, and reports the site configEnabled', async () => {
    const { db } = t.database;
    const site = await createSite(db, cloudId, { allowConfig: false, configEnabled: false });
    const device = await createDevice(db, cloudId, site.id);
    expect((await get(`/apiv2/navigation/device/${device.id}`, owner)).json()).toMatchObject({
      allow_config: false,
      site_config_enabled: false,
    });
  });

  it('answers a device without a site to members who see every site, but not to a Site User', async () => {
    const device = await createDevice(t.database.db, cloudId, null);
    expect((await get(`/apiv2/navigation/device/${device.id}`, guest)).json()).toMatchObject({
      site_id: null,
      site_name: null,
      allow_config: false,
      site_permissions: [],
    });
    expect((await get(`/apiv2/navigation/device/${device.id}`, siteUser)).statusCode).toBe(404);
  });

  it('gives a Site User the devices of their sites only', async () => {
    const { db } = t.database;
    const mine = await createDevice(db, cloudId, siteId);
    const theirs = await createDevice(db, cloudId, otherSiteId);
    expect((await get(`/apiv2/navigation/device/${mine.id}`, siteUser)).statusCode).toBe(200);
    expect((await get(`/apiv2/navigation/device/${theirs.id}`, siteUser)).statusCode).toBe(404);
  });

  it('answers 404 to a non-member and for a deleted device, and 401 without a session', async () => {
    const { db } = t.database;
    const device = await createDevice(db, cloudId, siteId);
    expect((await get(`/apiv2/navigation/device/${device.id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/apiv2/navigation/device/${device.id}`)).statusCode).toBe(401);
    await db.update(devices).set({ deletedAt: new Date() }).where(eq(devices.id, device.id));
    expect((await get(`/apiv2/navigation/device/${device.id}`, owner)).statusCode).toBe(404);
  });

  it('does not count a deleted site as the device site', async () => {
    const { db } = t.database;
    const site = await createSite(db, cloudId);
    const device = await createDevice(db, cloudId, site.id);
    await db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site.id));
    expect((await get(`/apiv2/navigation/device/${device.id}`, owner)).json()).toMatchObject({
      site_id: null,
      site_name: null,
      allow_config: false,
    });
  });
});

describe('GET /apiv2/navigation/smartnvr/:id', () => {
  it('answers the recorder with its cloud to every member', async () => {
    const id = await addNvr('Recorder One');
    for (const session of [owner, guest, siteUser]) {
      const response = await get(`/apiv2/navigation/smartnvr/${id}`, session);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ id, name: 'Recorder One', cloud_id: cloudId });
    }
  });

  it('answers 404 to a non-member and for a deleted recorder, and 401 without a session', async () => {
    const id = await addNvr('Recorder Two');
    const gone = await addNvr('Recorder Gone', { deletedAt: new Date() });
    expect((await get(`/apiv2/navigation/smartnvr/${id}`, outsider)).statusCode).toBe(404);
    expect((await get(`/apiv2/navigation/smartnvr/${gone}`, owner)).statusCode).toBe(404);
    expect((await get(`/apiv2/navigation/smartnvr/${id}`)).statusCode).toBe(401);
  });
});
