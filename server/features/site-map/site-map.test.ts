// @vitest-environment node
// The site map (docs/site-map.md): a site's devices and radio links, and placing a device with edit_map.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteMap } from '../../../core/api/site-map.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { devices } from '../../db/schema/inventory.ts';
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
let ptp: { a: number; b: number; placed: number; other: number };
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  const site = await createSite(db, cloudId, { latitude: 47.5, longitude: 19.04 });
  siteId = site.id;
  const otherSite = await createSite(db, cloudId);
  const radio = { productType: 'metrolinq', productBrandId: 153 } as const;
  const a = await createDevice(db, cloudId, siteId, {
    ...radio,
    name: 'Tower A',
    healthId: 'HEALTH_WARNING',
  });
  const b = await createDevice(db, cloudId, siteId, { ...radio, name: 'Tower B' });
  const placed = await createDevice(db, cloudId, siteId, {
    name: 'Lobby AP',
    latitude: 47.51,
    longitude: 19.05,
  });
  const other = await createDevice(db, cloudId, otherSite.id, { name: 'Elsewhere' });
  ptp = { a: a.id, b: b.id, placed: placed.id, other: other.id };
  // Both ends report the one link, the far end also reports a peer that is no device of the site.
  const beat = (links: object[]) => ({
    credentialHash: 'f'.repeat(64),
    state: {} as never,
    telemetry: { links },
  });
  await db.insert(deviceAgents).values([
    {
      cloudId,
      deviceId: a.id,
      ...beat([{ peerMac: b.mac.toUpperCase(), band: '60', up: true, capacityMbps: 1800 }]),
    },
    {
      cloudId,
      deviceId: b.id,
      ...beat([
        { peerMac: a.mac, band: '60', up: false },
        { peerMac: '02:ff:ff:ff:ff:ff', band: '5', up: true },
      ]),
    },
  ] as never);
  for (const [key, role, sites] of [
    ['owner', 'ROLE_OWNER', null],
    ['guest', 'ROLE_GUEST', null],
    ['mapper', 'ROLE_USER', ['read_site', 'read_device', 'edit_map']],
    ['reader', 'ROLE_USER', ['read_site', 'read_device']],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, 0);
    if (sites) await assignSite(db, user.id, cloudId, siteId, [...sites]);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const mapOf = (who: string, site = siteId) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/sites/${site}/map`,
    headers: as(session[who] as Session),
  });
const place = (who: string, deviceId: number, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/apiv2/cloud/${cloudId}/devices/${deviceId}/location`,
    payload,
    headers: as(session[who] as Session),
  });
const stored = async (deviceId: number) => {
  const [row] = await t.database.db
    .select({ latitude: devices.latitude, longitude: devices.longitude })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row;
};

describe('GET /apiv2/cloud/:cloudId/sites/:siteId/map', () => {
  it("answers the site's centre, its devices with their place, and each radio link once", async () => {
    const response = await mapOf('owner');
    expect(response.statusCode).toBe(200);
    const body = response.json<SiteMap>();
    expect(body.site).toMatchObject({ id: siteId, latitude: 47.5, longitude: 19.04 });
    expect(body.devices.map((d) => d.name)).toEqual(['Lobby AP', 'Tower A', 'Tower B']);
    expect(body.devices.find((d) => d.id === ptp.placed)).toMatchObject({
      latitude: 47.51,
      longitude: 19.05,
    });
    expect(body.devices.find((d) => d.id === ptp.a)).toMatchObject({
      health_id: 'HEALTH_WARNING',
      latitude: null,
      longitude: null,
      uplink: { kind: 'radio_link', up: true, mbps: 1800 },
    });
    // Up because one end says so; the peer that is not on the site draws no line.
    expect(body.links).toEqual([
      {
        from_device_id: Math.min(ptp.a, ptp.b),
        to_device_id: Math.max(ptp.a, ptp.b),
        band: '60',
        state: 'up',
        capacity_mbps: 1800,
      },
    ]);
    expect(body.can_edit_map).toBe(true);
  });

  it('says a Guest may not place devices, and a Site User of another site does not see it', async () => {
    expect((await mapOf('guest')).json<SiteMap>().can_edit_map).toBe(false);
    expect((await mapOf('reader')).json<SiteMap>().can_edit_map).toBe(false);
    expect((await mapOf('mapper')).json<SiteMap>().can_edit_map).toBe(true);
    const elsewhere = await createSite(t.database.db, cloudId);
    expect((await mapOf('reader', elsewhere.id)).statusCode).toBe(404);
  });
});

describe('PUT /apiv2/cloud/:cloudId/devices/:deviceId/location', () => {
  it('places a device, records the change, and takes it off the map with both null', async () => {
    const placed = await place('mapper', ptp.a, { latitude: 47.502, longitude: 19.041 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json()).toEqual({ id: ptp.a, latitude: 47.502, longitude: 19.041 });
    expect(await stored(ptp.a)).toEqual({ latitude: 47.502, longitude: 19.041 });
    const [record] = await t.database.db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.objectType, 'device'), eq(auditRecords.objectId, String(ptp.a))));
    expect(record).toMatchObject({
      action: 'changed',
      objectName: 'Tower A',
      before: { latitude: null, longitude: null },
      after: { latitude: 47.502, longitude: 19.041 },
    });

    const unplaced = await place('owner', ptp.a, { latitude: null, longitude: null });
    expect(unplaced.statusCode).toBe(200);
    expect(await stored(ptp.a)).toEqual({ latitude: null, longitude: null });
  });

  it.each([
    ['a latitude out of range', { latitude: 91, longitude: 19 }],
    ['a longitude out of range', { latitude: 47, longitude: -180.5 }],
    ['only one of the two', { latitude: 47, longitude: null }],
    ['a missing longitude', { latitude: 47 }],
    ['an unknown key', { latitude: 47, longitude: 19, altitude: 120 }],
    ['text for a number', { latitude: '47', longitude: '19' }],
  ])('answers 400 to %s and changes nothing', async (_name, payload) => {
    const response = await place('owner', ptp.placed, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body' });
    expect(await stored(ptp.placed)).toEqual({ latitude: 47.51, longitude: 19.05 });
  });

  it('answers 403 without edit_map and 404 for a device the caller does not see', async () => {
    expect((await place('guest', ptp.placed, { latitude: 1, longitude: 1 })).statusCode).toBe(403);
    expect((await place('reader', ptp.placed, { latitude: 1, longitude: 1 })).statusCode).toBe(403);
    expect((await place('mapper', ptp.other, { latitude: 1, longitude: 1 })).statusCode).toBe(404);
    expect(await stored(ptp.placed)).toEqual({ latitude: 47.51, longitude: 19.05 });
    expect(await stored(ptp.other)).toEqual({ latitude: null, longitude: null });
  });
});
