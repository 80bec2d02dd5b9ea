// @vitest-environment node
// Licenses and Add-ons (docs/navigation.md#routes, docs/entities.md License status, docs/roles.md change_device_license with the add-on context).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { FREE_LICENSE_ALLOWANCE } from '../../../core/plan.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { addons, cloudAddons, licenses } from '../../db/schema/clouds.ts';
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
const session: Record<string, Session> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const key of ['owner', 'admin', 'guest', 'siteLicenses', 'stranger']) {
    const user = await createUser(t.database.db);
    userId[key] = user.id;
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

/** A cloud with two sites and a device on each; the Site User with manage_licenses is given the first. */
async function licenseCloud(planType: 'intro' | 'trial' = 'intro') {
  const { db } = t.database;
  const cloud = await createCloud(db, { planType, planExpiresAt: new Date(Date.now() + 86_400_000 * 90) });
  const mine = await createSite(db, cloud.id, { name: 'Alpha site' });
  const other = await createSite(db, cloud.id, { name: 'Beta site' });
  const a = await createDevice(db, cloud.id, mine.id, { name: 'A unit' });
  const b = await createDevice(db, cloud.id, other.id, { name: 'B unit' });
  await addMember(db, userId.owner as number, cloud.id, 'ROLE_OWNER');
  await addMember(db, userId.admin as number, cloud.id, 'ROLE_ADMIN');
  await addMember(db, userId.guest as number, cloud.id, 'ROLE_GUEST');
  await addMember(db, userId.siteLicenses as number, cloud.id, 'ROLE_USER', CLOUD_PERMISSION.manage_licenses);
  await assignSite(db, userId.siteLicenses as number, cloud.id, mine.id, ['read_site', 'read_device']);
  return { cloud, sites: { mine, other }, devices: { a, b } };
}

const call = (method: 'GET' | 'PUT' | 'DELETE', who: string, url: string) =>
  t.app.inject({ method, url, headers: as(session[who] as Session) });
const licenseUrl = (cloudId: number, deviceId: number) =>
  `/apiv2/cloud/${cloudId}/licenses/devices/${deviceId}`;
const status = async (cloudId: number) =>
  (await call('GET', 'owner', `/apiv2/cloud/${cloudId}/license-status`)).json();

describe('GET /apiv2/cloud/:cloudId/licenses/devices', () => {
  it('pages the devices holding a license and those holding none, by name', async () => {
    const { cloud, devices } = await licenseCloud();
    await t.database.db
      .insert(licenses)
      .values({ cloudId: cloud.id, kind: 'device', deviceId: devices.b.id });
    const holding = (await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices`)).json();
    expect(holding).toEqual({
      items: [
        {
          id: devices.b.id,
          name: 'B unit',
          site_id: devices.b.siteId,
          site_name: 'Beta site',
          license: 'paid',
          expires_at: null,
          can_change: true,
        },
      ],
      total: 1,
      total_capped: false,
    });
    const none = (
      await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices?holding=no&limit=1`)
    ).json();
    expect(none.items.map((item: { name: string }) => item.name)).toEqual(['A unit']);
    expect(none.total).toBe(1);
  });

  it('lists a decommissioned device still holding a license, so it can be released', async () => {
    const { cloud } = await licenseCloud();
    const retired = await createDevice(t.database.db, cloud.id, null, { name: 'Old unit', decomm: true });
    await t.database.db.insert(licenses).values({ cloudId: cloud.id, kind: 'device', deviceId: retired.id });
    const holding = (await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices`)).json();
    expect(holding.items).toMatchObject([{ name: 'Old unit', license: 'paid', can_change: true }]);
    const none = (await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices?holding=no`)).json();
    expect(none.items.map((item: { name: string }) => item.name)).toEqual(['A unit', 'B unit']);
    expect((await call('DELETE', 'owner', licenseUrl(cloud.id, retired.id))).json().license).toBeNull();
  });

  it("shows a Site User only their sites' devices", async () => {
    const { cloud } = await licenseCloud();
    const body = (
      await call('GET', 'siteLicenses', `/apiv2/cloud/${cloud.id}/licenses/devices?holding=no`)
    ).json();
    expect(body.items.map((item: { name: string }) => item.name)).toEqual(['A unit']);
  });

  it('answers bad paging with the 400 shape, a member without manage_licenses 403 and an outsider 404', async () => {
    const { cloud } = await licenseCloud();
    const bad = await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices?holding=maybe`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({ location: 'query', path: '/holding' });
    expect((await call('GET', 'guest', `/apiv2/cloud/${cloud.id}/licenses/devices`)).statusCode).toBe(403);
    expect((await call('GET', 'admin', `/apiv2/cloud/${cloud.id}/licenses/devices`)).statusCode).toBe(403);
    expect((await call('GET', 'stranger', `/apiv2/cloud/${cloud.id}/licenses/devices`)).statusCode).toBe(404);
  });
});

describe('PUT and DELETE /apiv2/cloud/:cloudId/licenses/devices/:deviceId', () => {
  it('assigns a spare paid license first, releases it back as a spare, and records both', async () => {
    const { cloud, devices } = await licenseCloud();
    await t.database.db.insert(licenses).values({ cloudId: cloud.id, kind: 'device' });
    const assigned = await call('PUT', 'owner', licenseUrl(cloud.id, devices.a.id));
    expect(assigned.json()).toEqual({ device_id: devices.a.id, license: 'paid' });
    expect(await status(cloud.id)).toMatchObject({ licensesUsed: 1, freeLicensesUsed: 0 });
    // Assigning again changes nothing.
    expect((await call('PUT', 'owner', licenseUrl(cloud.id, devices.a.id))).json().license).toBe('paid');
    const released = await call('DELETE', 'owner', licenseUrl(cloud.id, devices.a.id));
    expect(released.json()).toEqual({ device_id: devices.a.id, license: null });
    expect(await status(cloud.id)).toMatchObject({ licensesUsed: 0 });
    // The released license is the spare the next device gets.
    expect((await call('PUT', 'owner', licenseUrl(cloud.id, devices.b.id))).json().license).toBe('paid');
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.cloudId, cloud.id), eq(auditRecords.objectType, 'license')));
    expect(records).toMatchObject([
      {
        action: 'changed',
        objectId: String(devices.a.id),
        objectName: 'A unit',
        before: { license: null },
        after: { license: 'paid' },
      },
      {
        action: 'changed',
        objectId: String(devices.a.id),
        before: { license: 'paid' },
        after: { license: null },
      },
      { action: 'changed', objectId: String(devices.b.id), after: { license: 'paid' } },
    ]);
  });

  it("gives free licenses while the plan's allowance lasts, then refuses with the reason (409)", async () => {
    const { cloud, devices, sites } = await licenseCloud('intro');
    const allowance = FREE_LICENSE_ALLOWANCE.intro;
    await t.database.db.insert(licenses).values(
      Array.from({ length: allowance - 1 }, () => ({
        cloudId: cloud.id,
        kind: 'device' as const,
        free: true,
        deviceId: 999_999,
      })),
    );
    // Rows naming a gone device are spares: give them a live device each first.
    const extra = [];
    for (let index = 0; index < allowance - 1; index++)
      extra.push(await createDevice(t.database.db, cloud.id, sites.mine.id));
    for (const device of extra)
      expect((await call('PUT', 'owner', licenseUrl(cloud.id, device.id))).json().license).toBe('free');
    expect((await call('PUT', 'owner', licenseUrl(cloud.id, devices.a.id))).json().license).toBe('free');
    const refused = await call('PUT', 'owner', licenseUrl(cloud.id, devices.b.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/no license left/);
    expect(await status(cloud.id)).toMatchObject({
      freeLicensesUsed: allowance,
      freeLicensesTotal: allowance,
    });
  });

  it('lets a Site User with manage_licenses change licenses on their site only; others are refused', async () => {
    const { cloud, devices } = await licenseCloud('trial');
    expect((await call('PUT', 'siteLicenses', licenseUrl(cloud.id, devices.a.id))).statusCode).toBe(200);
    expect((await call('PUT', 'siteLicenses', licenseUrl(cloud.id, devices.b.id))).statusCode).toBe(404);
    expect((await call('PUT', 'guest', licenseUrl(cloud.id, devices.b.id))).statusCode).toBe(403);
    expect((await call('DELETE', 'admin', licenseUrl(cloud.id, devices.a.id))).statusCode).toBe(403);
    expect((await call('PUT', 'stranger', licenseUrl(cloud.id, devices.a.id))).statusCode).toBe(404);
    expect((await call('PUT', 'owner', licenseUrl(cloud.id, 2_000_000_000))).statusCode).toBe(404);
    expect((await call('PUT', 'owner', `/apiv2/cloud/${cloud.id}/licenses/devices/abc`)).statusCode).toBe(
      400,
    );
    expect(await status(cloud.id)).toMatchObject({ freeLicensesUsed: 1 });
  });
});

describe('GET /apiv2/cloud/:cloudId/addons', () => {
  it('lists the catalogue with what the cloud has and its add-on license', async () => {
    const { db } = t.database;
    const { cloud } = await licenseCloud();
    const [portal] = await db
      .insert(addons)
      .values({ slug: `portal-${cloud.id}`, name: `Portal ${cloud.id}` })
      .returning();
    if (!portal) throw new Error('add-on not created');
    const expiresAt = new Date('2030-01-01T00:00:00.000Z');
    await db.insert(cloudAddons).values({ cloudId: cloud.id, addonId: portal.id });
    await db.insert(licenses).values({ cloudId: cloud.id, kind: 'addon', addonId: portal.id, expiresAt });
    const body = (await call('GET', 'owner', `/apiv2/cloud/${cloud.id}/addons`)).json();
    expect(body.addons).toContainEqual(
      expect.objectContaining({ id: portal.id, enabled: true, license_expires_at: expiresAt.toISOString() }),
    );
    expect((await call('GET', 'guest', `/apiv2/cloud/${cloud.id}/addons`)).statusCode).toBe(403);
  });
});
