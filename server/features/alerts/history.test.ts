// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertHistory } from '../../../core/api/activity.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createAlertCloud, hoursAgo, raiseAlert } from './test-cloud.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof createAlertCloud>>;
let operator: Session;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  world = await createAlertCloud(t);
  const { cloud, sites, northAp, southSwitch, recorder } = world;
  const db = t.database.db;
  const raise = async (key: string, fields: Omit<Parameters<typeof raiseAlert>[1], 'cloudId'>) => {
    ids[key] = (await raiseAlert(db, { cloudId: cloud.id, ...fields })).id;
  };
  await raise('northDown', { problemAt: hoursAgo(1), siteId: sites.north.id, deviceId: northAp.id });
  await raise('southPoe', {
    problemAt: hoursAgo(2),
    siteId: sites.south.id,
    deviceId: southSwitch.id,
    alertType: 'POWER_CONSUMPTION',
    healthId: 'HEALTH_WARNING',
  });
  await raise('northResolved', { problemAt: hoursAgo(30), siteId: sites.north.id, deviceId: northAp.id });
  await t.database.db.execute(`UPDATE alerts SET resolved_at = now() WHERE id = ${ids.northResolved}`);
  await raise('recorder', { problemAt: hoursAgo(24 * 40), siteId: sites.east.id, smartNvrId: recorder.id });
  await t.database.db.execute(
    `UPDATE alerts SET health_id = 'HEALTH_NORMAL', alert_type = 'STREAM_FAILED' WHERE id = ${ids.recorder}`,
  );
  // A Site User of the north site who may change its devices' state.
  const user = await createUser(db, {
    email: 'operator@history.example',
    firstname: 'Ola',
    lastname: 'Nord',
  });
  await addMember(db, user.id, cloud.id, 'ROLE_USER');
  await assignSite(db, user.id, cloud.id, sites.north.id, [
    'read_site',
    'read_device',
    'change_device_state',
  ]);
  operator = await login(t.app, 'operator@history.example', TEST_PASSWORD);
});
afterAll(() => t.close());

const history = async (who: Session, query = '', cloudId = world.cloud.id) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/alerts${query}`,
    headers: as(who),
  });
  return { status: response.statusCode, body: response.json() as AlertHistory };
};
const idsOf = (body: AlertHistory) => body.items.map((item) => item.id);
const acknowledge = (who: Session, alertIds: number[], comment = 'Planned work') =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${world.cloud.id}/alerts/acknowledge`,
    payload: { alert_ids: alertIds, comment },
    headers: as(who),
  });

describe('GET /apiv2/cloud/:cloudId/alerts', () => {
  it('lists every alert of the cloud, newest first, resolved ones included, with names and the total', async () => {
    const { status, body } = await history(world.sessions.owner);
    expect(status).toBe(200);
    expect(idsOf(body)).toEqual([ids.northDown, ids.southPoe, ids.northResolved, ids.recorder]);
    expect(body).toMatchObject({ total: 4, total_capped: false });
    expect(body.items[0]).toMatchObject({
      alert_type: 'DEV_UNREACHABLE',
      health_id: 'HEALTH_CRITICAL',
      resolved_at: null,
      site: { id: world.sites.north.id, name: 'North Tower' },
      device: { id: world.northAp.id, name: 'North AP' },
      smartnvr: null,
      acknowledged: null,
      can_acknowledge: true,
    });
    expect(body.items[2]?.resolved_at).toEqual(expect.any(String));
    expect(body.items[3]?.smartnvr).toEqual({ id: world.recorder.id, name: 'Lobby NVR' });
  });

  it('filters by type, the health query of docs/api.md, state, site, device, recorder and time, and pages', async () => {
    const owner = world.sessions.owner;
    const filtered = async (query: string) => idsOf((await history(owner, query)).body);
    expect(await filtered('?type=POWER_CONSUMPTION')).toEqual([ids.southPoe]);
    expect(await filtered('?health=HEALTH_CRITICAL%2BHEALTH_WARNING')).toEqual([
      ids.northDown,
      ids.southPoe,
      ids.northResolved,
    ]);
    // A '+' typed in an address reads back as a space.
    expect(await filtered('?health=HEALTH_WARNING+HEALTH_NORMAL')).toEqual([ids.southPoe, ids.recorder]);
    expect(await filtered('?state=resolved')).toEqual([ids.northResolved]);
    expect(await filtered(`?site_id=${world.sites.north.id}`)).toEqual([ids.northDown, ids.northResolved]);
    expect(await filtered(`?device_id=${world.southSwitch.id}`)).toEqual([ids.southPoe]);
    expect(await filtered(`?snvr_device_id=${world.recorder.id}`)).toEqual([ids.recorder]);
    const dayAgo = encodeURIComponent(hoursAgo(24).toISOString());
    expect(await filtered(`?from=${dayAgo}`)).toEqual([ids.northDown, ids.southPoe]);
    expect(await filtered(`?to=${dayAgo}`)).toEqual([ids.northResolved, ids.recorder]);
    const second = (await history(owner, '?limit=2&offset=2')).body;
    expect(idsOf(second)).toEqual([ids.northResolved, ids.recorder]);
    expect(second.total).toBe(4);
  });

  it('shows a Site User only their sites’ alerts, and an outsider nothing', async () => {
    expect(idsOf((await history(world.sessions.siteUser)).body)).toEqual([ids.northDown, ids.northResolved]);
    expect((await history(world.sessions.siteUser, `?site_id=${world.sites.south.id}`)).body.items).toEqual(
      [],
    );
    expect((await history(world.sessions.outsider)).status).toBe(404);
  });

  it.each([
    ['?health=HEALTH_BAD', '/health'],
    ['?state=muted', '/state'],
    ['?type=NOT_A_TYPE', '/type'],
    ['?from=yesterday', '/from'],
    ['?limit=101', '/limit'],
    ['?site_id=2147483648', '/site_id'],
  ])('answers %s with the 400 shape', async (query, path) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/alerts${query}`,
      headers: as(world.sessions.owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'query', path }));
  });
});

describe('GET /apiv2/cloud/:cloudId/alerts/export', () => {
  it('answers the filtered history as a CSV file to download, a Site User’s limited to their sites', async () => {
    const csv = async (who: Session, query = '') => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${world.cloud.id}/alerts/export${query}`,
        headers: as(who),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="alerts-\d+-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      return response.body.trimEnd().split('\r\n');
    };
    const all = await csv(world.sessions.owner);
    expect(all[0]).toBe(
      'id,raised_at,resolved_at,health,type,site,device,smart_nvr,data_1,data_2,data_3,acknowledged_at,acknowledged_by,comment,muted',
    );
    expect(all.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([
      ids.northDown,
      ids.southPoe,
      ids.northResolved,
      ids.recorder,
    ]);
    expect(all[2]).toContain(',HEALTH_WARNING,POWER_CONSUMPTION,South Yard,South Switch,');
    expect(all[2]).toMatch(/,no$/);
    expect(await csv(world.sessions.owner, '?state=resolved')).toHaveLength(2);
    const siteUser = await csv(world.sessions.siteUser);
    expect(siteUser.slice(1).map((line) => Number(line.split(',')[0]))).toEqual([
      ids.northDown,
      ids.northResolved,
    ]);
  });
});

