// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertHistory } from '../../../core/api/activity.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { createAlertCloud, raiseAlert } from './test-cloud.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof createAlertCloud>>;
let operator: Session;
beforeAll(async () => {
  t = await createTestApp();
  world = await createAlertCloud(t);
  const { db } = t.database;
  const user = await createUser(db, { email: 'operator@mutes.example' });
  await addMember(db, user.id, world.cloud.id, 'ROLE_USER');
  await assignSite(db, user.id, world.cloud.id, world.sites.north.id, [
    'read_site',
    'read_device',
    'change_device_state',
  ]);
  operator = await login(t.app, 'operator@mutes.example', TEST_PASSWORD);
});
afterAll(() => t.close());

const call = (who: Session, method: 'GET' | 'POST', path: string, payload?: object) =>
  t.app.inject({ method, url: `/apiv2/cloud/${world.cloud.id}${path}`, payload, headers: as(who) });
const mute = (who: Session, body: object) =>
  call(who, 'POST', '/alert-mutes', { minutes: 60, comment: '', ...body });
const raise = (deviceId: number, siteId: number) =>
  raiseAlert(t.database.db, { cloudId: world.cloud.id, problemAt: new Date(), deviceId, siteId });

describe('maintenance windows', () => {
  it('keep a device’s alerts in the history, marked muted, out of the panel, badge and totals until ended', async () => {
    const { owner } = world.sessions;
    const created = await mute(operator, { device_id: world.northAp.id, comment: 'Replacing the mast' });
    expect(created.statusCode).toBe(201);
    const muted = await raise(world.northAp.id, world.sites.north.id);
    const loud = await raise(world.southSwitch.id, world.sites.south.id);

    const history = (await call(owner, 'GET', '/alerts')).json() as AlertHistory;
    const byId = new Map(history.items.map((item) => [item.id, item]));
    expect(byId.get(muted.id)?.muted).toBe(true);
    expect(byId.get(loud.id)?.muted).toBe(false);
    const recent = (await call(owner, 'GET', '/recent-alerts')).json();
    expect(recent.alerts.map((alert: { id: number }) => alert.id)).toEqual([loud.id]);
    expect((await call(owner, 'GET', '/recent-alerts-totals')).json()).toEqual({ notViewedTotal: 1 });

    const [window] = (await call(owner, 'GET', '/alert-mutes')).json().items;
    expect(window).toMatchObject({
      id: created.json().id,
      device: { id: world.northAp.id, name: 'North AP' },
      smartnvr: null,
      alert_type: null,
      comment: 'Replacing the mast',
      can_end: true,
    });
    expect(new Date(window.ends_at).getTime() - new Date(window.starts_at).getTime()).toBe(3_600_000);

    expect((await call(operator, 'POST', `/alert-mutes/${window.id}/end`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', '/alert-mutes')).json().items).toEqual([]);
    const after = await raise(world.northAp.id, world.sites.north.id);
    const recentAfter = (await call(owner, 'GET', '/recent-alerts')).json();
    expect(recentAfter.alerts.map((alert: { id: number }) => alert.id)).toContain(after.id);
  });

  it('are opened by whoever may handle the site’s alerts; a type across the cloud by owners and administrators', async () => {
    const { guest, admin, siteUser } = world.sessions;
    expect((await mute(guest, { device_id: world.northAp.id })).statusCode).toBe(403);
    expect((await mute(operator, { alert_type: 'DEV_REBOOT' })).statusCode).toBe(403);
    // A device on a site the Site User does not see does not exist for them.
    expect((await mute(operator, { device_id: world.southSwitch.id })).statusCode).toBe(404);
    expect((await mute(siteUser, { device_id: world.northAp.id })).statusCode).toBe(403);
    const typeWide = await mute(admin, { alert_type: 'DEV_REBOOT', minutes: 15 });
    expect(typeWide.statusCode).toBe(201);
    // The Site User sees the window on a type, but may not end it.
    const seenByOperator = (await call(operator, 'GET', '/alert-mutes')).json();
    expect(seenByOperator.can_mute_types).toBe(false);
    expect((await call(admin, 'GET', '/alert-mutes')).json().can_mute_types).toBe(true);
    const [seen] = seenByOperator.items;
    expect(seen).toMatchObject({ alert_type: 'DEV_REBOOT', can_end: false });
    expect((await call(operator, 'POST', `/alert-mutes/${seen.id}/end`)).statusCode).toBe(403);
    expect((await call(world.sessions.outsider, 'GET', '/alert-mutes')).statusCode).toBe(404);
  });

  it.each([
    [{}, '/device_id'],
    [{ device_id: 1, snvr_device_id: 1 }, '/snvr_device_id'],
    [{ alert_type: 'DEV_REBOOT', minutes: 5 }, '/minutes'],
    [{ alert_type: 'DEV_REBOOT', minutes: 43_201 }, '/minutes'],
    [{ alert_type: 'NOT_A_TYPE' }, '/alert_type'],
  ])('answer %o with the 400 shape', async (body, path) => {
    const response = await mute(world.sessions.owner, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'body', path }));
  });

  it('refuse a device of another cloud, or none at all', async () => {
    const { db } = t.database;
    const elsewhere = await createDevice(
      db,
      world.otherCloud.id,
      (await createSite(db, world.otherCloud.id)).id,
    );
    expect((await mute(world.sessions.owner, { device_id: elsewhere.id })).statusCode).toBe(404);
    expect((await mute(world.sessions.owner, { device_id: 2_000_000 })).statusCode).toBe(404);
  });
});
