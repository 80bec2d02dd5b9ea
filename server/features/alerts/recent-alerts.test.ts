// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { createAlertCloud, hoursAgo, raiseAlert } from './test-cloud.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recentAlerts = (cloudId: number, session: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/recent-alerts${query}`, headers: as(session) });

describe('GET /apiv2/cloud/:cloudId/recent-alerts', () => {
  it('returns the alerts of the last 7 days with the fields of docs/entities.md, newest first', async () => {
    const c = await createAlertCloud(t);
    const db = t.database.db;
    const device = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.north.id,
      deviceId: c.northAp.id,
      alertType: 'FW_UPGRADED',
      healthId: 'HEALTH_NORMAL',
      alertData1: '6.1.0',
      alertData2: '6.2.0',
      problemAt: hoursAgo(2),
    });
    const recorder = await raiseAlert(db, {
      cloudId: c.cloud.id,
      smartNvrId: c.recorder.id,
      alertType: 'STREAM_FAILED',
      // A failed stream's key is the recorder's camera id (docs/cameras.md#alerts).
      alertKey: 'cam-3',
      problemAt: hoursAgo(1),
    });
    const older = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.south.id,
      problemAt: hoursAgo(6 * 24),
    });
    await raiseAlert(db, { cloudId: c.cloud.id, siteId: c.sites.north.id, problemAt: hoursAgo(8 * 24) });
    await raiseAlert(db, { cloudId: c.otherCloud.id, problemAt: hoursAgo(1) });

    const response = await recentAlerts(c.cloud.id, c.sessions.owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.alerts.map((a: { id: number }) => a.id)).toEqual([recorder.id, device.id, older.id]);
    expect(body.sees_one_site_only).toBe(false);
    expect(body.alerts[1]).toEqual({
      id: device.id,
      alert_type: 'FW_UPGRADED',
      alert_data_1: '6.1.0',
      alert_data_2: '6.2.0',
      alert_data_3: null,
      health_id: 'HEALTH_NORMAL',
      is_viewed: false,
      problem_at: device.problemAt.toISOString(),
      site_id: c.sites.north.id,
      site_name: 'North Tower',
      attrs: {
        device_id: c.northAp.id,
        device_name: 'North AP',
        snvr_device_id: null,
        snvr_device_name: null,
        camera_id: null,
        cloud_id: c.cloud.id,
      },
    });
    expect(body.alerts[0]).toMatchObject({
      alert_type: 'STREAM_FAILED',
      site_id: null,
      site_name: null,
      attrs: {
        device_id: null,
        device_name: null,
        snvr_device_id: c.recorder.id,
        snvr_device_name: 'Lobby NVR',
        camera_id: 'cam-3',
        cloud_id: c.cloud.id,
      },
    });
  });

  it('returns 5 alerts by default, fewer with a smaller limit, and accepts the version parameter', async () => {
    const c = await createAlertCloud(t);
    const raised = [];
    for (let hour = 1; hour <= 7; hour++)
      raised.push(
        await raiseAlert(t.database.db, {
          cloudId: c.cloud.id,
          siteId: c.sites.east.id,
          problemAt: hoursAgo(hour),
        }),
      );

    const byDefault = (await recentAlerts(c.cloud.id, c.sessions.admin)).json();
    expect(byDefault.alerts.map((a: { id: number }) => a.id)).toEqual(raised.slice(0, 5).map((a) => a.id));
    const two = await recentAlerts(c.cloud.id, c.sessions.admin, '?limit=2&v=1.2.3');
    expect(two.statusCode).toBe(200);
    expect(two.json().alerts.map((a: { id: number }) => a.id)).toEqual(raised.slice(0, 2).map((a) => a.id));
  });

  it('orders alerts raised at the same moment by id, newest first', async () => {
    const c = await createAlertCloud(t);
    const at = hoursAgo(3);
    const first = await raiseAlert(t.database.db, { cloudId: c.cloud.id, problemAt: at });
    const second = await raiseAlert(t.database.db, { cloudId: c.cloud.id, problemAt: at });
    const body = (await recentAlerts(c.cloud.id, c.sessions.owner)).json();
    expect(body.alerts.map((a: { id: number }) => a.id)).toEqual([second.id, first.id]);
  });

  it.each(['6', '0', 'many'])('answers limit=%s with the 400 shape', async (limit) => {
    const c = await createAlertCloud(t);
    const response = await recentAlerts(c.cloud.id, c.sessions.owner, `?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ location: 'query', path: '/limit', errorCode: expect.any(String) }),
    ]);
  });

  it('shows a Site User the alerts of their sites only', async () => {
    const c = await createAlertCloud(t);
    const db = t.database.db;
    const north = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.north.id,
      problemAt: hoursAgo(3),
    });
    const south = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.south.id,
      problemAt: hoursAgo(2),
    });
    await raiseAlert(db, { cloudId: c.cloud.id, siteId: c.sites.east.id, problemAt: hoursAgo(1) });
    await raiseAlert(db, { cloudId: c.cloud.id, smartNvrId: c.recorder.id, problemAt: hoursAgo(1) });

    const one = (await recentAlerts(c.cloud.id, c.sessions.siteUser)).json();
    expect(one.alerts.map((a: { id: number }) => a.id)).toEqual([north.id]);
    expect(one.sees_one_site_only).toBe(true);
    const two = (await recentAlerts(c.cloud.id, c.sessions.twoSiteUser)).json();
    expect(two.alerts.map((a: { id: number }) => a.id)).toEqual([south.id, north.id]);
    expect(two.sees_one_site_only).toBe(false);
    expect((await recentAlerts(c.cloud.id, c.sessions.guest)).json().alerts).toHaveLength(4);
  });

  it('says sees_one_site_only for any member of a cloud with a single live site', async () => {
    const db = t.database.db;
    const cloud = await createCloud(db);
    await createSite(db, cloud.id);
    // A deleted site does not count.
    await createSite(db, cloud.id, { deletedAt: new Date() });
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_OWNER');
    const session = await login(t.app, user.email, TEST_PASSWORD);
    const response = await recentAlerts(cloud.id, session);
    expect(response.json()).toEqual({ alerts: [], sees_one_site_only: true });
  });
});
