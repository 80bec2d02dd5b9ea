// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_MAX } from '../../../core/api/list-query.ts';
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
let outsider: Session;
const ids: Record<string, number> = {};
let harbourId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  const other = await createCloud(db);
  const harbour = await createSite(db, cloudId, { name: 'Harbour' });
  harbourId = harbour.id;
  const depot = await createSite(db, cloudId, { name: 'Depot' });
  const closed = await createSite(db, cloudId, { name: 'Closed', deletedAt: new Date() });
  const device = (key: string, siteId: number | null, fields: Parameters<typeof createDevice>[3]) =>
    createDevice(db, cloudId, siteId, fields).then((row) => {
      ids[key] = row.id;
    });
  // Names sort the same way under every collation: one capital letter each, then lower case.
  await device('lobby', harbour.id, {
    name: 'Lobby AP',
    hostname: 'ap-harbour-01',
    sn: 'LQ2000AAA1',
    mac: 'aa:bb:cc:00:00:01',
    ip: '10.20.0.11',
    productBrandId: 13,
    productType: 'wifi',
    fw: '7.2.1-4012',
    mgmtdVersion: '2.4.1',
    statusId: 'STATUS_ONLINE',
    healthId: 'HEALTH_NORMAL',
  });
  await device('dock', harbour.id, {
    name: 'Dock switch',
    hostname: 'sw-harbour-02',
    sn: 'SW7000BBB2',
    mac: 'aa:bb:cc:00:00:02',
    ip: '10.20.0.12',
    statusId: 'STATUS_SKIPPED_HB',
    healthId: 'HEALTH_WARNING',
    blocked: true,
  });
  await device('yard', depot.id, {
    name: 'Yard radio',
    hostname: 'ptp-depot-01',
    sn: 'ML5000CCC3',
    mac: 'dd:ee:ff:00:00:03',
    ip: '192.168.7.3',
    statusId: 'STATUS_OFFLINE',
    healthId: 'HEALTH_CRITICAL',
  });
  await device('gate', depot.id, { name: 'Gate 50%_off', hostname: 'gw-depot-01', ip: null });
  await device('spare', null, { name: 'Spare unit', hostname: 'spare' });
  await device('orphan', closed.id, { name: 'Old closet AP' });
  await device('decomm', harbour.id, { name: 'Lobby AP retired', decomm: true });
  await device('deleted', harbour.id, { name: 'Lobby AP gone', deletedAt: new Date() });
  await createDevice(db, other.id, null, { name: 'Lobby AP elsewhere' });

  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER', cloud = cloudId) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud, role);
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloud, depot.id, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
  outsider = await member('ROLE_OWNER', other.id);
});
afterAll(() => t.close());

