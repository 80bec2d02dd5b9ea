// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wirelessClients } from '../../db/schema/inventory.ts';
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
let owner: Session;
let guest: Session;
let siteUser: Session;
let siteExporter: Session;
let stranger: Session;
const site = { harbour: 0, depot: 0 };
const device: Record<string, number> = {};
const client: Record<string, number> = {};
const now = Date.now();
const ago = (seconds: number) => new Date(now - seconds * 1000);

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  const other = await createCloud(db);
  site.harbour = (await createSite(db, cloudId, { name: 'Harbour' })).id;
  site.depot = (await createSite(db, cloudId, { name: 'Depot' })).id;
  const online = { statusId: 'STATUS_ONLINE', lastSeenAt: ago(10) } as const;
  device.lobby = (await createDevice(db, cloudId, site.harbour, { name: 'Lobby AP', ...online })).id;
  device.dock = (
    await createDevice(db, cloudId, site.harbour, { name: 'Dock AP', lastSeenAt: ago(3600) })
  ).id;
  device.yard = (await createDevice(db, cloudId, site.depot, { name: 'Yard AP', ...online })).id;
  const elsewhere = await createDevice(db, other.id, null, online);

  const rows: (typeof wirelessClients.$inferInsert & { key: string })[] = [
    // Listed in the lobby AP's latest heartbeats: connected.
    {
      key: 'anna',
      cloudId,
      siteId: site.harbour,
      deviceId: device.lobby,
      mac: '3a:10:00:00:00:01',
      ip: '192.168.1.20',
      hostname: 'laptop-anna',
      ssid: 'Corp',
      band: '5',
      rssi: -52,
      rxBytes: 5_000_000,
      txBytes: 700_000,
      firstSeenAt: ago(7200),
      lastSeenAt: ago(40),
    },
    // Left the lobby AP some heartbeats ago.
    {
      key: 'ben',
      cloudId,
      siteId: site.harbour,
      deviceId: device.lobby,
      mac: '3a:10:00:00:00:02',
      ip: '192.168.1.21',
      hostname: 'iphone-ben',
      ssid: 'Corp',
      band: '2.4',
      rssi: -71,
      rxBytes: 100,
      txBytes: 100,
      firstSeenAt: ago(9000),
      lastSeenAt: ago(900),
    },
    // On an offline device: not connected, however recent.
    {
      key: 'printer',
      cloudId,
      siteId: site.harbour,
      deviceId: device.dock,
      mac: '3a:10:00:00:00:03',
      ip: '192.168.1.30',
      hostname: '',
      ssid: 'Corp-IoT',
      band: '2.4',
      rssi: null,
      rxBytes: 9_000_000,
      txBytes: 9_000_000,
      firstSeenAt: ago(86_400),
      lastSeenAt: ago(5),
    },
    {
      key: 'carla',
      cloudId,
      siteId: site.depot,
      deviceId: device.yard,
      mac: '3a:20:00:00:00:04',
      ip: '10.9.0.4',
      hostname: 'galaxy-carla',
      ssid: 'Depot',
      band: '6',
      rssi: -60,
      rxBytes: 2_000,
      txBytes: 1_000,
      firstSeenAt: ago(600),
      lastSeenAt: ago(20),
    },
    {
      key: 'stranger',
      cloudId: other.id,
      siteId: null,
      deviceId: elsewhere.id,
      mac: '3a:10:00:00:00:09',
      ip: '192.168.1.99',
      hostname: 'laptop-stranger',
      ssid: 'Other',
      band: '5',
      rssi: -40,
      firstSeenAt: ago(60),
      lastSeenAt: ago(1),
    },
  ];
  for (const { key, ...row } of rows) {
    const [inserted] = await db.insert(wirelessClients).values(row).returning({ id: wirelessClients.id });
    client[key] = inserted?.id ?? 0;
  }

  const member = async (
    role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER',
    grants = ['read_site', 'read_device'],
  ) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloudId, site.depot, grants);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
  siteExporter = await member('ROLE_USER', ['read_site', 'read_device', 'export_data']);
  const outsider = await createUser(db);
  await addMember(db, outsider.id, other.id, 'ROLE_OWNER');
  stranger = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (session: Session, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/clients`, query, headers: as(session) });

const listed = async (session: Session, query: Record<string, string> = {}) => {
  const response = await get(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((item: { hostname: string; mac: string }) => item.hostname || item.mac);
};

describe('GET /apiv2/cloud/:cloudId/clients', () => {
  it('lists the cloud’s clients, last seen first, each with its device, site, radio and traffic', async () => {
    const response = await get(guest);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(4);
    expect(body.total_capped).toBe(false);
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([
      client.printer,
      client.carla,
      client.anna,
      client.ben,
    ]);
    expect(body.items[2]).toEqual({
      id: client.anna,
      mac: '3a:10:00:00:00:01',
      ip: '192.168.1.20',
      hostname: 'laptop-anna',
      ssid: 'Corp',
      band: '5',
      rssi: -52,
      rx_bytes: 5_000_000,
      tx_bytes: 700_000,
      device: { id: device.lobby, name: 'Lobby AP' },
      site: { id: site.harbour, name: 'Harbour' },
      first_seen_at: ago(7200).toISOString(),
      last_seen_at: ago(40).toISOString(),
      connected: true,
    });
    // A Wi-Fi 6E or 7 client on 6 GHz.
    expect(body.items[1].band).toBe('6');
  });

  it('counts a client connected when its online device listed it in one of its last two heartbeats', async () => {
    const items: { hostname: string; mac: string; connected: boolean }[] = (await get(owner)).json().items;
    expect(Object.fromEntries(items.map((item) => [item.hostname || item.mac, item.connected]))).toEqual({
      'laptop-anna': true,
      'galaxy-carla': true,
      // Listed last 15 minutes ago, and its device has reported since.
      'iphone-ben': false,
      // Its device is offline.
      '3a:10:00:00:00:03': false,
    });
  });

  it('narrows to one site or one device', async () => {
    expect(await listed(owner, { site_id: String(site.depot) })).toEqual(['galaxy-carla']);
    expect(await listed(owner, { device_id: String(device.lobby) })).toEqual(['laptop-anna', 'iphone-ben']);
    expect(await listed(owner, { site_id: String(site.harbour), device_id: String(device.yard) })).toEqual(
      [],
    );
  });

  it('searches host names anywhere, IP addresses from the start and MAC addresses in any notation', async () => {
    expect(await listed(owner, { search: 'ANNA' })).toEqual(['laptop-anna']);
    expect(await listed(owner, { search: '192.168.1.2' })).toEqual(['laptop-anna', 'iphone-ben']);
    expect(await listed(owner, { search: '168.1' })).toEqual([]);
    expect(await listed(owner, { search: '3A-10-00-00-00-03' })).toEqual(['3a:10:00:00:00:03']);
    expect(await listed(owner, { search: '3a20.0000' })).toEqual(['galaxy-carla']);
    expect(await listed(owner, { search: ' laptop ' })).toEqual(['laptop-anna']);
  });

  it('sorts by host name, signal, traffic or last seen, either way', async () => {
    expect(await listed(owner, { sort: 'hostname', order: 'asc' })).toEqual([
      'galaxy-carla',
      'iphone-ben',
      'laptop-anna',
      '3a:10:00:00:00:03',
    ]);
    expect(await listed(owner, { sort: 'hostname', order: 'desc' })).toEqual([
      'laptop-anna',
      'iphone-ben',
      'galaxy-carla',
      '3a:10:00:00:00:03',
    ]);
    // A client without a reading goes last either way.
    expect(await listed(owner, { sort: 'rssi', order: 'desc' })).toEqual([
      'laptop-anna',
      'galaxy-carla',
      'iphone-ben',
      '3a:10:00:00:00:03',
    ]);
    expect(await listed(owner, { sort: 'rssi', order: 'asc' })).toEqual([
      'iphone-ben',
      'galaxy-carla',
      'laptop-anna',
      '3a:10:00:00:00:03',
    ]);
    expect(await listed(owner, { sort: 'traffic' })).toEqual([
      '3a:10:00:00:00:03',
      'laptop-anna',
      'galaxy-carla',
      'iphone-ben',
    ]);
    expect(await listed(owner, { sort: 'lastSeen', order: 'asc' })).toEqual([
      'iphone-ben',
      'laptop-anna',
      'galaxy-carla',
      '3a:10:00:00:00:03',
    ]);
  });

  it('pages on the server with the total of every match', async () => {
    const first = (await get(owner, { limit: '3', sort: 'hostname', order: 'asc' })).json();
    const second = (await get(owner, { limit: '3', offset: '3', sort: 'hostname', order: 'asc' })).json();
    expect([first.total, first.items.length, second.total, second.items.length]).toEqual([4, 3, 4, 1]);
    expect(second.items[0].mac).toBe('3a:10:00:00:00:03');
  });

  it('shows a Site User the clients of their sites only', async () => {
    const body = (await get(siteUser)).json();
    expect(body.items.map((item: { id: number }) => item.id)).toEqual([client.carla]);
    expect(body.total).toBe(1);
    expect(await listed(siteUser, { site_id: String(site.harbour) })).toEqual([]);
    expect(await listed(siteUser, { device_id: String(device.lobby) })).toEqual([]);
    expect(await listed(siteUser, { search: 'laptop' })).toEqual([]);
  });

  it('answers 400 naming each bad query parameter', async () => {
    const response = await get(owner, {
      sort: 'vendor',
      order: 'up',
      site_id: '0',
      device_id: 'lobby',
      search: 'ab',
      limit: '1000',
    });
    expect(response.statusCode).toBe(400);
    const issues = response
      .json()
      .errors.map((issue: { location: string; path: string }) => `${issue.location} ${issue.path}`);
    expect(new Set(issues)).toEqual(
      new Set([
        'query /sort',
        'query /order',
        'query /site_id',
        'query /device_id',
        'query /search',
        'query /limit',
      ]),
    );
    // The same list answers as before.
    expect(await listed(owner, { sort: 'hostname', order: 'asc' })).toHaveLength(4);
  });
});

const exported = (session: Session, query: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/clients/export`,
    query,
    headers: as(session),
  });

