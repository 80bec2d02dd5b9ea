// @vitest-environment node
// Site Properties (docs/navigation.md#navigation-drawer /v2/cloud/{cloudId}/site/{siteId}/edit): read, change and delete a site.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { membershipSites } from '../../db/schema/clouds.ts';
import { devices, objectHistory, sites } from '../../db/schema/inventory.ts';
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
let foreignSiteId: number;
const session: Record<string, Session> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  foreignSiteId = (await createSite(db, (await createCloud(db)).id)).id;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['admin', 'ROLE_ADMIN', 0],
    ['siteAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['guest', 'ROLE_GUEST', CLOUD_PERMISSION.manage_sites],
    ['editor', 'ROLE_USER', CLOUD_PERMISSION.manage_sites],
    ['reader', 'ROLE_USER', 0],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    userId[key] = user.id;
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

/** A fresh site with two live devices, a decommissioned one, the editor granted edit_site and the reader not. */
async function freshSite(fields: Partial<typeof sites.$inferInsert> = {}) {
  const { db } = t.database;
  const site = await createSite(db, cloudId, fields);
  for (const extra of [{}, {}, { decomm: true }]) await createDevice(db, cloudId, site.id, extra);
  await assignSite(db, userId.editor as number, cloudId, site.id, ['read_site', 'edit_site']);
  await assignSite(db, userId.reader as number, cloudId, site.id, ['read_site', 'read_device']);
  return site;
}

const url = (siteId: number, cloud = cloudId) => `/apiv2/cloud/${cloud}/sites/${siteId}`;
const call = (method: 'GET' | 'PATCH' | 'DELETE', who: string, siteId: number, payload?: object) =>
  t.app.inject({ method, url: url(siteId), payload, headers: as(session[who] as Session) });
const recordsOf = (siteId: number) =>
  t.database.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.objectType, 'site'), eq(auditRecords.objectId, String(siteId))));
const stored = async (siteId: number) =>
  (await t.database.db.select().from(sites).where(eq(sites.id, siteId)))[0];

describe('GET /apiv2/cloud/:cloudId/sites/:siteId', () => {
  it("answers the site's properties, its live devices and what the caller may do", async () => {
    const site = await freshSite({ latitude: 38.7, longitude: -9.1, timezone: 'Europe/Lisbon' });
    const response = await call('GET', 'owner', site.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: site.id,
      name: site.name,
      location: site.location,
      latitude: 38.7,
      longitude: -9.1,
      timezone: 'Europe/Lisbon',
      allow_config: true,
      device_count: 2,
      can_edit: true,
      can_delete: true,
    });
  });

  it.each([
    ['admin', true, false],
    ['siteAdmin', true, true],
    ['guest', false, false],
    ['editor', true, false],
    ['reader', false, false],
  ])('tells %s can_edit %s and can_delete %s', async (who, canEdit, canDelete) => {
    const site = await freshSite();
    const body = (await call('GET', who, site.id)).json();
    expect(body).toMatchObject({ can_edit: canEdit, can_delete: canDelete });
  });

  it("answers 404 for a site the Site User is not given, another cloud's site and a deleted one", async () => {
    const unassigned = await createSite(t.database.db, cloudId);
    const deleted = await createSite(t.database.db, cloudId, { deletedAt: new Date() });
    expect((await call('GET', 'reader', unassigned.id)).statusCode).toBe(404);
    expect((await call('GET', 'owner', foreignSiteId)).statusCode).toBe(404);
    expect((await call('GET', 'owner', deleted.id)).statusCode).toBe(404);
  });
});

