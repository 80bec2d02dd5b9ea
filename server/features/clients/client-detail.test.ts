// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientDetail, ClientStay, ClientStaysResponse } from '../../../core/api/clients.ts';
import type { WirelessClient } from '../../../core/fleet/protocol.ts';
import { queryRows } from '../../db/rows.ts';
import { objectHistory, wirelessClients } from '../../db/schema/inventory.ts';
import { dropExpiredClientSamples, sampleClients } from '../../fleet/client-samples.ts';
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
let cloudId: number;
let otherCloudId: number;
let owner: Session;
let siteUser: Session;
const site = { harbour: 0, depot: 0 };
const ap: Record<string, { id: number; credential: string }> = {};
let seq = 0;

const radio = (fields: Partial<WirelessClient> = {}): WirelessClient => ({
  mac: '3A:10:00:00:00:01',
  ip: '192.168.1.20',
  hostname: 'laptop-anna',
  ssid: 'Corp',
  band: '5',
  rssi: -55,
  rxBytes: 1000,
  txBytes: 200,
  ...fields,
});

/** The access point's next heartbeat, listing these clients; it answers 200. */
async function report(name: string, clients: WirelessClient[]) {
  const device = ap[name];
  if (!device) throw new Error(`no access point ${name}`);
  seq += 1;
  const response = await sendHeartbeat(t, device.credential, heartbeat(seq, { clients }));
  expect(response.statusCode, response.body).toBe(200);
}

const clientId = async (mac: string) =>
  (await queryRows<{ id: number }>(t.database.db, sql`SELECT id FROM wireless_clients WHERE mac = ${mac}`))[0]
    ?.id ?? 0;

