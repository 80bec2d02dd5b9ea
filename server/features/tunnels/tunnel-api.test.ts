// @vitest-environment node
// The remote web access calls (docs/remote-access.md): bad input changes nothing, who may open, see and
// close which tunnel, the list's filters and pages, and the change log of open, first use and close.
// server/test/access-table.ts has every caller kind of each route.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, login, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createDevice, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { deviceConnects, exchangeGrant, listeningApp, onlineDevice, openWebAccess } from './test-tunnels.ts';

let t: TestApp & { url: string };
beforeAll(async () => {
  t = await listeningApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (cloudId: number) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tunnels WHERE cloud_id = ${cloudId}`,
    )
  )[0]?.n;

describe('opening remote web access', () => {
  it('refuses a duration outside 15 minutes to 8 hours, and any other field, changing nothing', async () => {
    const { session, cloud, device } = await onlineDevice(t);
    for (const body of [
      { duration_min: 14 },
      { duration_min: 481 },
      { duration_min: '60' },
      { duration_min: 60, service: 'media' },
      {},
    ]) {
      const answer = await openWebAccess(t, session, cloud.id, device.id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await count(cloud.id)).toBe(0);
    expect((await openWebAccess(t, session, cloud.id, device.id, { duration_min: 480 })).statusCode).toBe(
      201,
    );
    expect(await count(cloud.id)).toBe(1);
  });

  it('tells a device that is offline, and a device of another cloud is none', async () => {
    const { session, cloud, site } = await onlineDevice(t);
    const offline = await createDevice(t.database.db, cloud.id, site.id);
    const answer = await openWebAccess(t, session, cloud.id, offline.id);
    expect(answer.statusCode).toBe(409);
    const elsewhere = await onlineDevice(t);
    expect((await openWebAccess(t, session, cloud.id, elsewhere.device.id)).statusCode).toBe(404);
    expect(await count(cloud.id)).toBe(0);
  });

  it('is for members with change_device_state or live_actions on the site: each sees and closes their own', async () => {
    const db = t.database.db;
    const { session: ownerSession, cloud, site, device } = await onlineDevice(t);
    const operator = await createUser(db);
    await addMember(db, operator.id, cloud.id, 'ROLE_USER');
    await assignSite(db, operator.id, cloud.id, site.id, ['read_site', 'read_device', 'live_actions']);
    const reader = await createUser(db);
    await addMember(db, reader.id, cloud.id, 'ROLE_USER');
    await assignSite(db, reader.id, cloud.id, site.id, ['read_site', 'read_device']);
    const operatorSession = await login(t.app, operator.email, TEST_PASSWORD);
    const readerSession = await login(t.app, reader.email, TEST_PASSWORD);

    expect((await openWebAccess(t, readerSession, cloud.id, device.id)).statusCode).toBe(403);
    const mine = await openWebAccess(t, operatorSession, cloud.id, device.id);
    expect(mine.statusCode).toBe(201);
    expect(mine.json().tunnel.opened_by.email).toBe(operator.email);
    const owners = (await openWebAccess(t, ownerSession, cloud.id, device.id)).json().tunnel;

    const list = (session: typeof ownerSession, query = '') =>
      t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloud.id}/tunnels${query}`, headers: as(session) });
    const ids = async (session: typeof ownerSession, query?: string) =>
      (await list(session, query)).json().items.map((item: { id: number }) => item.id);
    expect(await ids(ownerSession)).toEqual([owners.id, mine.json().tunnel.id]);
    expect(await ids(operatorSession)).toEqual([mine.json().tunnel.id]);
    expect(await ids(readerSession)).toEqual([]);

    const close = (session: typeof ownerSession, id: number) =>
      t.app.inject({ method: 'DELETE', url: `/apiv2/cloud/${cloud.id}/tunnels/${id}`, headers: as(session) });
    expect((await close(operatorSession, owners.id)).statusCode).toBe(404);
    expect((await close(operatorSession, mine.json().tunnel.id)).statusCode).toBe(200);
    // Closed: gone from the open list, kept in the whole history.
    expect(await ids(ownerSession)).toEqual([owners.id]);
    const all = (await list(ownerSession, '?state=all&limit=1&offset=1')).json();
    expect(all.total).toBe(2);
    expect(all.items.map((item: { close_reason: string }) => item.close_reason)).toEqual(['closed']);
    expect((await list(ownerSession, `?device_id=${device.id}&state=everything`)).statusCode).toBe(400);
    expect((await list(ownerSession, '?limit=101')).statusCode).toBe(400);
  });

  it('records the open, the first use and the close in the change log', async () => {
    const device = await onlineDevice(t);
    const opened = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    await deviceConnects(t, device);
    const { host, cookie } = await exchangeGrant(t, opened.url);
    for (let n = 0; n < 2; n += 1) {
      const page = await t.app.inject({ method: 'GET', url: '/', headers: { host, cookie: cookie ?? '' } });
      expect(page.statusCode).toBe(200);
    }
    await t.app.inject({
      method: 'DELETE',
      url: `/apiv2/cloud/${device.cloud.id}/tunnels/${opened.tunnel.id}`,
      headers: as(device.session),
    });
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${device.cloud.id}/change-log?object_type=tunnel&object_id=${opened.tunnel.id}`,
      headers: as(device.session),
    });
    expect(log.statusCode).toBe(200);
    const items = log.json().items as { action: string; actor: { email: string } }[];
    expect(items.map((item) => item.action).sort()).toEqual([
      'tunnel_closed',
      'tunnel_opened',
      'tunnel_used',
    ]);
    expect(new Set(items.map((item) => item.actor.email))).toEqual(new Set([device.owner.email]));
    const [row] = await queryRows<{ bytes_in: string; bytes_out: string }>(
      t.database.db,
      sql`SELECT bytes_in, bytes_out FROM tunnels WHERE id = ${opened.tunnel.id}`,
    );
    expect(Number(row?.bytes_in)).toBeGreaterThan(1000);
    expect(Number(row?.bytes_out)).toBeGreaterThan(0);
  });

  it('stops working for a session that signed out', async () => {
    const device = await onlineDevice(t);
    const opened = (await openWebAccess(t, device.session, device.cloud.id, device.device.id)).json();
    await deviceConnects(t, device);
    const { host, cookie } = await exchangeGrant(t, opened.url);
    const out = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: as(device.session),
    });
    expect(out.statusCode).toBeLessThan(300);
    const page = await t.app.inject({ method: 'GET', url: '/', headers: { host, cookie: cookie ?? '' } });
    expect(page.statusCode).toBe(403);
  });
});