/** The CSV's lines as field lists (the demo's values hold no commas or quotes). */
const csvLines = (body: string) =>
  body
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));

describe('the cloud’s clients list (docs/clients.md)', () => {
  // docs/api.md: a cloud the caller is not a member of answers as one that does not exist.
  it('answers 404 to a caller who is not a member of the cloud', async () => {
    expect((await get(stranger)).statusCode).toBe(404);
    expect((await exported(stranger)).statusCode).toBe(404);
  });

  it('refuses query keys it does not know, in the list and the export', async () => {
    const list = await get(owner, { site: String(site.depot) });
    expect(list.statusCode).toBe(400);
    expect(list.json().errors.map((issue: { path: string }) => issue.path)).toContain('/site');
    expect((await exported(owner, { limit: '10' })).statusCode).toBe(400);
    expect((await exported(owner, { columns: 'mac' })).statusCode).toBe(400);
  });

  it('says who may export: export_data on a site the list shows', async () => {
    const canExport = async (session: Session, query: Record<string, string> = {}) =>
      (await get(session, query)).json().can_export;
    expect(await canExport(owner)).toBe(true);
    expect(await canExport(guest)).toBe(false);
    expect(await canExport(siteUser)).toBe(false);
    expect(await canExport(siteExporter)).toBe(true);
    expect(await canExport(siteExporter, { site_id: String(site.harbour) })).toBe(false);
  });
});