describe('PATCH /apiv2/cloud/:cloudId/sites/:siteId', () => {
  it('changes the fields given and records only what changed in the change log', async () => {
    const site = await freshSite({ name: 'Quay Office', location: 'Pier 1' });
    const response = await call('PATCH', 'owner', site.id, {
      name: ' Quay House ',
      location: 'Pier 1',
      latitude: -33.86,
      longitude: 151.21,
      timezone: 'Australia/Sydney',
      allow_config: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Quay House',
      location: 'Pier 1',
      latitude: -33.86,
      longitude: 151.21,
      timezone: 'Australia/Sydney',
      allow_config: false,
    });
    expect(await stored(site.id)).toMatchObject({ name: 'Quay House', allowConfig: false, latitude: -33.86 });
    const [record, ...more] = await recordsOf(site.id);
    expect(more).toEqual([]);
    expect(record).toMatchObject({
      cloudId,
      actorUserId: userId.owner,
      action: 'changed',
      objectName: 'Quay House',
      before: {
        name: 'Quay Office',
        latitude: null,
        longitude: null,
        timezone: 'UTC',
        allow_config: true,
      },
      after: {
        name: 'Quay House',
        latitude: -33.86,
        longitude: 151.21,
        timezone: 'Australia/Sydney',
        allow_config: false,
      },
    });
    // Search still finds the site by its former name.
    const history = await t.database.db
      .select({ value: objectHistory.value })
      .from(objectHistory)
      .where(and(eq(objectHistory.objectType, 'site'), eq(objectHistory.objectId, site.id)));
    expect(history).toEqual([{ value: 'Quay Office' }]);
  });

  it('clears the coordinates with two nulls, and records nothing when nothing changes', async () => {
    const site = await freshSite({ latitude: 10, longitude: 20 });
    expect((await call('PATCH', 'editor', site.id, { latitude: null, longitude: null })).statusCode).toBe(
      200,
    );
    expect(await stored(site.id)).toMatchObject({ latitude: null, longitude: null });
    expect((await call('PATCH', 'editor', site.id, { name: site.name })).statusCode).toBe(200);
    expect((await recordsOf(site.id)).map((record) => record.action)).toEqual(['changed']);
  });

  it.each([
    [{ latitude: 90.5, longitude: 0 }, '/latitude'],
    [{ latitude: 0, longitude: -180.01 }, '/longitude'],
    [{ latitude: 12 }, '/longitude'],
    [{ latitude: null, longitude: 12 }, '/latitude'],
    [{ timezone: 'Mars/Olympus_Mons' }, '/timezone'],
    [{ timezone: '' }, '/timezone'],
    [{ name: '   ' }, '/name'],
    [{ name: 'x'.repeat(101) }, '/name'],
    [{ allow_config: 'yes' }, '/allow_config'],
  ])('answers %o with the 400 shape and changes nothing', async (payload, path) => {
    const site = await freshSite();
    const response = await call('PATCH', 'owner', site.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ location: 'body', path })]),
    );
    expect(await stored(site.id)).toEqual(site);
    expect(await recordsOf(site.id)).toEqual([]);
  });

  it('refuses a name another live site of the cloud has, whatever its case', async () => {
    const taken = await freshSite();
    const site = await freshSite();
    const response = await call('PATCH', 'owner', site.id, { name: taken.name.toUpperCase() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          errorCode: 'duplicate',
          location: 'body',
          path: '/name',
          message: 'A site with this name already exists in this cloud.',
        },
      ],
    });
    expect((await stored(site.id))?.name).toBe(site.name);
  });

  it('refuses a Guest and a Site User without edit_site with 403, before looking at the body', async () => {
    const site = await freshSite();
    for (const who of ['guest', 'reader']) {
      expect((await call('PATCH', who, site.id, { name: 'Mine' })).statusCode).toBe(403);
      expect((await call('PATCH', who, site.id, { latitude: 500 })).statusCode).toBe(403);
    }
    expect(await stored(site.id)).toEqual(site);
  });

  it("answers 404 for another cloud's site", async () => {
    expect((await call('PATCH', 'owner', foreignSiteId, { name: 'Taken Over' })).statusCode).toBe(404);
  });
});

describe('DELETE /apiv2/cloud/:cloudId/sites/:siteId', () => {
  let site: Awaited<ReturnType<typeof freshSite>>;
  beforeEach(async () => {
    site = await freshSite();
  });

  it("deletes the site, leaves its devices in the cloud without a site and ends Site Users' grants", async () => {
    const response = await call('DELETE', 'siteAdmin', site.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: site.id, unassigned_devices: 2 });
    expect((await stored(site.id))?.deletedAt).toBeInstanceOf(Date);
    const left = await t.database.db
      .select({ siteId: devices.siteId, cloudId: devices.cloudId, deletedAt: devices.deletedAt })
      .from(devices)
      .where(eq(devices.cloudId, cloudId));
    expect(left.filter((device) => device.siteId === site.id)).toEqual([]);
    const grants = await t.database.db
      .select()
      .from(membershipSites)
      .where(eq(membershipSites.siteId, site.id));
    expect(grants).toEqual([]);
    const [record] = await recordsOf(site.id);
    expect(record).toMatchObject({
      action: 'deleted',
      actorUserId: userId.siteAdmin,
      objectName: site.name,
      before: { name: site.name, unassigned_devices: 2 },
      after: null,
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/sites`,
      query: { search: site.name },
      headers: as(session.owner as Session),
    });
    expect(listed.json().items).toEqual([]);
    expect((await call('DELETE', 'owner', site.id)).statusCode).toBe(404);
  });

  it('refuses an administrator without manage_sites, a Guest and a Site User with edit_site with 403', async () => {
    for (const who of ['admin', 'guest', 'editor', 'reader'])
      expect((await call('DELETE', who, site.id)).statusCode, who).toBe(403);
    expect((await stored(site.id))?.deletedAt).toBeNull();
    expect(await recordsOf(site.id)).toEqual([]);
  });

  it("answers 404 for another cloud's site and changes nothing", async () => {
    expect((await call('DELETE', 'owner', foreignSiteId)).statusCode).toBe(404);
    expect(
      (await t.database.db.select().from(sites).where(eq(sites.id, foreignSiteId)))[0]?.deletedAt,
    ).toBeNull();
  });
});