const get = (session: Session, id: number, query: Record<string, string> = {}, cloud = cloudId) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloud}/clients/${id}`, query, headers: as(session) });

async function detail(session: Session, id: number, query: Record<string, string> = {}) {
  const response = await get(session, id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientDetail;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  otherCloudId = (await createCloud(db)).id;
  site.harbour = (await createSite(db, cloudId, { name: 'Harbour' })).id;
  site.depot = (await createSite(db, cloudId, { name: 'Depot' })).id;
  for (const [name, siteId] of [
    ['Lobby AP', site.harbour],
    ['Dock AP', site.harbour],
    ['Yard AP', site.depot],
  ] as const) {
    const device = await createDevice(db, cloudId, siteId, { name, productBrandId: 13 });
    ap[name] = { id: device.id, credential: await adoptDevice(t, device) };
  }
  const member = async (role: 'ROLE_OWNER' | 'ROLE_USER', cloud = cloudId) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud, role);
    if (role === 'ROLE_USER')
      await assignSite(db, user.id, cloud, site.harbour, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

describe('GET /apiv2/cloud/:cloudId/clients/:clientId', () => {
  it('tells which devices and sites a roaming client stayed on and when, newest first', async () => {
    await report('Lobby AP', [radio()]);
    await report('Lobby AP', [radio({ rssi: -58 })]);
    await report('Dock AP', [radio({ band: '2.4', rssi: -70 })]);
    await report('Yard AP', [radio({ ip: '10.9.0.4', ssid: 'Depot', rssi: -61 })]);
    const id = await clientId('3a:10:00:00:00:01');

    const client = await detail(owner, id);
    expect(client).toMatchObject({
      id,
      mac: '3a:10:00:00:00:01',
      ip: '10.9.0.4',
      hostname: 'laptop-anna',
      ssid: 'Depot',
      band: '5',
      rssi: -61,
      rx_bytes: 4000,
      tx_bytes: 800,
      device: { id: ap['Yard AP']?.id, name: 'Yard AP' },
      site: { id: site.depot, name: 'Depot' },
      connected: true,
    });
    expect(
      client.history.map((stay) => [stay.device?.name, stay.site?.name, stay.ssid, stay.band, stay.current]),
    ).toEqual([
      ['Yard AP', 'Depot', 'Depot', '5', true],
      ['Dock AP', 'Harbour', 'Corp', '2.4', false],
      ['Lobby AP', 'Harbour', 'Corp', '5', false],
    ]);
    const [yard, dock, lobby] = client.history;
    expect(yard?.first_seen_at).toBe(client.first_seen_at);
    // Each stay runs from the first heartbeat that listed the client to the last one, in order.
    expect(lobby && lobby.first_seen_at < lobby.last_seen_at).toBe(true);
    expect(dock && lobby && dock.first_seen_at >= lobby.last_seen_at).toBe(true);
    expect(yard && dock && yard.first_seen_at >= dock.last_seen_at).toBe(true);
    expect(client.addresses).toEqual([{ ip: '192.168.1.20', until: dock?.last_seen_at }]);
  });

  it('records a stay only when the client changes device', async () => {
    const mac = '3a:10:00:00:00:02';
    await report('Lobby AP', [radio({ mac })]);
    await report('Lobby AP', [radio({ mac, rssi: -50 })]);
    expect((await detail(owner, await clientId(mac))).history).toHaveLength(1);
    await report('Dock AP', [radio({ mac })]);
    expect((await detail(owner, await clientId(mac))).history).toHaveLength(2);
  });

  it('keeps the stays and addresses of the range asked for', async () => {
    const mac = '3a:10:00:00:00:03';
    await report('Lobby AP', [radio({ mac, ip: '192.168.1.40' })]);
    await report('Dock AP', [radio({ mac, ip: '192.168.1.41' })]);
    const id = await clientId(mac);
    // The stay on the lobby AP, and the history rows the same move wrote, ended 9 days ago.
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 9 * 86_400_000).toISOString();
    await t.database.db.execute(sql`UPDATE wireless_client_stays
      SET first_seen_at = ${from}, last_seen_at = ${to} WHERE client_id = ${id}`);
    await t.database.db.execute(sql`UPDATE object_history
      SET valid_from = ${from}, valid_to = ${to} WHERE object_type = 'client' AND object_id = ${id}`);
    expect((await detail(owner, id)).history.map((stay) => stay.device?.name)).toEqual([
      'Dock AP',
      'Lobby AP',
    ]);
    expect((await detail(owner, id)).addresses).toHaveLength(1);
    const lastWeek = await detail(owner, id, { range: '7d' });
    expect(lastWeek.history.map((stay) => stay.device?.name)).toEqual(['Dock AP']);
    expect(lastWeek.addresses).toEqual([]);
    expect((await detail(owner, id, { range: '30d' })).history).toHaveLength(2);
  });

  it('names the site of moves recorded before stays were kept', async () => {
    const { db } = t.database;
    const [old] = await db
      .insert(wirelessClients)
      .values({
        cloudId,
        siteId: site.harbour,
        deviceId: ap['Lobby AP']?.id,
        mac: '3a:10:00:00:00:04',
        hostname: 'visitor',
        firstSeenAt: new Date(Date.now() - 3 * 86_400_000),
        lastSeenAt: new Date(Date.now() - 2 * 86_400_000),
      })
      .returning();
    if (!old) throw new Error('client not created');
    await db.insert(objectHistory).values({
      cloudId,
      siteId: site.depot,
      objectType: 'client',
      objectId: old.id,
      field: 'mac',
      value: old.mac,
      validFrom: new Date(Date.now() - 20 * 86_400_000),
      validTo: new Date(Date.now() - 10 * 86_400_000),
    });
    const client = await detail(owner, old.id);
    expect(client.connected).toBe(false);
    expect(client.history.map((stay) => [stay.device?.name ?? null, stay.site?.name, stay.current])).toEqual([
      ['Lobby AP', 'Harbour', true],
      [null, 'Depot', false],
    ]);
  });

  it('shows a Site User clients of their sites only, without stays on other sites', async () => {
    const mac = '3a:10:00:00:00:05';
    await report('Yard AP', [radio({ mac })]);
    const id = await clientId(mac);
    const hidden = await get(siteUser, id);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ message: 'No such client in this cloud.' });

    await report('Lobby AP', [radio({ mac })]);
    const client = await detail(siteUser, id);
    expect(client.history.map((stay) => stay.device?.name)).toEqual(['Lobby AP']);
    expect((await detail(owner, id)).history.map((stay) => stay.device?.name)).toEqual([
      'Lobby AP',
      'Yard AP',
    ]);
  });

  it("samples a client's signal and traffic each hour; a Site User gets those of its current stay", async () => {
    const mac = '3a:10:00:00:00:99';
    const hour = (ago: number) => new Date(Date.now() - ago * 3_600_000);
    const hourStart = (ago: number) =>
      `${new Date(Math.floor(hour(ago).getTime() / 3_600_000) * 3_600_000).toISOString().slice(0, 19)}Z`;
    const { db } = t.database;
    await report('Lobby AP', [radio({ mac, rssi: -55, rxBytes: 1000, txBytes: 200 })]);
    await sampleClients(db, hour(2));
    await report('Lobby AP', [radio({ mac, rssi: -60, rxBytes: 3000, txBytes: 800 })]);
    await sampleClients(db, hour(1));
    await report('Lobby AP', [radio({ mac, rssi: -66, rxBytes: 500, txBytes: 100 })]);
    await sampleClients(db, hour(0));
    // A second sampling within the hour (after a restart) keeps the later reading.
    await report('Lobby AP', [radio({ mac, rssi: -64, rxBytes: 500, txBytes: 100 })]);
    await sampleClients(db, hour(0));
    const id = await clientId(mac);

    const samples = [
      { at: hourStart(2), rssi: -55, rx_bytes: null, tx_bytes: null },
      { at: hourStart(1), rssi: -60, rx_bytes: 3000, tx_bytes: 800 },
      { at: hourStart(0), rssi: -64, rx_bytes: 1000, tx_bytes: 200 },
    ];
    expect((await detail(owner, id)).samples).toEqual(samples);
    expect((await detail(owner, id, { range: '24h' })).samples).toEqual(samples);
    // The client came to the Lobby AP within this hour: the Site User gets this hour only.
    expect((await detail(siteUser, id)).samples).toEqual(samples.slice(2));

    await dropExpiredClientSamples(db, new Date(Date.now() + 8 * 86_400_000));
    expect((await detail(owner, id)).samples).toEqual([]);
  });

  it('answers 404 for a client of another cloud or none, and 400 for a bad id or range', async () => {
    const id = await clientId('3a:10:00:00:00:01');
    const outsider = await (async () => {
      const user = await createUser(t.database.db);
      await addMember(t.database.db, user.id, otherCloudId, 'ROLE_OWNER');
      return login(t.app, user.email, TEST_PASSWORD);
    })();
    expect((await get(outsider, id, {}, otherCloudId)).statusCode).toBe(404);
    expect((await get(owner, 2_000_000)).statusCode).toBe(404);
    const badRange = await get(owner, id, { range: '1y' });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().errors[0]).toMatchObject({ location: 'query', path: '/range' });
    const badId = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/clients/first`,
      headers: as(owner),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0]).toMatchObject({ location: 'params', path: '/clientId' });
  });
});

