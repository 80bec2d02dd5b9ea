// @vitest-environment node
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { siteFilters } from '../../db/schema/inventory.ts';
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
let otherCloudId: number;
const site: Record<string, number> = {};
const filter: Record<string, number> = {};
const user: Record<string, { id: number; session: Session }> = {};

async function addFilter(cloud: number, name: string, siteIds: number[]) {
  const [row] = await t.database.db.insert(siteFilters).values({ cloudId: cloud, name, siteIds }).returning();
  return row?.id as number;
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  otherCloudId = (await createCloud(db)).id;
  for (const key of ['north', 'south', 'east']) site[key] = (await createSite(db, cloudId)).id;
  site.gone = (await createSite(db, cloudId, { deletedAt: new Date() })).id;
  site.foreign = (await createSite(db, otherCloudId)).id;
  filter.coast = await addFilter(cloudId, 'Coast', [site.south, site.east, site.gone] as number[]);
  filter.all = await addFilter(cloudId, 'All Sites', [site.north, site.south, site.east] as number[]);
  filter.mountains = await addFilter(cloudId, 'Mountains', [site.north] as number[]);
  filter.foreign = await addFilter(otherCloudId, 'Elsewhere', [site.foreign] as number[]);

  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['admin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['guest', 'ROLE_GUEST', 0],
    ['siteUser', 'ROLE_USER', CLOUD_PERMISSION.manage_sites],
  ] as const) {
    const created = await createUser(db);
    await addMember(db, created.id, cloudId, role, bits);
    user[key] = { id: created.id, session: await login(t.app, created.email, TEST_PASSWORD) };
  }
  await addMember(db, user.owner?.id as number, otherCloudId, 'ROLE_OWNER');
  await assignSite(db, user.siteUser?.id as number, cloudId, site.south as number, ['read_site']);
});
afterAll(() => t.close());

const url = (cloud = cloudId) => `/apiv2/cloud/${cloud}/site-filters-select`;
const session = (key: string) => user[key]?.session as Session;
const list = (key: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: url(), query, headers: as(session(key)) });
const select = (key: string, siteFilterId: number, cloud = cloudId) =>
  t.app.inject({ method: 'POST', url: url(cloud), payload: { siteFilterId }, headers: as(session(key)) });
const clear = (key: string, cloud = cloudId) =>
  t.app.inject({ method: 'DELETE', url: url(cloud), headers: as(session(key)) });

async function activeFilter(key: string, cloud = cloudId) {
  const [row] = await t.database.db
    .select({ id: memberships.activeSiteFilterId })
    .from(memberships)
    .where(and(eq(memberships.userId, user[key]?.id as number), eq(memberships.cloudId, cloud)));
  return row?.id;
}

describe('GET /apiv2/cloud/:cloudId/site-filters-select', () => {
  it('lists the groupings by name with the count of their live sites and no active filter', async () => {
    const response = await list('owner');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      userCloudFilter: { id: null, name: null },
      siteGroupings: [
        { id: filter.all, name: 'All Sites', site_count: 3 },
        { id: filter.coast, name: 'Coast', site_count: 2 },
        { id: filter.mountains, name: 'Mountains', site_count: 1 },
      ],
      backend_filter: false,
    });
  });

  it('sets backend_filter when a full page came back', async () => {
    const body = (await list('owner', { limit: '2' })).json();
    expect(body.siteGroupings.map((g: { name: string }) => g.name)).toEqual(['All Sites', 'Coast']);
    expect(body.backend_filter).toBe(true);
  });

  it('filters by part of the name without case and adds site ids with allFields', async () => {
    const body = (await list('owner', { filter: 'COAST', allFields: 'true' })).json();
    expect(body.siteGroupings).toEqual([
      { id: filter.coast, name: 'Coast', site_count: 2, site_ids: [site.south, site.east] },
    ]);
    expect(body.backend_filter).toBe(false);
  });

  it('counts only the sites a Site User sees', async () => {
    const body = (await list('siteUser', { allFields: 'true' })).json();
    expect(body.siteGroupings).toEqual([
      { id: filter.all, name: 'All Sites', site_count: 1, site_ids: [site.south] },
      { id: filter.coast, name: 'Coast', site_count: 1, site_ids: [site.south] },
      { id: filter.mountains, name: 'Mountains', site_count: 0, site_ids: [] },
    ]);
  });

  it('answers limit 101 with the 400 shape', async () => {
    const response = await list('owner', { limit: '101' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ location: 'query', path: '/limit' })]);
  });
});