const get = (session: Session, query: Record<string, string> = {}, cloud = cloudId) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloud}/devices`, query, headers: as(session) });

const names = async (session: Session, query: Record<string, string> = {}) => {
  const response = await get(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((device: { name: string }) => device.name);
};

describe('GET /apiv2/cloud/:cloudId/devices', () => {
  it('lists the live devices of the cloud by name, without decommissioned or deleted ones', async () => {
    const response = await get(guest);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(6);
    expect(body.items.map((device: { name: string }) => device.name)).toEqual([
      'Dock switch',
      'Gate 50%_off',
      'Lobby AP',
      'Old closet AP',
      'Spare unit',
      'Yard radio',
    ]);
  });

  it('gives each device its site, addresses, product, versions, online status and health', async () => {
    const body = (await get(owner, { search: 'Lobby' })).json();
    expect(body.items).toEqual([
      {
        id: ids.lobby,
        name: 'Lobby AP',
        site: { id: harbourId, name: 'Harbour' },
        mac: 'aa:bb:cc:00:00:01',
        ip: '10.20.0.11',
        hostname: 'ap-harbour-01',
        sn: 'LQ2000AAA1',
        product_type: 'wifi',
        product_brand_id: 13,
        product_name: 'Wi-Fi 6 Access Point 2x2 Indoor',
        status_id: 'STATUS_ONLINE',
        online: true,
        health_id: 'HEALTH_NORMAL',
        fw: '7.2.1-4012',
        mgmtd_version: '2.4.1',
        // Every task an access point runs: the owner may start them all.
        allowed_tasks: [
          'TASK_CONFIG_CHANGE',
          'TASK_RECEIVED_CONFIG',
          'TASK_FACTORY_RESET',
          'TASK_FW_UPDATE',
          'TASK_FW_AUTO_UPDATE',
          'TASK_FW_ROLLING_UPDATE',
          'TASK_NETCAP',
          'TASK_PACKET_DUMP',
          'TASK_REBOOT',
          'TASK_REPORT',
          'TASK_TROUBLESHOOT',
          'TASK_ADDON_SYNC_KEY',
          'TASK_ADDON',
          'TASK_TUNNEL_OPEN',
        ],
        blocked: false,
        // It never reported: no readings.
        last_seen_at: null,
        uptime_s: null,
        clients: null,
        uplink: null,
      },
    ]);
    const dock = (await get(owner, { search: 'Dock' })).json().items[0];
    // Blocked devices are never online, whatever they last reported.
    expect(dock).toMatchObject({
      status_id: 'STATUS_SKIPPED_HB',
      online: false,
      health_id: 'HEALTH_WARNING',
    });
    const orphan = (await get(owner, { search: 'closet' })).json().items[0];
    expect(orphan.site).toBeNull();
    expect(orphan.allowed_tasks).toEqual([]);
  });

  it('pages on the server with offset and limit, and gives the total of every page', async () => {
    const first = (await get(owner, { limit: '2' })).json();
    expect(first.items.map((d: { name: string }) => d.name)).toEqual(['Dock switch', 'Gate 50%_off']);
    expect(first.total).toBe(6);
    const third = (await get(owner, { offset: '4', limit: '2' })).json();
    expect(third.items.map((d: { name: string }) => d.name)).toEqual(['Spare unit', 'Yard radio']);
    const beyond = (await get(owner, { offset: '10', limit: '2' })).json();
    expect(beyond).toMatchObject({ items: [], total: 6, total_capped: false });
  });

  it('matches the name and host name anywhere without case', async () => {
    expect(await names(owner, { search: 'lobby ap' })).toEqual(['Lobby AP']);
    expect(await names(owner, { search: 'DEPOT' })).toEqual(['Gate 50%_off', 'Yard radio']);
    expect(await names(owner, { search: '  radio  ' })).toEqual(['Yard radio']);
  });

  it('matches serial numbers and IP addresses from their start', async () => {
    expect(await names(owner, { search: 'ml5000' })).toEqual(['Yard radio']);
    expect(await names(owner, { search: '5000' })).toEqual([]);
    expect(await names(owner, { search: '10.20.0' })).toEqual(['Dock switch', 'Lobby AP']);
    expect(await names(owner, { search: '192.168.7.3' })).toEqual(['Yard radio']);
    expect(await names(owner, { search: '168.7' })).toEqual([]);
  });

  it('matches a MAC address written in any notation, whole or in part', async () => {
    expect(await names(owner, { search: 'AA-BB-CC-00-00-01' })).toEqual(['Lobby AP']);
    expect(await names(owner, { search: 'aabb.cc00.0002' })).toEqual(['Dock switch']);
    expect(await names(owner, { search: 'DDEEFF000003' })).toEqual(['Yard radio']);
    expect(await names(owner, { search: 'AA:BB:CC' })).toEqual(['Dock switch', 'Lobby AP']);
    expect(await names(owner, { search: '00-00-03' })).toEqual(['Yard radio']);
  });

  it('counts only the matches in the total', async () => {
    const body = (await get(owner, { search: 'harbour', limit: '1' })).json();
    expect(body.total).toBe(2);
    expect(body.items).toHaveLength(1);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect(await names(owner, { search: '50%_' })).toEqual(['Gate 50%_off']);
    expect(await names(owner, { search: '%_o' })).toEqual(['Gate 50%_off']);
    expect(await names(owner, { search: 'Lobby_AP' })).toEqual([]);
  });

  it('lists everything for an empty search', async () => {
    expect((await get(owner, { search: '   ' })).json().total).toBe(6);
  });

  it('filters by health, online status, family and site, each narrowing the others and the search', async () => {
    expect(await names(owner, { health: 'HEALTH_CRITICAL' })).toEqual(['Yard radio']);
    // A blocked device is offline whatever it reports (docs/entities.md).
    expect(await names(owner, { status: 'online' })).toEqual(['Lobby AP']);
    expect(await names(owner, { status: 'offline' })).toEqual([
      'Dock switch',
      'Gate 50%_off',
      'Old closet AP',
      'Spare unit',
      'Yard radio',
    ]);
    expect(await names(owner, { site_id: String(harbourId), status: 'offline' })).toEqual(['Dock switch']);
    expect(await names(owner, { type: 'wifi', search: 'radio' })).toEqual(['Yard radio']);
    expect(await names(owner, { type: 'switch' })).toEqual([]);
    // A filter never widens what a Site User sees.
    expect(await names(siteUser, { site_id: String(harbourId) })).toEqual([]);
    const bad: Record<string, string>[] = [
      { health: 'BAD' },
      { status: 'up' },
      { type: 'smartnvr' },
      { site_id: '0' },
    ];
    for (const query of bad) {
      expect((await get(owner, query)).statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('shows a Site User only the devices of their sites', async () => {
    const body = (await get(siteUser)).json();
    expect(body.items.map((d: { name: string }) => d.name)).toEqual(['Gate 50%_off', 'Yard radio']);
    expect(body.total).toBe(2);
    expect(await names(siteUser, { search: 'Lobby' })).toEqual([]);
    expect(await names(siteUser, { search: 'aa:bb:cc:00:00:01' })).toEqual([]);
  });

  it.each([
    [{ limit: '0' }, '/limit'],
    [{ limit: '101' }, '/limit'],
    [{ offset: '-1' }, '/offset'],
    [{ offset: 'first' }, '/offset'],
    [{ search: 'x'.repeat(201) }, '/search'],
    // Shorter searches could not use the trigram indexes.
    [{ search: 'ab' }, '/search'],
    [{ search: ' a  ' }, '/search'],
  ])('answers %o with the 400 shape', async (query, path) => {
    const response = await get(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ errorCode: expect.any(String), location: 'query', path, message: expect.any(String) }],
    });
  });

  it('stops counting past LIST_COUNT_MAX matches, or past the end of the page asked for', async () => {
    const { db } = t.database;
    const fleet = await createCloud(db);
    await db.execute(sql`INSERT INTO devices (cloud_id, name, sn, mac, product_brand_id, product_id, product_type)
      SELECT ${fleet.id}, 'Fleet AP ' || n, 'FL' || n, '02:ff:00:00:00:00', 1, 1, 'wifi'
      FROM generate_series(1, ${LIST_COUNT_MAX + 1}) AS n`);
    const user = await createUser(db);
    await addMember(db, user.id, fleet.id, 'ROLE_GUEST');
    const session = await login(t.app, user.email, TEST_PASSWORD);
    const first = (await get(session, {}, fleet.id)).json();
    expect(first).toMatchObject({ total: LIST_COUNT_MAX, total_capped: true });
    expect(first.items).toHaveLength(50);
    const last = (await get(session, { offset: String(LIST_COUNT_MAX - 50), limit: '100' }, fleet.id)).json();
    expect(last).toMatchObject({ total: LIST_COUNT_MAX + 1, total_capped: false });
    expect(last.items).toHaveLength(51);
    // Fleet AP 1000, 10000 and 10001.
    const exact = (await get(session, { search: 'Fleet AP 1000' }, fleet.id)).json();
    expect(exact).toMatchObject({ total: 3, total_capped: false });
  });

  it('accepts a search of 3 characters and one of only white space', async () => {
    expect(await names(owner, { search: ' Gat ' })).toEqual(['Gate 50%_off']);
    expect((await get(owner, { search: '  ' })).json().total).toBe(6);
  });

  it('accepts a limit of 100', async () => {
    expect((await get(owner, { limit: '100' })).json().items).toHaveLength(6);
  });

  it("answers 404 for another cloud's list, as for one that does not exist", async () => {
    const response = await get(outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
    expect((await get(owner, {}, 2000000)).statusCode).toBe(404);
  });
});
