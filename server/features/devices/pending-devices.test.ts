// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { adoptBody, onboardingKeyOf } from '../../fleet/test-fleet.ts';
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
let owner: Session;
let guest: Session;
let siteUser: Session;
let cloudId: number;
let siteId: number;
let readOnlySite: number;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId, { name: 'Depot' })).id;
  readOnlySite = (await createSite(db, cloudId, { name: 'Archive' })).id;
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER') => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') {
      await assignSite(db, user.id, cloudId, siteId, ['read_site', 'read_device', 'register']);
      await assignSite(db, user.id, cloudId, readOnlySite, ['read_site', 'read_device']);
    }
    return login(t.app, user.email, TEST_PASSWORD);
  };
  key = await onboardingKeyOf(t, cloudId);
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

/** A device calling home with the cloud's onboarding key. */
const callHome = (sn: string, mac: string, productBrandId = 13) =>
  t.app.inject({
    method: 'POST',
    url: '/agent/v1/adopt',
    payload: adoptBody({ sn, mac }, productBrandId, key),
    remoteAddress: '198.51.100.20',
  });
const pending = (session: Session, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/pending-devices${query}`,
    headers: as(session),
  });
const adopt = (session: Session, pendingId: number, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/pending-devices/adopt`,
    headers: as(session),
    payload: { pending_id: pendingId, ...body },
  });

describe('GET /apiv2/cloud/:cloudId/pending-devices', () => {
  it('lists the devices that called home with its key unregistered, latest first, without their serial numbers', async () => {
    expect((await callHome('PEND1001', '02:9a:00:00:00:01')).statusCode).toBe(202);
    expect((await callHome('PEND1002', '02:9a:00:00:00:02', 97)).statusCode).toBe(202);
    // A smart NVR belongs to the cloud, not to a site: it is not offered.
    expect((await callHome('PENDNVR1', '02:9a:00:00:00:03', 190)).statusCode).toBe(202);
    await t.database.db.execute(
      sql`UPDATE pending_devices SET last_seen_at = now() - interval '1 hour' WHERE sn = 'PEND1001'`,
    );
    const response = await pending(owner);
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.total).toBe(2);
    expect(page.items.map((item: { mac: string }) => item.mac)).toEqual([
      '02:9a:00:00:00:02',
      '02:9a:00:00:00:01',
    ]);
    expect(page.items[0]).toEqual({
      id: expect.any(Number),
      mac: '02:9a:00:00:00:02',
      product_brand_id: 97,
      product_name: 'Managed Switch 8-Port PoE+',
      fw: '7.2.0-3988',
      mgmtd_version: '2.4.1',
      calls: 1,
      first_seen_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
      last_seen_at: expect.stringMatching(/Z$/),
      state: 'unregistered',
      remote_address: '198.51.100.20',
      registration: null,
      approved_until: null,
    });
    const second = (await pending(owner, '?limit=1&offset=1')).json();
    expect(second.items.map((item: { mac: string }) => item.mac)).toEqual(['02:9a:00:00:00:01']);
    expect(second.total).toBe(2);
  });

  it('is for those who may register devices somewhere: a Guest gets 403', async () => {
    expect((await pending(guest)).statusCode).toBe(403);
    expect((await pending(siteUser)).statusCode).toBe(200);
  });

  it('refuses a bad page with the 400 shape', async () => {
    const response = await pending(owner, '?limit=500');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'query', path: '/limit' });
  });
});

describe('pending devices across clouds', () => {
  it('shows a cloud only the callers that named its key or that it registered, never the keyless rest', async () => {
    const db = t.database.db;
    const otherCloud = (await createCloud(db)).id;
    const otherSite = (await createSite(db, otherCloud)).id;
    const otherOwner = await createUser(db);
    await addMember(db, otherOwner.id, otherCloud, 'ROLE_OWNER');
    const other = await login(t.app, otherOwner.email, TEST_PASSWORD);
    const listed = async (session: Session, cloud: number) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/apiv2/cloud/${cloud}/pending-devices`,
          headers: as(session),
        })
      )
        .json()
        .items.map((item: { mac: string; state: string }) => `${item.mac} ${item.state}`);
    const keyless = (sn: string, mac: string) =>
      t.app.inject({
        method: 'POST',
        url: '/agent/v1/adopt',
        payload: adoptBody({ sn, mac }),
        remoteAddress: '203.0.113.9',
      });

    await callHome('CROSS001', '02:9b:00:00:00:01');
    await keyless('CROSS002', '02:9b:00:00:00:02');
    // The other cloud registered this one: when it calls without a key, that cloud sees it to approve.
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${otherCloud}/devices`,
      headers: as(other),
      payload: { site_id: otherSite, sn: 'CROSS003', mac: '02:9b:00:00:00:03', product_brand_id: 13 },
    });
    expect(claimed.statusCode).toBe(201);
    await keyless('CROSS003', '02:9b:00:00:00:03');

    const ours = await listed(owner, cloudId);
    expect(ours).toContain('02:9b:00:00:00:01 unregistered');
    expect(ours.join()).not.toMatch(/02:9b:00:00:00:0[23]/);
    expect(await listed(other, otherCloud)).toEqual(['02:9b:00:00:00:03 awaiting_approval']);

    // Nor can the other cloud adopt our caller by its id.
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM pending_devices WHERE sn = 'CROSS001'`,
    );
    const stolen = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${otherCloud}/pending-devices/adopt`,
      headers: as(other),
      payload: { pending_id: row?.id, site_id: otherSite, sn: 'CROSS001' },
    });
    expect(stolen.statusCode).toBe(404);
  });
});