describe('POST and DELETE /apiv2/cloud/:cloudId/site-filters-select', () => {
  it('selects a filter for the caller only, in this cloud only, and clears it', async () => {
    const selected = await select('admin', filter.coast as number);
    expect(selected.statusCode).toBe(200);
    expect(selected.json()).toMatchObject({
      userCloudFilter: { id: filter.coast, name: 'Coast' },
      siteGroupings: expect.arrayContaining([{ id: filter.coast, name: 'Coast', site_count: 2 }]),
      backend_filter: false,
    });
    expect((await list('admin')).json().userCloudFilter).toEqual({ id: filter.coast, name: 'Coast' });
    expect((await list('owner')).json().userCloudFilter).toEqual({ id: null, name: null });

    const cleared = await clear('admin');
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().userCloudFilter).toEqual({ id: null, name: null });
    expect(await activeFilter('admin')).toBeNull();
  });

  it('keeps the active filter per cloud', async () => {
    await select('owner', filter.mountains as number);
    await select('owner', filter.foreign as number, otherCloudId);
    expect(await activeFilter('owner')).toBe(filter.mountains);
    expect(await activeFilter('owner', otherCloudId)).toBe(filter.foreign);
    await clear('owner', otherCloudId);
    expect(await activeFilter('owner')).toBe(filter.mountains);
    expect(await activeFilter('owner', otherCloudId)).toBeNull();
    await clear('owner');
  });

  it("answers 404 for another cloud's filter or an unknown one and changes nothing", async () => {
    await select('admin', filter.all as number);
    for (const id of [filter.foreign as number, 999999]) {
      const response = await select('admin', id);
      expect(response.statusCode).toBe(404);
    }
    expect(await activeFilter('admin')).toBe(filter.all);
    await clear('admin');
  });

  it('refuses a Guest the selection with 403 but lets them clear their own', async () => {
    expect((await select('guest', filter.all as number)).statusCode).toBe(403);
    expect(await activeFilter('guest')).toBeNull();
    expect((await clear('guest')).statusCode).toBe(200);
  });

  it('answers a missing siteFilterId with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: url(),
      payload: {},
      headers: as(session('owner')),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: '/siteFilterId' })]);
  });
});

describe('POST /apiv2/cloud/:cloudId/site-filters', () => {
  const create = (key: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}/site-filters`,
      payload,
      headers: as(session(key)),
    });

  it('saves a grouping of visible sites without repeats and lists it', async () => {
    const response = await create('admin', {
      name: ' Valley ',
      site_ids: [site.north, site.east, site.north],
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({ id: expect.any(Number), name: 'Valley', site_ids: [site.north, site.east] });
    const listed = (await list('owner', { filter: 'valley' })).json().siteGroupings;
    expect(listed).toEqual([{ id: created.id, name: 'Valley', site_count: 2 }]);
  });

  it.each([
    ['a deleted site', () => site.gone],
    ["another cloud's site", () => site.foreign],
    ['an unknown site', () => 999999],
  ])('refuses %s with the 400 shape at /site_ids', async (_label, id) => {
    const response = await create('owner', { name: 'Broken', site_ids: [site.north, id()] });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ errorCode: 'unknown_site', location: 'body', path: '/site_ids' }),
    ]);
    expect((await list('owner', { filter: 'Broken' })).json().siteGroupings).toEqual([]);
  });

  it('refuses a Site User even with manage_sites stored: the role holds no cloud-wide bit', async () => {
    expect((await create('siteUser', { name: 'Peek', site_ids: [site.north] })).statusCode).toBe(403);
    expect((await create('siteUser', { name: 'Mine', site_ids: [site.south] })).statusCode).toBe(403);
  });

  it.each([
    [{ name: '  ', site_ids: [1] }, '/name'],
    [{ name: 'x'.repeat(101), site_ids: [1] }, '/name'],
    [{ name: 'Empty', site_ids: [] }, '/site_ids'],
    [{ name: 'Huge', site_ids: Array.from({ length: 1001 }, (_, i) => i + 1) }, '/site_ids'],
  ])('answers %o with the 400 shape', async (payload, path) => {
    const response = await create('owner', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ location: 'body', path })]);
  });

  it('refuses a Guest with 403', async () => {
    expect((await create('guest', { name: 'Nope', site_ids: [site.north] })).statusCode).toBe(403);
  });
});
