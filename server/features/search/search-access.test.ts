// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectHistory } from '../../db/schema/inventory.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createSearchCloud, daysAgo, find, ids, type SearchCloud, search } from './test-cloud.ts';

let t: TestApp;
let c: SearchCloud;
beforeAll(async () => {
  t = await createTestApp();
  c = await createSearchCloud(t);
});
afterAll(() => t.close());

const all = (result: Awaited<ReturnType<typeof search>>) => [...result.current, ...result.historical];

describe('POST /apiv2/cloud/:cloudId/search/find: who may search what', () => {
  it.each(['owner', 'admin', 'guest', 'siteUser'] as const)('answers 200 to the %s', async (member) => {
    const response = await find(t, c.sessions[member], c.cloud.id, { query: 'lobby' });
    expect(response.statusCode).toBe(200);
  });

  it('answers 404 to a member of another cloud and for a cloud that does not exist', async () => {
    const response = await find(t, c.sessions.rival, c.cloud.id, { query: 'lobby' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found.' });
    expect((await find(t, c.sessions.owner, 2_000_000, { query: 'lobby' })).statusCode).toBe(404);
  });

  it('answers 404 to a non-member before looking at the body', async () => {
    const response = await find(t, c.sessions.rival, c.cloud.id, { query: 'ab' });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 to an anonymous caller and 403 without the CSRF token', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${c.cloud.id}/search/find`,
      headers: { cookie: 'csrf_token=anonymous', 'x-csrf-token': 'anonymous' },
      payload: { query: 'lobby' },
    });
    expect(anonymous.statusCode).toBe(401);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${c.cloud.id}/search/find`,
      headers: { cookie: c.sessions.owner.cookie },
      payload: { query: 'lobby' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it("gives a Site User only their sites' sites, devices, clients and history, and no users", async () => {
    const session = c.sessions.siteUser;
    const lobby = await search(t, session, c.cloud.id, { query: 'lobby' });
    expect(ids(all(lobby))).toEqual([`device:${c.devices.harborAp.id}`]);

    const macs = await search(t, session, c.cloud.id, { query: 'aa:bb:cc' });
    expect(ids(macs.current).sort()).toEqual(
      [`device:${c.devices.harborAp.id}`, `client:${c.clients.laptop.id}`].sort(),
    );

    const sites = await search(t, session, c.cloud.id, { query: 'hangar', sources: ['name', 'location'] });
    expect(all(sites)).toEqual([]);
    expect(ids((await search(t, session, c.cloud.id, { query: 'quay' })).current)).toEqual([
      `site:${c.sites.harbor.id}`,
    ]);

    // The visitor's laptop was last seen at the airport.
    expect(all(await search(t, session, c.cloud.id, { query: 'de:ad:be:ef:00:01' }))).toEqual([]);
    expect(all(await search(t, session, c.cloud.id, { query: 'retired' }))).toEqual([]);
    expect(all(await search(t, session, c.cloud.id, { query: '192.168.6' }))).toEqual([]);

    const users = await search(t, session, c.cloud.id, { query: 'acme.example' });
    expect(all(users).filter((r) => r.object_type === 'user')).toEqual([]);
  });

  it('hides from a Site User the past of an object that moved to a site they cannot see', async () => {
    const moved = await createDevice(t.database.db, c.cloud.id, c.sites.airport.id, { name: 'Gate Bridge' });
    await t.database.db.insert(objectHistory).values({
      cloudId: c.cloud.id,
      siteId: c.sites.harbor.id,
      objectType: 'device',
      objectId: moved.id,
      field: 'name',
      value: 'Quayside Bridge',
      validFrom: daysAgo(90),
      validTo: daysAgo(30),
    });
    const owner = await search(t, c.sessions.owner, c.cloud.id, { query: 'quayside' });
    expect(ids(owner.historical)).toEqual([`device:${moved.id}`]);
    expect(all(await search(t, c.sessions.siteUser, c.cloud.id, { query: 'quayside' }))).toEqual([]);
  });

  it('still finds the clouds of a Site User', async () => {
    const result = await search(t, c.sessions.siteUser, c.cloud.id, { query: 'acme net' });
    expect(ids(result.current)).toEqual([`cloud:${c.cloud.id}`]);
  });

  it('gives a Guest every site but no users', async () => {
    const lobby = await search(t, c.sessions.guest, c.cloud.id, { query: 'lobby' });
    expect(ids(lobby.current).sort()).toEqual(
      [`device:${c.devices.harborAp.id}`, `device:${c.devices.airportAp.id}`].sort(),
    );
    const users = await search(t, c.sessions.guest, c.cloud.id, { query: 'maria@acme' });
    expect(all(users)).toEqual([]);
  });

  it('gives owners and administrators the members of the cloud, and only them', async () => {
    for (const member of ['owner', 'admin'] as const) {
      const result = await search(t, c.sessions[member], c.cloud.id, { query: 'acme.example' });
      const users = result.current.filter((r) => r.object_type === 'user');
      expect(users).toHaveLength(3);
      expect(users.every((r) => r.fields[0]?.value.endsWith('@acme.example'))).toBe(true);
    }
    const rival = await search(t, c.sessions.owner, c.cloud.id, { query: 'rita' });
    expect(all(rival)).toEqual([]);
  });
});