describe('POST /apiv2/cloud/:cloudId/pending-devices/adopt', () => {
  const pendingId = async (sn: string) =>
    (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM pending_devices WHERE sn = ${sn}`))[0]
      ?.id ?? 0;

  it('registers it into the site once its serial number is given; it gets its credential on its next call', async () => {
    await callHome('PEND2001', '02:9a:00:00:01:01');
    const id = await pendingId('PEND2001');
    const wrong = await adopt(owner, id, { site_id: siteId, sn: 'PEND2999' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([
      expect.objectContaining({ errorCode: 'serial_mismatch', location: 'body', path: '/sn' }),
    ]);
    const missing = await adopt(owner, id, { sn: 'PEND2001' });
    expect(missing.statusCode).toBe(400);
    expect(await pendingId('PEND2001')).toBe(id);

    const response = await adopt(owner, id, { site_id: siteId, sn: 'pend2001', name: 'Depot AP' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Depot AP',
      site_id: siteId,
      sn: 'PEND2001',
      mac: '02:9a:00:00:01:01',
      product_brand_id: 13,
      product_type: 'wifi',
    });
    const deviceId = response.json().id;
    expect((await pending(owner)).json().items.map((item: { mac: string }) => item.mac)).not.toContain(
      '02:9a:00:00:01:01',
    );
    const [record] = await queryRows<{ object_id: string; object_name: string; action: string }>(
      t.database.db,
      sql`SELECT object_id, object_name, action FROM audit_records WHERE object_type = 'device' AND object_id = ${String(deviceId)}`,
    );
    expect(record).toEqual({ object_id: String(deviceId), object_name: 'Depot AP', action: 'created' });

    const called = await callHome('PEND2001', '02:9a:00:00:01:01');
    expect(called.statusCode).toBe(200);
    expect(called.json().status).toBe('adopted');
    expect((await adopt(owner, id, { site_id: siteId, sn: 'PEND2001' })).statusCode).toBe(404);
  });

  it('needs register on the chosen site, and hides sites and devices the caller cannot see', async () => {
    await callHome('PEND3001', '02:9a:00:00:02:01');
    const id = await pendingId('PEND3001');
    expect((await adopt(siteUser, id, { site_id: readOnlySite, sn: 'PEND3001' })).statusCode).toBe(403);
    expect((await adopt(guest, id, { site_id: siteId, sn: 'PEND3001' })).statusCode).toBe(403);
    const foreignSite = (await createSite(t.database.db, (await createCloud(t.database.db)).id)).id;
    expect((await adopt(owner, id, { site_id: foreignSite, sn: 'PEND3001' })).statusCode).toBe(404);
    expect((await adopt(owner, 2_000_000, { site_id: siteId, sn: 'PEND3001' })).statusCode).toBe(404);
    expect(await pendingId('PEND3001')).toBe(id);
    expect((await adopt(siteUser, id, { site_id: siteId, sn: 'PEND3001' })).statusCode).toBe(201);
  });
});

describe('GET /apiv2/cloud/:cloudId/registration-sites', () => {
  const sites = async (session: Session, query = '') =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${cloudId}/registration-sites${query}`,
        headers: as(session),
      })
    ).json().sites;

  it('lists the sites the caller may register devices into, by name', async () => {
    expect(await sites(owner)).toEqual([
      { id: readOnlySite, name: 'Archive' },
      { id: siteId, name: 'Depot' },
    ]);
    expect(await sites(owner, '?filter=dep')).toEqual([{ id: siteId, name: 'Depot' }]);
    expect(await sites(siteUser)).toEqual([{ id: siteId, name: 'Depot' }]);
    expect(await sites(guest)).toEqual([]);
  });
});

describe('POST /apiv2/cloud/:cloudId/devices', () => {
  it('keeps a change log record of the registration', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}/devices`,
      headers: as(owner),
      payload: {
        site_id: siteId,
        sn: 'REG4001',
        mac: '02:9a:00:00:04:01',
        product_brand_id: 13,
        name: 'Gate',
      },
    });
    expect(response.statusCode).toBe(201);
    const records = await queryRows<{ object_name: string; after: object }>(
      t.database.db,
      sql`SELECT object_name, after FROM audit_records WHERE object_id = ${String(response.json().id)} AND object_type = 'device'`,
    );
    expect(records).toEqual([
      {
        object_name: 'Gate',
        after: {
          name: 'Gate',
          site_id: siteId,
          sn: 'REG4001',
          mac: '02:9a:00:00:04:01',
          product_brand_id: 13,
        },
      },
    ]);
  });
});
