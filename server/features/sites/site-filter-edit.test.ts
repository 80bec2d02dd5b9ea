// @vitest-environment node
// A saved site grouping's edit page: read, rename or change its sites, delete; each change in the change log.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { siteFilters } from '../../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let foreignFilterId: number;
const site: Record<string, number> = {};
const session: Record<string, Session> = {};
const userId: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  const otherCloud = (await createCloud(db)).id;
  for (const key of ['north', 'south', 'east']) site[key] = (await createSite(db, cloudId)).id;
  site.gone = (await createSite(db, cloudId, { deletedAt: new Date() })).id;
  site.foreign = (await createSite(db, otherCloud)).id;
  const [foreign] = await db
    .insert(siteFilters)
    .values({ cloudId: otherCloud, name: 'Elsewhere', siteIds: [site.foreign as number] })
    .returning();
  foreignFilterId = foreign?.id as number;
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['admin', 'ROLE_ADMIN', 0],
    ['siteAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['guest', 'ROLE_GUEST', CLOUD_PERMISSION.manage_sites],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    userId[key] = user.id;
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const base = () => `/apiv2/cloud/${cloudId}/site-filters`;
const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', who: string, path: string, payload?: object) =>
  t.app.inject({ method, url: `${base()}${path}`, payload, headers: as(session[who] as Session) });
const recordsOf = (id: number) =>
  t.database.db
    .select()
    .from(auditRecords)
    .where(and(eq(auditRecords.objectType, 'site_filter'), eq(auditRecords.objectId, String(id))));

async function newGrouping(name: string, siteIds = [site.north, site.south]) {
  const response = await send('POST', 'owner', '', { name, site_ids: siteIds });
  expect(response.statusCode).toBe(201);
  return response.json().id as number;
}

describe('POST /apiv2/cloud/:cloudId/site-filters', () => {
  it('writes a change log record with the new grouping', async () => {
    const id = await newGrouping('Harbours');
    expect(await recordsOf(id)).toEqual([
      expect.objectContaining({
        cloudId,
        actorUserId: userId.owner,
        action: 'created',
        objectName: 'Harbours',
        after: { name: 'Harbours', siteIds: [site.north, site.south] },
      }),
    ]);
  });
});

describe('GET /apiv2/cloud/:cloudId/site-filters/:siteFilterId', () => {
  it('answers the grouping with those of its sites that still exist', async () => {
    const [row] = await t.database.db
      .insert(siteFilters)
      .values({ cloudId, name: 'With a gone site', siteIds: [site.east as number, site.gone as number] })
      .returning();
    const response = await send('GET', 'siteAdmin', `/${row?.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: row?.id, name: 'With a gone site', site_ids: [site.east] });
  });

  it("answers 404 for another cloud's grouping and 403 to those without manage_sites", async () => {
    expect((await send('GET', 'owner', `/${foreignFilterId}`)).statusCode).toBe(404);
    const id = await newGrouping('Private');
    expect((await send('GET', 'guest', `/${id}`)).statusCode).toBe(403);
    expect((await send('GET', 'admin', `/${id}`)).statusCode).toBe(403);
  });
});

describe('PATCH /apiv2/cloud/:cloudId/site-filters/:siteFilterId', () => {
  it('renames the grouping, changes its sites and records only what changed', async () => {
    const id = await newGrouping('Coast');
    const response = await send('PATCH', 'siteAdmin', `/${id}`, {
      name: ' Coastline ',
      site_ids: [site.east, site.north, site.east],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id, name: 'Coastline', site_ids: [site.north, site.east] });
    const changed = (await recordsOf(id)).filter((record) => record.action === 'changed');
    expect(changed).toEqual([
      expect.objectContaining({
        actorUserId: userId.siteAdmin,
        objectName: 'Coastline',
        before: { name: 'Coast', siteIds: [site.north, site.south] },
        after: { name: 'Coastline', siteIds: [site.north, site.east] },
      }),
    ]);
  });

  it.each([
    [{ name: '  ' }, '/name', 'minLength'],
    [{ site_ids: [] }, '/site_ids', 'minItems'],
    [{ site_ids: [999999] }, '/site_ids', 'unknown_site'],
    [{ site_ids: ['north'] }, '/site_ids/0', 'type'],
  ])('answers %o with the 400 shape and changes nothing', async (payload, path, _code) => {
    const id = await newGrouping(`Unchanged ${path}${JSON.stringify(payload).length}`);
    const response = await send('PATCH', 'owner', `/${id}`, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ location: 'body' })]),
    );
    const [row] = await t.database.db.select().from(siteFilters).where(eq(siteFilters.id, id));
    expect(row?.siteIds).toEqual([site.north, site.south]);
    expect((await recordsOf(id)).map((record) => record.action)).toEqual(['created']);
  });

  it('refuses a Guest with 403 and answers 404 for an unknown grouping', async () => {
    const id = await newGrouping('Guarded');
    expect((await send('PATCH', 'guest', `/${id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await send('PATCH', 'owner', `/${foreignFilterId}`, { name: 'Mine' })).statusCode).toBe(404);
  });
});

describe('DELETE /apiv2/cloud/:cloudId/site-filters/:siteFilterId', () => {
  it('deletes the grouping, clears it for members who had it selected and records it', async () => {
    const id = await newGrouping('Short lived');
    const select = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloudId}/site-filters-select`,
      payload: { siteFilterId: id },
      headers: as(session.siteAdmin as Session),
    });
    expect(select.statusCode).toBe(200);
    expect((await send('DELETE', 'guest', `/${id}`)).statusCode).toBe(403);
    expect((await send('DELETE', 'owner', `/${id}`)).statusCode).toBe(204);
    expect(await t.database.db.select().from(siteFilters).where(eq(siteFilters.id, id))).toEqual([]);
    const [membership] = await t.database.db
      .select({ active: memberships.activeSiteFilterId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId.siteAdmin as number), eq(memberships.cloudId, cloudId)));
    expect(membership?.active).toBeNull();
    expect((await recordsOf(id)).find((record) => record.action === 'deleted')).toMatchObject({
      objectName: 'Short lived',
      before: { name: 'Short lived', siteIds: [site.north, site.south] },
    });
    expect((await send('DELETE', 'owner', `/${id}`)).statusCode).toBe(404);
  });

  it("answers 404 for another cloud's grouping and keeps it", async () => {
    expect((await send('DELETE', 'owner', `/${foreignFilterId}`)).statusCode).toBe(404);
    expect(
      await t.database.db.select().from(siteFilters).where(eq(siteFilters.id, foreignFilterId)),
    ).toHaveLength(1);
  });
});
