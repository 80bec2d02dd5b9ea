// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FREE_LICENSE_ALLOWANCE } from '../../../core/plan.ts';
import type { Database } from '../../db/connect.ts';
import { advertisements, licenses } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createDevice, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

let t: TestApp;
let db: Database;
let user: Session;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const created = await createUser(db);
  userId = created.id;
  user = await login(t.app, created.email, TEST_PASSWORD);
});
afterAll(() => t.close());

async function memberCloud(
  fields: Parameters<typeof createCloud>[1],
  role: 'ROLE_OWNER' | 'ROLE_GUEST' = 'ROLE_GUEST',
) {
  const cloud = await createCloud(db, fields);
  await addMember(db, userId, cloud.id, role);
  return cloud;
}
const status = (cloudId: number, session = user) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/license-status`, headers: as(session) });

describe('GET /apiv2/cloud/:cloudId/license-status', () => {
  it('answers a healthy cloud with every field of docs/entities.md and its license counts', async () => {
    const purchased = new Date('2024-05-01T00:00:00Z');
    const created = new Date('2023-01-15T08:00:00Z');
    const expires = fromNow(200);
    const cloud = await memberCloud({
      planPurchasedAt: purchased,
      planExpiresAt: expires,
      createdAt: created,
    });
    const other = await createCloud(db);
    const devices = await Promise.all([1, 2, 3, 4].map(() => createDevice(db, cloud.id, null)));
    const deleted = await createDevice(db, cloud.id, null, { deletedAt: new Date() });
    const [d1, d2, d3, d4] = devices.map((device) => device.id);
    await db.insert(licenses).values([
      { cloudId: cloud.id, kind: 'device', deviceId: d1, expiresAt: expires },
      { cloudId: cloud.id, kind: 'device', deviceId: d2, expiresAt: expires },
      { cloudId: cloud.id, kind: 'device', deviceId: d3, free: true },
      // Spare licenses, a license of a deleted device and licenses of other kinds and clouds are not in use.
      { cloudId: cloud.id, kind: 'device' },
      { cloudId: cloud.id, kind: 'device', free: true },
      { cloudId: cloud.id, kind: 'device', deviceId: deleted.id },
      { cloudId: cloud.id, kind: 'smartnvr', smartNvrId: 1 },
      { cloudId: other.id, kind: 'device', deviceId: d4 },
    ]);

    const response = await status(cloud.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      suspended: false,
      expired: false,
      cloudWillExpire: false,
      planPurchasedAt: purchased.toISOString(),
      planExpiresAt: expires.toISOString(),
      cloudCreatedAt: created.toISOString(),
      licensesUsed: 2,
      freeLicensesUsed: 1,
      freeLicensesTotal: FREE_LICENSE_ALLOWANCE.intro,
    });
  });

  it('flags a suspended cloud', async () => {
    const cloud = await memberCloud({ suspendedAt: fromNow(-3), planExpiresAt: fromNow(100) });
    expect((await status(cloud.id)).json()).toMatchObject({
      suspended: true,
      expired: false,
      cloudWillExpire: false,
    });
  });

  it('flags an expired plan and does not call it expiring', async () => {
    const cloud = await memberCloud({ planExpiresAt: fromNow(-12) });
    expect((await status(cloud.id)).json()).toMatchObject({
      suspended: false,
      expired: true,
      cloudWillExpire: false,
    });
  });

  it('flags a plan expiring in 20 days', async () => {
    const cloud = await memberCloud({ planExpiresAt: fromNow(20) });
    expect((await status(cloud.id)).json()).toMatchObject({
      suspended: false,
      expired: false,
      cloudWillExpire: true,
    });
  });

  it('answers dates as null when the plan was never bought and counts free licenses held above the allowance', async () => {
    const cloud = await memberCloud({ planType: 'trial', planPurchasedAt: null, planExpiresAt: null });
    const held = FREE_LICENSE_ALLOWANCE.trial + 2;
    await db
      .insert(licenses)
      .values(
        Array.from({ length: held }, () => ({ cloudId: cloud.id, kind: 'device' as const, free: true })),
      );
    expect((await status(cloud.id)).json()).toMatchObject({
      planPurchasedAt: null,
      planExpiresAt: null,
      expired: false,
      cloudWillExpire: false,
      licensesUsed: 0,
      freeLicensesUsed: 0,
      freeLicensesTotal: held,
    });
  });

  it('answers 404 for a cloud the caller is not in and 401 without a session', async () => {
    const cloud = await createCloud(db);
    expect((await status(cloud.id)).statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloud.id}/license-status` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /apiv2/cloud/:cloudId/addons/advertisement', () => {
  const adverts = (cloudId: number) =>
    t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/addons/advertisement`, headers: as(user) });

  beforeAll(async () => {
    await db.insert(advertisements).values([
      { title: 'Getting started', videoUrl: '/media/videos/getting-started.mp4' },
      { title: 'Retired video', videoUrl: '/media/videos/old.mp4', active: false },
      { title: 'Firmware at scale', videoUrl: '/media/videos/firmware.mp4' },
    ]);
  });

  it('lists the active videos when the cloud enables advertisement', async () => {
    const cloud = await memberCloud({ enableAdvertisement: true });
    const response = await adverts(cloud.id);
    expect(response.statusCode).toBe(200);
    const { videos } = response.json();
    expect(videos.map((video: { title: string }) => video.title)).toEqual([
      'Getting started',
      'Firmware at scale',
    ]);
    expect(videos[0]).toEqual({
      id: expect.any(Number),
      title: 'Getting started',
      video_url: '/media/videos/getting-started.mp4',
    });
  });

  it('answers no videos when the cloud disables advertisement', async () => {
    const cloud = await memberCloud({ enableAdvertisement: false });
    expect((await adverts(cloud.id)).json()).toEqual({ videos: [] });
  });

  it('answers 404 for a cloud the caller is not in', async () => {
    const cloud = await createCloud(db, { enableAdvertisement: true });
    expect((await adverts(cloud.id)).statusCode).toBe(404);
  });
});