const stays = (session: Session, id: number, query: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/clients/${id}/stays`,
    query,
    headers: as(session),
  });

async function stayPage(session: Session, id: number, query: Record<string, string> = {}) {
  const response = await stays(session, id, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ClientStaysResponse;
}
const where = (page: ClientStaysResponse) =>
  page.items.map((stay) => [stay.device?.name ?? null, stay.site?.name ?? null, stay.current]);

describe('GET /apiv2/cloud/:cloudId/clients/:clientId/stays (docs/clients.md#connection-history)', () => {
  it('pages the connection history on the server: the stay that goes on first, then newest first', async () => {
    const mac = '3a:10:00:00:00:20';
    for (const name of ['Lobby AP', 'Dock AP', 'Lobby AP', 'Yard AP', 'Dock AP']) {
      await report(name, [radio({ mac, ssid: name === 'Yard AP' ? 'Depot' : 'Corp' })]);
    }
    const id = await clientId(mac);
    const first = await stayPage(owner, id, { limit: '2' });
    expect([first.total, first.total_capped]).toEqual([5, false]);
    expect(where(first)).toEqual([
      ['Dock AP', 'Harbour', true],
      ['Yard AP', 'Depot', false],
    ]);
    expect(first.items[1]).toMatchObject({ ssid: 'Depot', band: '5' });
    const second = await stayPage(owner, id, { limit: '2', offset: '2' });
    expect(where(second)).toEqual([
      ['Lobby AP', 'Harbour', false],
      ['Dock AP', 'Harbour', false],
    ]);
    const third = await stayPage(owner, id, { limit: '2', offset: '4' });
    expect(where(third)).toEqual([['Lobby AP', 'Harbour', false]]);
    // Each stay ends before the next one begins.
    const all = (await stayPage(owner, id)).items;
    for (let n = 1; n < all.length; n++) {
      expect((all[n] as ClientStay).last_seen_at <= (all[n - 1] as ClientStay).first_seen_at).toBe(true);
    }
  });

  it('keeps the range asked for, with moves recorded before stays were kept', async () => {
    const mac = '3a:10:00:00:00:21';
    await report('Lobby AP', [radio({ mac })]);
    await report('Dock AP', [radio({ mac })]);
    const id = await clientId(mac);
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString();
    const to = new Date(Date.now() - 9 * 86_400_000).toISOString();
    await t.database.db.execute(sql`UPDATE wireless_client_stays
      SET first_seen_at = ${from}, last_seen_at = ${to} WHERE client_id = ${id}`);
    await t.database.db.execute(sql`UPDATE object_history
      SET valid_from = ${from}, valid_to = ${to} WHERE object_type = 'client' AND object_id = ${id}`);
    await t.database.db.insert(objectHistory).values({
      cloudId,
      siteId: site.depot,
      objectType: 'client',
      objectId: id,
      field: 'mac',
      value: mac,
      validFrom: new Date(Date.now() - 40 * 86_400_000),
      validTo: new Date(Date.now() - 35 * 86_400_000),
    });
    expect(where(await stayPage(owner, id))).toEqual([
      ['Dock AP', 'Harbour', true],
      ['Lobby AP', 'Harbour', false],
      [null, 'Depot', false],
    ]);
    const lastWeek = await stayPage(owner, id, { range: '7d' });
    expect([lastWeek.total, ...where(lastWeek)]).toEqual([1, ['Dock AP', 'Harbour', true]]);
    expect((await stayPage(owner, id, { range: '30d' })).total).toBe(2);
  });

  it('gives a Site User the stays on their sites only, and 404 for a client elsewhere', async () => {
    const mac = '3a:10:00:00:00:22';
    await report('Yard AP', [radio({ mac })]);
    const id = await clientId(mac);
    expect((await stays(siteUser, id)).statusCode).toBe(404);
    await report('Lobby AP', [radio({ mac })]);
    expect(where(await stayPage(siteUser, id))).toEqual([['Lobby AP', 'Harbour', true]]);
    expect((await stayPage(siteUser, id)).total).toBe(1);
    expect((await stayPage(owner, id)).total).toBe(2);
  });

  it('refuses unknown and bad query keys, and answers 404 outside the cloud', async () => {
    const id = await clientId('3a:10:00:00:00:01');
    const bad = await stays(owner, id, { range: '1y', limit: '500', sort: 'from' });
    expect(bad.statusCode).toBe(400);
    expect(new Set(bad.json().errors.map((issue: { path: string }) => issue.path))).toEqual(
      new Set(['/range', '/limit', '/sort']),
    );
    expect((await stays(owner, 2_000_000)).statusCode).toBe(404);
  });
});