describe('GET /apiv2/cloud/:cloudId/clients/export', () => {
  it('writes every client of the list in its order as CSV, not only one page', async () => {
    const response = await exported(owner, { sort: 'hostname', order: 'asc' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="clients-${cloudId}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const [header, ...rows] = csvLines(response.body);
    expect(header).toEqual([
      'hostname',
      'mac',
      'ip',
      'connected',
      'site',
      'device',
      'ssid',
      'band',
      'rssi_dbm',
      'rx_bytes',
      'tx_bytes',
      'first_seen_at',
      'last_seen_at',
    ]);
    expect(rows.map((row) => row[1])).toEqual([
      '3a:20:00:00:00:04',
      '3a:10:00:00:00:02',
      '3a:10:00:00:00:01',
      '3a:10:00:00:00:03',
    ]);
    expect(rows[2]).toEqual([
      'laptop-anna',
      '3a:10:00:00:00:01',
      '192.168.1.20',
      'yes',
      'Harbour',
      'Lobby AP',
      'Corp',
      '5',
      '-52',
      '5000000',
      '700000',
      ago(7200).toISOString(),
      ago(40).toISOString(),
    ]);
    // A client that never told its name and has no reading leaves those fields empty.
    expect(rows[3]?.slice(0, 4)).toEqual(['', '3a:10:00:00:00:03', '192.168.1.30', 'no']);
    expect(rows[3]?.[8]).toBe('');
  });

  it('exports the same search and site as the list', async () => {
    const macs = async (query: Record<string, string>) =>
      csvLines((await exported(owner, query)).body)
        .slice(1)
        .map((row) => row[1]);
    expect(await macs({ site_id: String(site.depot) })).toEqual(['3a:20:00:00:00:04']);
    expect(await macs({ search: '192.168.1.2', sort: 'rssi' })).toEqual([
      '3a:10:00:00:00:01',
      '3a:10:00:00:00:02',
    ]);
    expect(await macs({ device_id: String(device.dock) })).toEqual(['3a:10:00:00:00:03']);
  });

  it('gives a Site User the clients of the sites where they may export, and refuses one who may not', async () => {
    const rows = csvLines((await exported(siteExporter)).body).slice(1);
    expect(rows.map((row) => row[0])).toEqual(['galaxy-carla']);
    expect((await exported(siteExporter, { site_id: String(site.harbour) })).statusCode).toBe(403);
    expect((await exported(siteUser)).statusCode).toBe(403);
    expect((await exported(guest)).statusCode).toBe(403);
  });

  it('answers 400 naming each bad query parameter', async () => {
    const response = await exported(owner, { sort: 'vendor', site_id: '0', search: 'ab' });
    expect(response.statusCode).toBe(400);
    expect(new Set(response.json().errors.map((issue: { path: string }) => issue.path))).toEqual(
      new Set(['/sort', '/site_id', '/search']),
    );
  });
});
