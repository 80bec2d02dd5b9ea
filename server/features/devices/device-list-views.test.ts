// @vitest-environment node
// The device list's views: sorted and filtered by status, health, family, model, site and firmware, the
// actions each role is offered, the columns each user chose, and the CSV export of what matches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let north: number;
let south: number;
let owner: Session;
let guest: Session;
let siteUser: Session;

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  north = (await createSite(db, cloudId, { name: 'North' })).id;
  south = (await createSite(db, cloudId, { name: 'Aardvark South' })).id;
  const wifi = { productBrandId: 13, productType: 'wifi' } as const;
  await createDevice(db, cloudId, north, {
    ...wifi,
    name: 'Alpha AP',
    fw: '7.2.1-4012',
    healthId: 'HEALTH_NORMAL',
    statusId: 'STATUS_ONLINE',
  });
  await createDevice(db, cloudId, north, {
    ...wifi,
    productBrandId: 14,
    name: 'Bravo AP',
    fw: '7.2.0-3988',
    healthId: 'HEALTH_CRITICAL',
    statusId: 'STATUS_OFFLINE',
  });
  await createDevice(db, cloudId, north, {
    productBrandId: 96,
    productType: 'switch',
    name: '=Core switch',
    fw: '2.2.0-760',
    healthId: 'HEALTH_WARNING',
    statusId: 'STATUS_SKIPPED_HB',
  });
  await createDevice(db, cloudId, south, {
    ...wifi,
    name: 'Delta AP',
    fw: '7.2.1-4012',
    healthId: 'HEALTH_UNKNOWN',
    statusId: 'STATUS_ONLINE',
  });
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER') => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') {
      await assignSite(db, user.id, cloudId, north, ['read_site', 'read_device', 'change_device_state']);
      await assignSite(db, user.id, cloudId, south, ['read_site', 'read_device', 'export_data']);
    }
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

