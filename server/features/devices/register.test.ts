// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { adoptBody, onboardingKeyOf } from '../../fleet/test-fleet.ts';
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
let owner: Session;
let cloudId: number;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const user = await createUser(db);
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
  siteId = (await createSite(db, cloud.id)).id;
  owner = await login(t.app, user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const register = (body: object, cloud = cloudId) =>
  t.app.inject({ method: 'POST', url: `/apiv2/cloud/${cloud}/devices`, headers: as(owner), payload: body });

describe('POST /apiv2/cloud/:cloudId/devices', () => {
  it("registers a device by serial number and MAC; when it calls home with the cloud's key it is adopted", async () => {
    const response = await register({
      site_id: siteId,
      sn: 'wa1000',
      mac: '02-4C-10-AA-BB-01',
      product_brand_id: 13,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'AP-WIFI6-2x2-IN bb01',
      site_id: siteId,
      sn: 'WA1000',
      mac: '02:4c:10:aa:bb:01',
      product_brand_id: 13,
      product_type: 'wifi',
    });
    // Its model says which configuration document it takes.
    const config = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/devices/${response.json().id}/config`,
      headers: as(owner),
    });
    expect(config.json().config_type).toBe('wifi6');
    const adopted = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/adopt',
      payload: adoptBody({ sn: 'WA1000', mac: '02:4C:10:AA:BB:01' }, 13, await onboardingKeyOf(t, cloudId)),
    });
    expect(adopted.json().status).toBe('adopted');
  });

  it('refuses a MAC or serial number already registered, and bad input, adding nothing', async () => {
    await register({
      site_id: siteId,
      sn: 'WA2000',
      mac: '02:4c:10:aa:bb:02',
      product_brand_id: 13,
      name: 'Lobby',
    });
    const cases: [object, string, string][] = [
      [{ site_id: siteId, sn: 'WA2001', mac: '024c10aabb02', product_brand_id: 13 }, '/mac', 'duplicate'],
      [{ site_id: siteId, sn: 'wa2000', mac: '02:4c:10:aa:bb:03', product_brand_id: 13 }, '/sn', 'duplicate'],
      [
        { site_id: siteId, sn: 'WA2002', mac: '02:4c:10:aa:bb:04', product_brand_id: 5000 },
        '/product_brand_id',
        'unknown_product',
      ],
      [
        { site_id: siteId, sn: 'WA2003', mac: '02:4c:10:aa:bb:05', product_brand_id: 190 },
        '/product_brand_id',
        'not_a_site_device',
      ],
      [{ site_id: siteId, sn: 'WA2004', mac: 'zz:4c:10:aa:bb:06', product_brand_id: 13 }, '/mac', 'pattern'],
    ];
    for (const [body, path, errorCode] of cases) {
      const response = await register(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ path, errorCode }));
    }
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM devices WHERE sn LIKE 'WA200%'`,
    );
    expect(count?.n).toBe(1);
  });

  it("says nothing of another cloud's devices: a MAC and serial number registered there register here too", async () => {
    const db = t.database.db;
    const other = await createCloud(db);
    await createDevice(db, other.id, (await createSite(db, other.id)).id, {
      sn: 'ELSEWHERE1',
      mac: '02:4c:10:aa:bb:40',
    });
    const response = await register({
      site_id: siteId,
      sn: 'elsewhere1',
      mac: '02:4c:10:aa:bb:40',
      product_brand_id: 13,
    });
    expect(response.statusCode, response.body).toBe(201);
    // Within the cloud it is registered once.
    const again = await register({
      site_id: siteId,
      sn: 'ELSEWHERE2',
      mac: '02:4c:10:aa:bb:40',
      product_brand_id: 13,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().errors).toContainEqual(
      expect.objectContaining({ path: '/mac', errorCode: 'duplicate' }),
    );
  });

  it('answers 404 for a site of another cloud', async () => {
    const other = await createCloud(t.database.db);
    const foreignSite = await createSite(t.database.db, other.id);
    const response = await register({
      site_id: foreignSite.id,
      sn: 'WA3000',
      mac: '02:4c:10:aa:bb:30',
      product_brand_id: 13,
    });
    expect(response.statusCode).toBe(404);
  });
});
