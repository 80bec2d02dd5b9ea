// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createAlertCloud, hoursAgo, raiseAlert } from './test-cloud.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const totals = async (cloudId: number, session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/recent-alerts-totals`,
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const viewedFlags = async (cloudId: number, session: Session) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/recent-alerts`,
    headers: as(session),
  });
  return response.json().alerts.map((a: { id: number; is_viewed: boolean }) => [a.id, a.is_viewed]);
};
const markViewed = (cloudId: number, session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/mark-alerts-as-viewed`,
    headers: as(session),
  });

describe('alerts viewed state', () => {
  it('counts recent unviewed alerts, then none once marked viewed, then only alerts raised after', async () => {
    const c = await createAlertCloud(t);
    const db = t.database.db;
    const recent = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.north.id,
      problemAt: hoursAgo(1),
    });
    const earlier = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.south.id,
      problemAt: hoursAgo(30),
    });
    await raiseAlert(db, { cloudId: c.cloud.id, siteId: c.sites.north.id, problemAt: hoursAgo(8 * 24) });

    expect(await totals(c.cloud.id, c.sessions.owner)).toEqual({ notViewedTotal: 2 });
    expect(await viewedFlags(c.cloud.id, c.sessions.owner)).toEqual([
      [recent.id, false],
      [earlier.id, false],
    ]);

    const marked = await markViewed(c.cloud.id, c.sessions.owner);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ ok: true });
    expect(await totals(c.cloud.id, c.sessions.owner)).toEqual({ notViewedTotal: 0 });
    expect(await viewedFlags(c.cloud.id, c.sessions.owner)).toEqual([
      [recent.id, true],
      [earlier.id, true],
    ]);

    // Raised after the mark (a second ahead, so the clock cannot tie with it).
    const later = await raiseAlert(db, {
      cloudId: c.cloud.id,
      siteId: c.sites.east.id,
      problemAt: new Date(Date.now() + 1000),
    });
    expect(await totals(c.cloud.id, c.sessions.owner)).toEqual({ notViewedTotal: 1 });
    expect(await viewedFlags(c.cloud.id, c.sessions.owner)).toEqual([
      [later.id, false],
      [recent.id, true],
      [earlier.id, true],
    ]);
  });

  it('keeps the viewed state per user: another member still sees every alert as new', async () => {
    const c = await createAlertCloud(t);
    await raiseAlert(t.database.db, {
      cloudId: c.cloud.id,
      siteId: c.sites.north.id,
      problemAt: hoursAgo(2),
    });
    expect((await markViewed(c.cloud.id, c.sessions.admin)).statusCode).toBe(200);
    expect(await totals(c.cloud.id, c.sessions.admin)).toEqual({ notViewedTotal: 0 });
    expect(await totals(c.cloud.id, c.sessions.owner)).toEqual({ notViewedTotal: 1 });
    expect(await viewedFlags(c.cloud.id, c.sessions.owner)).toEqual([[expect.any(Number), false]]);
  });

  it('lets any member mark their own alerts viewed, a Site User and a Guest included', async () => {
    const c = await createAlertCloud(t);
    await raiseAlert(t.database.db, {
      cloudId: c.cloud.id,
      siteId: c.sites.north.id,
      problemAt: hoursAgo(2),
    });
    for (const session of [c.sessions.guest, c.sessions.siteUser]) {
      expect(await totals(c.cloud.id, session)).toEqual({ notViewedTotal: 1 });
      expect((await markViewed(c.cloud.id, session)).statusCode).toBe(200);
      expect(await totals(c.cloud.id, session)).toEqual({ notViewedTotal: 0 });
    }
  });

  it('counts for a Site User only the alerts of their sites', async () => {
    const c = await createAlertCloud(t);
    const db = t.database.db;
    await raiseAlert(db, { cloudId: c.cloud.id, siteId: c.sites.north.id, problemAt: hoursAgo(2) });
    await raiseAlert(db, { cloudId: c.cloud.id, siteId: c.sites.south.id, problemAt: hoursAgo(2) });
    await raiseAlert(db, { cloudId: c.cloud.id, smartNvrId: c.recorder.id, problemAt: hoursAgo(2) });
    expect(await totals(c.cloud.id, c.sessions.siteUser)).toEqual({ notViewedTotal: 1 });
    expect(await totals(c.cloud.id, c.sessions.twoSiteUser)).toEqual({ notViewedTotal: 2 });
    expect(await totals(c.cloud.id, c.sessions.guest)).toEqual({ notViewedTotal: 3 });
  });

  it('refuses to mark alerts viewed without the CSRF token and changes nothing', async () => {
    const c = await createAlertCloud(t);
    await raiseAlert(t.database.db, { cloudId: c.cloud.id, problemAt: hoursAgo(2) });
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${c.cloud.id}/mark-alerts-as-viewed`,
      headers: { cookie: c.sessions.owner.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await totals(c.cloud.id, c.sessions.owner)).toEqual({ notViewedTotal: 1 });
  });
});