const list = (session: Session, query: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/devices`, query, headers: as(session) });
const names = async (query: Record<string, string>) => {
  const response = await list(owner, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((device: { name: string }) => device.name);
};

describe('GET /apiv2/cloud/:cloudId/devices: sorts and filters', () => {
  it('sorts by each column both ways, then by name', async () => {
    expect(await names({})).toEqual(['=Core switch', 'Alpha AP', 'Bravo AP', 'Delta AP']);
    expect(await names({ sort: '-name' })).toEqual(['Delta AP', 'Bravo AP', 'Alpha AP', '=Core switch']);
    // Health from unknown and normal to critical.
    expect(await names({ sort: 'health' })).toEqual(['Delta AP', 'Alpha AP', '=Core switch', 'Bravo AP']);
    expect(await names({ sort: '-health' })).toEqual(['Bravo AP', '=Core switch', 'Alpha AP', 'Delta AP']);
    // Offline first; skipping a heartbeat still counts as online.
    expect(await names({ sort: 'status' })).toEqual(['Bravo AP', '=Core switch', 'Alpha AP', 'Delta AP']);
    expect(await names({ sort: 'family' })).toEqual(['=Core switch', 'Alpha AP', 'Bravo AP', 'Delta AP']);
    expect(await names({ sort: '-model' })).toEqual(['=Core switch', 'Bravo AP', 'Delta AP', 'Alpha AP']);
    expect(await names({ sort: 'site' })).toEqual(['Delta AP', '=Core switch', 'Alpha AP', 'Bravo AP']);
    expect(await names({ sort: 'firmware' })).toEqual(['=Core switch', 'Bravo AP', 'Alpha AP', 'Delta AP']);
  });

  it('filters by model, firmware, site, health and status together', async () => {
    expect(await names({ model: '13' })).toEqual(['Alpha AP', 'Delta AP']);
    expect(await names({ fw: '7.2.1-4012', site_id: String(north) })).toEqual(['Alpha AP']);
    expect(await names({ health: 'HEALTH_CRITICAL', status: 'offline' })).toEqual(['Bravo AP']);
    expect(await names({ type: 'wifi', status: 'online', sort: '-name' })).toEqual(['Delta AP', 'Alpha AP']);
  });

  it('answers 400 for an unknown sort or a malformed filter', async () => {
    for (const query of [{ sort: 'colour' }, { model: 'abc' }, { fw: '7.2 beta' }] as Record<
      string,
      string
    >[]) {
      const response = await list(owner, query);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'query' });
    }
  });

  it('pages by site name with the devices on no site last, both ways', async () => {
    await createDevice(t.database.db, cloudId, null, { name: 'Zulu spare' });
    const pages = async (sort: string) => {
      const all: string[][] = [];
      for (const offset of ['0', '2', '4']) all.push(await names({ sort, limit: '2', offset }));
      return all;
    };
    expect(await pages('site')).toEqual([
      ['Delta AP', '=Core switch'],
      ['Alpha AP', 'Bravo AP'],
      ['Zulu spare'],
    ]);
    expect(await pages('-site')).toEqual([
      ['Bravo AP', 'Alpha AP'],
      ['=Core switch', 'Delta AP'],
      ['Zulu spare'],
    ]);
    expect(await names({ sort: 'site', limit: '2', offset: '6' })).toEqual([]);
    expect((await list(owner, { sort: 'site', limit: '2', offset: '4' })).json().total).toBe(5);
  });

  it('offers each role the bulk actions it may take on some device of the list', async () => {
    const actions = async (session: Session, query: Record<string, string> = {}) =>
      (await list(session, query)).json().actions;
    expect(await actions(owner)).toEqual(['reboot', 'firmware', 'move', 'decommission', 'delete', 'export']);
    expect(await actions(guest)).toEqual([]);
    expect(await actions(siteUser)).toEqual(['reboot', 'export']);
    expect(await actions(siteUser, { site_id: String(north) })).toEqual(['reboot']);
  });
});

describe('GET /apiv2/cloud/:cloudId/devices/export', () => {
  const exported = (session: Session, query: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/devices/export`,
      query,
      headers: as(session),
    });

  it('exports what matches in the order of the list, defusing spreadsheet formulas', async () => {
    const response = await exported(owner, { site_id: String(north), sort: '-health' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="devices-\d+-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'name,site,status,health,mac,ip,product,family,firmware,serial,hostname,uptime,clients,lastSeen,uplink',
    );
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      'Bravo AP,North,offline,HEALTH_CRITICAL',
      "'=Core switch,North,online,HEALTH_WARNING",
      'Alpha AP,North,online,HEALTH_NORMAL',
    ]);
    expect(lines[3]).toContain(',Wi-Fi 6 Access Point 2x2 Indoor,wifi,7.2.1-4012,');
  });

  it('exports only the sites where the caller may export data, and refuses a guest', async () => {
    const siteUsers = await exported(siteUser);
    expect(siteUsers.statusCode).toBe(200);
    expect(
      siteUsers.body
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Delta AP']);
    expect((await exported(siteUser, { site_id: String(north) })).statusCode).toBe(403);
    expect((await exported(guest)).statusCode).toBe(403);
  });
});

describe('/apiv2/user/list-columns/:list', () => {
  const columns = (session: Session, method: 'GET' | 'PUT' = 'GET', payload?: object, list = 'devices') =>
    t.app.inject({ method, url: `/apiv2/user/list-columns/${list}`, headers: as(session), payload });

  it('is null until the user chooses, then the columns chosen, for that user only', async () => {
    expect((await columns(guest)).json()).toEqual({ columns: null });
    const saved = await columns(guest, 'PUT', { columns: ['name', 'firmware', 'status'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await columns(guest)).json()).toEqual({ columns: ['name', 'firmware', 'status'] });
    expect((await columns(owner)).json()).toEqual({ columns: null });
  });

  it('refuses columns the list does not have, and an unknown list, changing nothing', async () => {
    await columns(siteUser, 'PUT', { columns: ['name', 'site'] });
    const unknown = await columns(siteUser, 'PUT', { columns: ['name', 'colour'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([
      {
        errorCode: 'unknown_column',
        location: 'body',
        path: '/columns/1',
        message: 'colour is not a column of the devices list',
      },
    ]);
    for (const body of [{ columns: [] }, { columns: ['name', 'name'] }, {}]) {
      expect((await columns(siteUser, 'PUT', body)).statusCode).toBe(400);
    }
    expect((await columns(siteUser, 'GET', undefined, 'printers')).statusCode).toBe(400);
    expect((await columns(siteUser)).json()).toEqual({ columns: ['name', 'site'] });
  });
});
