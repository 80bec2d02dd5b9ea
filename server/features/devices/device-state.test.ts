// @vitest-environment node
// A blocked or decommissioned device is said so, by whom and when, and whoever may change device state
// brings it back: unblocking makes its credential work again, recommissioning puts it back in the list.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
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
let owner: Session;
let ownerEmail: string;
let guest: Session;
let siteUser: Session;
let outsider: Session;
let cloudId: number;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER', permissions: string[] = []) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloudId, siteId, permissions);
    return { session: await login(t.app, user.email, TEST_PASSWORD), email: user.email };
  };
  const first = await member('ROLE_OWNER');
  owner = first.session;
  ownerEmail = first.email;
  guest = (await member('ROLE_GUEST')).session;
  siteUser = (await member('ROLE_USER', ['read_site', 'read_device', 'change_device_state'])).session;
  const stranger = await createUser(db);
  await addMember(db, stranger.id, (await createCloud(db)).id, 'ROLE_OWNER');
  outsider = await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const post = (session: Session, deviceId: number, change: 'unblock' | 'recommission') =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/devices/${deviceId}/${change}`,
    headers: as(session),
  });
const detail = async (deviceId: number) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/devices/${deviceId}`,
      headers: as(owner),
    })
  ).json();
const listed = async (session: Session = owner) =>
  (await t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/devices`, headers: as(session) })).json()
    .items as { id: number; [field: string]: unknown }[];
const recordsOf = (deviceId: number) =>
  queryRows<{ action: string; before: unknown; after: unknown; actor_email: string }>(
    t.database.db,
    sql`SELECT action, before, after, actor_email FROM audit_records
      WHERE object_type = 'device' AND object_id = ${String(deviceId)} ORDER BY id`,
  );

describe('POST /apiv2/cloud/:cloudId/devices/:deviceId/unblock', () => {
  it('says the device is blocked in the list and on its dashboard, and its credential works again once unblocked', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13 });
    const credential = await adoptDevice(t, device);
    await t.database.db.execute(sql`UPDATE devices SET blocked = true WHERE id = ${device.id}`);
    expect((await sendHeartbeat(t, credential, heartbeat(2))).statusCode).toBe(401);

    const row = (await listed()).find((item) => item.id === device.id);
    expect(row).toMatchObject({ blocked: true, online: false });
    // No change log record says who blocked it: the dashboard says it is blocked, naming nobody.
    expect(await detail(device.id)).toMatchObject({
      blocked: true,
      decomm: false,
      state_changed: null,
      can_change_state: true,
    });

    expect((await post(owner, device.id, 'unblock')).statusCode).toBe(204);
    expect(await detail(device.id)).toMatchObject({ blocked: false, state_changed: null });
    expect((await sendHeartbeat(t, credential, heartbeat(3))).statusCode).toBe(200);
    expect(await recordsOf(device.id)).toEqual([
      { action: 'changed', before: { blocked: true }, after: { blocked: false }, actor_email: ownerEmail },
    ]);
    // Again: nothing to change, nothing recorded.
    expect((await post(owner, device.id, 'unblock')).statusCode).toBe(204);
    expect(await recordsOf(device.id)).toHaveLength(1);
  });

  it('is for whoever may change device state on its site: not a Guest, nor anyone outside the cloud', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13, blocked: true });
    expect((await post(guest, device.id, 'unblock')).statusCode).toBe(403);
    expect((await post(outsider, device.id, 'unblock')).statusCode).toBe(404);
    expect((await detail(device.id)).blocked).toBe(true);
    expect((await post(siteUser, device.id, 'unblock')).statusCode).toBe(204);
    expect((await detail(device.id)).blocked).toBe(false);
  });
});

describe('POST /apiv2/cloud/:cloudId/devices/:deviceId/recommission', () => {
  it('names who decommissioned the device and when, and puts it back in the list', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13 });
    const before = Date.now();
    const decommissioned = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}/devices/bulk/decommission`,
      headers: as(owner),
      payload: { selection: { device_ids: [device.id] }, expected_count: 1 },
    });
    expect(decommissioned.statusCode).toBe(200);
    expect((await listed()).map((item) => item.id)).not.toContain(device.id);
    const shown = await detail(device.id);
    expect(shown).toMatchObject({ decomm: true, state_changed: { by: ownerEmail } });
    expect(Date.parse(shown.state_changed.at)).toBeGreaterThanOrEqual(before - 1000);

    expect((await post(guest, device.id, 'recommission')).statusCode).toBe(403);
    expect((await post(owner, device.id, 'recommission')).statusCode).toBe(204);
    expect(await detail(device.id)).toMatchObject({ decomm: false, state_changed: null });
    expect((await listed()).map((item) => item.id)).toContain(device.id);
    expect((await recordsOf(device.id)).at(-1)).toMatchObject({
      before: { decomm: true },
      after: { decomm: false },
    });
  });
});

describe('GET /apiv2/cloud/:cloudId/devices readings', () => {
  it('gives when each device last reported, its uptime while online, its clients and its uplink', async () => {
    const accessPoint = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13 });
    const gateway = await createDevice(t.database.db, cloudId, siteId, {
      productBrandId: 13,
      productType: 'gateway',
    });
    const silent = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13 });
    expect((await sendHeartbeat(t, await adoptDevice(t, accessPoint), heartbeat(1))).statusCode).toBe(200);
    const wan = [
      { name: 'wan1', up: false, rxBytes: 0, txBytes: 0 },
      { name: 'wan2', up: true, ip: '198.51.100.7', rxBytes: 10, txBytes: 20 },
    ];
    const beat = heartbeat(1, { radios: undefined, clients: undefined, wan });
    expect((await sendHeartbeat(t, await adoptDevice(t, gateway), beat)).statusCode).toBe(200);

    const items = await listed();
    const item = (id: number) => items.find((one) => one.id === id);
    expect(item(accessPoint.id)).toMatchObject({ clients: 0, uplink: null });
    expect(item(accessPoint.id)?.uptime_s).toBeGreaterThanOrEqual(heartbeat(1).uptimeS);
    expect(Date.parse(String(item(accessPoint.id)?.last_seen_at))).not.toBeNaN();
    expect(item(gateway.id)).toMatchObject({
      clients: null,
      uplink: { kind: 'wan', up: true, name: 'wan2', mbps: null },
    });
    expect(item(silent.id)).toMatchObject({
      last_seen_at: null,
      uptime_s: null,
      clients: null,
      uplink: null,
    });
  });
});
