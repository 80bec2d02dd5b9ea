// @vitest-environment node
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
let owner: Session;
let siteUser: Session;
let outsider: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  const other = await createCloud(db);
  // Names sort the same way under every collation: one capital letter each, then lower case.
  for (const [key, name, location] of [
    ['harbour', 'Harbour office', 'Pier 4, Lisbon'],
    ['alpha', 'Alpha tower', 'Rua Augusta 1, Lisbon'],
    ['depot', 'Depot', 'Industrial park, Porto'],
    ['campus', 'Campus north', 'University road, Braga'],
    ['twinA', 'Branch', 'First street'],
    ['twinB', 'Branch', 'Second street'],
  ] as const) {
    ids[key] = (
      await createSite(db, cloudId, {
        name,
        location,
        ...(key === 'harbour' ? { latitude: 38.7, longitude: -9.14 } : {}),
      })
    ).id;
  }
  const gone = await createSite(db, cloudId, { name: 'Closed shop', deletedAt: new Date() });
  await createSite(db, other.id, { name: 'Alpha tower' });
  // Live devices count; decommissioned and deleted ones do not.
  // Harbour: one critical online, one warning skipping heartbeats (still online), one blocked (never online).
  for (const fields of [
    { healthId: 'HEALTH_CRITICAL', statusId: 'STATUS_ONLINE' },
    { healthId: 'HEALTH_WARNING', statusId: 'STATUS_SKIPPED_HB' },
    { healthId: 'HEALTH_NORMAL', statusId: 'STATUS_ONLINE', blocked: true },
  ] as const)
    await createDevice(db, cloudId, ids.harbour as number, fields);
  await createDevice(db, cloudId, ids.harbour as number, { decomm: true, healthId: 'HEALTH_CRITICAL' });
  await createDevice(db, cloudId, ids.harbour as number, { deletedAt: new Date() });
  await createDevice(db, cloudId, ids.depot as number);

  const ownerUser = await createUser(db);
  await addMember(db, ownerUser.id, cloudId, 'ROLE_OWNER');
  const limited = await createUser(db);
  await addMember(db, limited.id, cloudId, 'ROLE_USER');
  for (const site of [ids.harbour, gone.id] as number[]) {
    await assignSite(db, limited.id, cloudId, site, ['read_site', 'read_device']);
  }
  await assignSite(db, limited.id, cloudId, ids.depot as number, ['read_site', 'read_device', 'edit_site']);
  const stranger = await createUser(db);
  await addMember(db, stranger.id, other.id, 'ROLE_OWNER');
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  siteUser = await login(t.app, limited.email, TEST_PASSWORD);
  outsider = await login(t.app, stranger.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (session: Session, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/sites`, query, headers: as(session) });

const names = async (session: Session, query: Record<string, string> = {}) => {
  const response = await get(session, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((site: { name: string }) => site.name);
};

describe('GET /apiv2/cloud/:cloudId/sites', () => {
  it('lists the live sites of the cloud by name then id, with location, live devices, online and health counts', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: ids.alpha,
          name: 'Alpha tower',
          location: 'Rua Augusta 1, Lisbon',
          latitude: null,
          longitude: null,
          device_count: 0,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
        {
          id: ids.twinA,
          name: 'Branch',
          location: 'First street',
          latitude: null,
          longitude: null,
          device_count: 0,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
        {
          id: ids.twinB,
          name: 'Branch',
          location: 'Second street',
          latitude: null,
          longitude: null,
          device_count: 0,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
        {
          id: ids.campus,
          name: 'Campus north',
          location: 'University road, Braga',
          latitude: null,
          longitude: null,
          device_count: 0,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
        {
          id: ids.depot,
          name: 'Depot',
          location: 'Industrial park, Porto',
          latitude: null,
          longitude: null,
          device_count: 1,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
        {
          id: ids.harbour,
          name: 'Harbour office',
          location: 'Pier 4, Lisbon',
          latitude: 38.7,
          longitude: -9.14,
          device_count: 3,
          online_count: 2,
          critical_count: 1,
          warning_count: 1,
          can_edit: true,
        },
      ],
      total: 6,
      total_capped: false,
    });
  });

  it('pages on the server, counting the devices of the sites on the page', async () => {
    const page = (await get(owner, { offset: '4', limit: '1' })).json();
    expect(page).toEqual({
      items: [
        {
          id: ids.depot,
          name: 'Depot',
          location: 'Industrial park, Porto',
          latitude: null,
          longitude: null,
          device_count: 1,
          online_count: 0,
          critical_count: 0,
          warning_count: 0,
          can_edit: true,
        },
      ],
      total: 6,
      total_capped: false,
    });
    expect(await names(owner, { offset: '1', limit: '2' })).toEqual(['Branch', 'Branch']);
    expect((await get(owner, { offset: '6' })).json()).toEqual({ items: [], total: 6, total_capped: false });
  });

  it('matches the name or location anywhere without case, and counts only the matches', async () => {
    expect(await names(owner, { search: 'NORTH' })).toEqual(['Campus north']);
    const lisbon = (await get(owner, { search: ' lisbon ', limit: '1' })).json();
    expect(lisbon.items.map((site: { name: string }) => site.name)).toEqual(['Alpha tower']);
    expect(lisbon.total).toBe(2);
    expect(await names(owner, { search: 'nothing like this' })).toEqual([]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect(await names(owner, { search: '%%%' })).toEqual([]);
    expect(await names(owner, { search: 'Campus_north' })).toEqual([]);
  });

  it('shows a Site User only their live sites', async () => {
    const body = (await get(siteUser)).json();
    expect(body.items.map((site: { name: string }) => site.name)).toEqual(['Depot', 'Harbour office']);
    expect(body.total).toBe(2);
    expect(await names(siteUser, { search: 'Lisbon' })).toEqual(['Harbour office']);
  });

  it('tells a Site User which of their sites they may edit (edit_site)', async () => {
    const body = (await get(siteUser)).json();
    expect(body.items.map((site: { name: string; can_edit: boolean }) => [site.name, site.can_edit])).toEqual(
      [
        ['Depot', true],
        ['Harbour office', false],
      ],
    );
  });

  it.each([
    [{ limit: '0' }, '/limit'],
    [{ limit: '101' }, '/limit'],
    [{ offset: '-1' }, '/offset'],
    [{ search: 'ab' }, '/search'],
    [{ search: 'x'.repeat(201) }, '/search'],
  ])('answers %o with the 400 shape', async (query, path) => {
    const response = await get(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [{ errorCode: expect.any(String), location: 'query', path, message: expect.any(String) }],
    });
  });

  it("answers 404 for another cloud's list", async () => {
    const response = await get(outsider);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
  });
});