describe('POST /apiv2/cloud/:cloudId/alerts/acknowledge', () => {
  it('keeps who acknowledged, when and why; the alert stays open and leaves the open filter', async () => {
    const response = await acknowledge(operator, [ids.northDown as number], '  Replacing the PSU  ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: 1 });
    const [item] = (await history(world.sessions.owner, `?device_id=${world.northAp.id}&state=acknowledged`))
      .body.items;
    expect(item).toMatchObject({
      id: ids.northDown,
      resolved_at: null,
      acknowledged: { at: expect.any(String), by: 'Ola Nord', comment: 'Replacing the PSU' },
      can_acknowledge: false,
    });
    expect(idsOf((await history(world.sessions.owner, '?state=open')).body)).toEqual([
      ids.southPoe,
      ids.recorder,
    ]);
    // A second acknowledgement keeps the first.
    expect((await acknowledge(world.sessions.owner, [ids.northDown as number], 'Again')).json()).toEqual({
      acknowledged: 0,
    });
  });

  it('acknowledges only what the caller may: nothing for a Guest, only their sites for a Site User', async () => {
    const guestTry = await acknowledge(world.sessions.guest, [ids.southPoe as number]);
    expect(guestTry.json()).toEqual({ acknowledged: 0 });
    expect((await history(world.sessions.guest)).body.items.every((item) => !item.can_acknowledge)).toBe(
      true,
    );
    const operatorTry = await acknowledge(operator, [ids.southPoe as number, ids.northResolved as number]);
    expect(operatorTry.json()).toEqual({ acknowledged: 1 });
    const [south] = (await history(world.sessions.owner, `?device_id=${world.southSwitch.id}`)).body.items;
    expect(south?.acknowledged).toBeNull();
  });

  it('acknowledges many at once for an administrator, and not another cloud’s alerts', async () => {
    const other = await raiseAlert(t.database.db, { cloudId: world.otherCloud.id, problemAt: hoursAgo(1) });
    const response = await acknowledge(world.sessions.admin, [
      ids.southPoe as number,
      ids.recorder as number,
      other.id,
    ]);
    expect(response.json()).toEqual({ acknowledged: 2 });
    expect((await history(world.sessions.owner, '?state=open')).body.items).toEqual([]);
  });

  it.each([
    [{ alert_ids: [], comment: '' }, '/alert_ids'],
    [{ alert_ids: [1, 1], comment: '' }, '/alert_ids'],
    [{ alert_ids: [1], comment: 'x'.repeat(501) }, '/comment'],
    [{ alert_ids: [1] }, '/comment'],
  ])('answers %o with the 400 shape', async (payload, path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${world.cloud.id}/alerts/acknowledge`,
      payload,
      headers: as(world.sessions.owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'body', path }));
  });
});
