// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { sites } from '../../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['siteAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['licenseAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses],
    // The role bounds the bits: a Guest or Site User with manage_sites stored is still read-only cloud-wide.
    ['guest', 'ROLE_GUEST', CLOUD_PERMISSION.manage_sites],
    ['siteUser', 'ROLE_USER', CLOUD_PERMISSION.manage_sites],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const create = (who: Session, payload: object) =>
  t.app.inject({ method: 'POST', url: `/apiv2/cloud/${cloudId}/sites`, payload, headers: as(who) });

const sitesNamed = (name: string) => t.database.db.select().from(sites).where(eq(sites.name, name));

describe('POST /apiv2/cloud/:cloudId/sites', () => {
  it('creates a site for an owner and answers 201 with the trimmed fields', async () => {
    const response = await create(session.owner as Session, {
      name: '  Harbour Office ',
      location: ' Pier 4 ',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), name: 'Harbour Office', location: 'Pier 4' });
    const [row] = await sitesNamed('Harbour Office');
    expect(row).toMatchObject({ id: body.id, cloudId, location: 'Pier 4', deletedAt: null });
  });

  it('stores the coordinates, time zone and configuration flag and writes a change log record', async () => {
    const response = await create(session.owner as Session, {
      name: 'Lisbon Depot',
      location: 'Rua Augusta 1',
      latitude: 38.71,
      longitude: -9.14,
      timezone: 'Europe/Lisbon',
      allow_config: false,
    });
    expect(response.statusCode).toBe(201);
    const { id } = response.json();
    const [row] = await sitesNamed('Lisbon Depot');
    expect(row).toMatchObject({
      latitude: 38.71,
      longitude: -9.14,
      timezone: 'Europe/Lisbon',
      allowConfig: false,
    });
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'site'), eq(auditRecords.objectId, String(id))));
    expect(records).toEqual([
      expect.objectContaining({
        cloudId,
        action: 'created',
        objectType: 'site',
        objectName: 'Lisbon Depot',
        before: null,
        after: {
          name: 'Lisbon Depot',
          location: 'Rua Augusta 1',
          latitude: 38.71,
          longitude: -9.14,
          timezone: 'Europe/Lisbon',
          allow_config: false,
        },
      }),
    ]);
  });

  it('starts a site in UTC with configuration allowed when they are not given', async () => {
    await create(session.owner as Session, { name: 'Plain Site' });
    expect((await sitesNamed('Plain Site'))[0]).toMatchObject({
      timezone: 'UTC',
      allowConfig: true,
      latitude: null,
    });
  });

  it('lets an administrator with manage_sites create a site without a location', async () => {
    const response = await create(session.siteAdmin as Session, { name: 'Depot' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Depot', location: '' });
  });

  it('refuses a Guest, a Site User and an administrator without manage_sites with 403', async () => {
    for (const who of [session.guest, session.siteUser, session.licenseAdmin] as Session[]) {
      const response = await create(who, { name: 'Not Allowed' });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Access denied: your account does not have sufficient permissions.',
      });
    }
    expect(await sitesNamed('Not Allowed')).toEqual([]);
  });

  it('refuses a name a live site of the cloud already has, whatever its case', async () => {
    await create(session.owner as Session, { name: 'Campus' });
    const response = await create(session.owner as Session, { name: 'CAMPUS ' });
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
    expect(await sitesNamed('CAMPUS')).toEqual([]);
  });

  it('allows a name used by a deleted site or by another cloud', async () => {
    const { db } = t.database;
    await createSite(db, cloudId, { name: 'Old Depot', deletedAt: new Date() });
    await createSite(db, (await createCloud(db)).id, { name: 'Elsewhere' });
    expect((await create(session.owner as Session, { name: 'Old Depot' })).statusCode).toBe(201);
    expect((await create(session.owner as Session, { name: 'Elsewhere' })).statusCode).toBe(201);
  });

  it.each([
    [{ name: '   ' }, '/name'],
    [{ name: '' }, '/name'],
    [{}, '/name'],
    [{ name: 'x'.repeat(101) }, '/name'],
    [{ name: 'Long Location', location: 'x'.repeat(201) }, '/location'],
    [{ name: 'Bad Zone', timezone: 'Nowhere/Land' }, '/timezone'],
    [{ name: 'North Pole Plus', latitude: 91, longitude: 0 }, '/latitude'],
    [{ name: 'Half Placed', longitude: 10 }, '/latitude'],
  ])('answers %o with the 400 shape and creates nothing', async (payload, path) => {
    const response = await create(session.owner as Session, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ location: 'body', path })]),
    );
    const name = (payload as { name?: string }).name;
    if (name?.trim()) expect(await sitesNamed(name)).toEqual([]);
  });
});
