// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema/inventory.ts';
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
let cloudId: number;
let owner: Session;
let siteUser: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const cloud = await createCloud(db);
  cloudId = cloud.id;
  const other = await createCloud(db);
  // Names sort the same way under every collation: one capital letter each, then lower case.
  for (const [key, name, location] of [
    ['harbour', 'Harbour Office', 'Pier 4, Lisbon'],
    ['alpha', 'Alpha Tower', 'Rua Augusta 1, Lisbon'],
    ['depot', 'Depot', 'Industrial Park, Porto'],
    ['campus', 'Campus North', 'University Road, Braga'],
    ['twinA', 'Branch', 'First street'],
    ['twinB', 'Branch', 'Second street'],
  ] as const) {
    ids[key] = (await createSite(db, cloudId, { name, location })).id;
  }
  ids.gone = (await createSite(db, cloudId, { name: 'Closed Shop', deletedAt: new Date() })).id;
  ids.foreign = (await createSite(db, other.id, { name: 'Another Cloud Site' })).id;
  await db
    .update(sites)
    .set({ allowConfig: false, sdwanEnabled: true, configSavedAt: new Date('2024-03-01T10:00:00Z') })
    .where(eq(sites.id, ids.depot as number));

  const ownerUser = await createUser(db);
  await addMember(db, ownerUser.id, cloudId, 'ROLE_OWNER');
  const limited = await createUser(db);
  await addMember(db, limited.id, cloudId, 'ROLE_USER');
  for (const site of [ids.harbour, ids.depot, ids.gone] as number[]) {
    await assignSite(db, limited.id, cloudId, site, ['read_site', 'read_device']);
  }
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  siteUser = await login(t.app, limited.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const get = (session: Session, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/sites-select`, query, headers: as(session) });

const names = (body: { sites: { name: string }[] }) => body.sites.map((s) => s.name);

describe('GET /apiv2/cloud/:cloudId/sites-select', () => {
  it('lists live sites of the cloud by name then id, with id and name only', async () => {
    const response = await get(owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().sites).toEqual([
      { id: ids.alpha, name: 'Alpha Tower' },
      { id: ids.twinA, name: 'Branch' },
      { id: ids.twinB, name: 'Branch' },
      { id: ids.campus, name: 'Campus North' },
      { id: ids.depot, name: 'Depot' },
      { id: ids.harbour, name: 'Harbour Office' },
    ]);
  });

  it('stops at the limit', async () => {
    const response = await get(owner, { limit: '2' });
    expect(names(response.json())).toEqual(['Alpha Tower', 'Branch']);
  });

  it('matches the filter against name or location without case', async () => {
    expect(names((await get(owner, { filter: 'NORTH' })).json())).toEqual(['Campus North']);
    expect(names((await get(owner, { filter: 'lisbon' })).json())).toEqual(['Alpha Tower', 'Harbour Office']);
    expect(names((await get(owner, { filter: 'nothing like this' })).json())).toEqual([]);
  });

  it('treats LIKE wildcards in the filter as plain text', async () => {
    expect(names((await get(owner, { filter: '%' })).json())).toEqual([]);
    expect(names((await get(owner, { filter: 'Campus_North' })).json())).toEqual([]);
  });

  it('adds included sites even beyond the limit or outside the filter', async () => {
    const beyond = await get(owner, { limit: '1', includeIds: `${ids.harbour}` });
    expect(names(beyond.json())).toEqual(['Alpha Tower', 'Harbour Office']);
    const outside = await get(owner, { filter: 'porto', includeIds: `${ids.campus},${ids.depot}` });
    expect(names(outside.json())).toEqual(['Campus North', 'Depot']);
  });

  it('never includes deleted sites or sites of another cloud', async () => {
    const response = await get(owner, { filter: 'Alpha', includeIds: `${ids.gone},${ids.foreign},99999` });
    expect(names(response.json())).toEqual(['Alpha Tower']);
  });

  it('gives the docs/entities.md site fields with allFields', async () => {
    const response = await get(owner, { filter: 'Depot', allFields: 'true' });
    expect(response.json().sites).toEqual([
      {
        id: ids.depot,
        name: 'Depot',
        location: 'Industrial Park, Porto',
        cloud_id: cloudId,
        allow_config: false,
        configEnabled: true,
        sdwan_enabled: true,
        config_saved_at: '2024-03-01T10:00:00.000Z',
      },
    ]);
    const plain = await get(owner, { filter: 'Alpha', allFields: 'true' });
    expect(plain.json().sites[0]).toMatchObject({ allow_config: true, config_saved_at: null });
  });

  it('shows a Site User only their live sites, even when asked for others', async () => {
    expect(names((await get(siteUser)).json())).toEqual(['Depot', 'Harbour Office']);
    const asked = await get(siteUser, { includeIds: `${ids.alpha},${ids.campus}` });
    expect(names(asked.json())).toEqual(['Depot', 'Harbour Office']);
  });

  it.each([
    [{ limit: '101' }, '/limit'],
    [{ limit: '0' }, '/limit'],
    [{ filter: 'x'.repeat(201) }, '/filter'],
    [{ includeIds: '1,abc' }, '/includeIds'],
    [{ includeIds: '0' }, '/includeIds'],
    [{ includeIds: Array.from({ length: 101 }, (_, i) => i + 1).join(',') }, '/includeIds'],
  ])('answers %o with the 400 shape', async (query, path) => {
    const response = await get(owner, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ location: 'query', path })]);
  });

  it('accepts 100 included ids', async () => {
    const many = [ids.depot, ...Array.from({ length: 99 }, (_, i) => 100000 + i)].join(',');
    const response = await get(owner, { limit: '1', includeIds: many });
    expect(names(response.json())).toEqual(['Alpha Tower', 'Depot']);
  });
});
