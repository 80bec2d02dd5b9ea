// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/connect.ts';
import { licenses } from '../../db/schema/clouds.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let db: Database;
let member: Session;
let outsider: Session;
let userId: number;
let licensedCloud: number;
let licensedNvr: number;
let otherCloud: number;

async function addNvr(cloudId: number, name: string, fields: Partial<typeof smartNvrs.$inferInsert> = {}) {
  const [row] = await db
    .insert(smartNvrs)
    .values({ cloudId, name, mac: '02:4c:90:00:00:01', sn: `NV-${name}`, productBrandId: 190, ...fields })
    .returning();
  if (!row) throw new Error('smart NVR not created');
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const user = await createUser(db);
  userId = user.id;
  member = await login(t.app, user.email, TEST_PASSWORD);
  const stranger = await createUser(db);
  outsider = await login(t.app, stranger.email, TEST_PASSWORD);

  licensedCloud = (await createCloud(db)).id;
  await addMember(db, userId, licensedCloud, 'ROLE_GUEST');
  await addNvr(licensedCloud, 'Unlicensed');
  licensedNvr = await addNvr(licensedCloud, 'Licensed');
  await db.insert(licenses).values({
    cloudId: licensedCloud,
    kind: 'smartnvr',
    smartNvrId: licensedNvr,
    expiresAt: new Date(Date.now() + 90 * DAY),
  });

  otherCloud = (await createCloud(db)).id;
  await addMember(db, userId, otherCloud, 'ROLE_OWNER');
  const expiredNvr = await addNvr(otherCloud, 'Expired license');
  const deletedNvr = await addNvr(otherCloud, 'Deleted', { deletedAt: new Date() });
  await db.insert(licenses).values([
    { cloudId: otherCloud, kind: 'smartnvr', smartNvrId: expiredNvr, expiresAt: new Date(Date.now() - DAY) },
    { cloudId: otherCloud, kind: 'smartnvr', smartNvrId: deletedNvr },
    { cloudId: otherCloud, kind: 'device', deviceId: expiredNvr },
  ]);
});
afterAll(() => t.close());

const license = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/apiv2/smartnvr/license', headers });

describe('GET /apiv2/smartnvr/license', () => {
  it('answers the licensed smart NVR of the X-Cloud-Id cloud', async () => {
    const response = await license({ ...as(member), 'x-cloud-id': String(licensedCloud) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deviceId: licensedNvr });
  });

  it('answers null when no live smart NVR of the cloud holds an unexpired license', async () => {
    const response = await license({ ...as(member), 'x-cloud-id': String(otherCloud) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ deviceId: null });
  });

  it("answers 'Could not determine cloud ID' with the 400 shape without a usable X-Cloud-Id", async () => {
    for (const value of [undefined, '', 'abc', '0', '-4', '1.5', '99999999999']) {
      const headers: Record<string, string> = as(member);
      if (value !== undefined) headers['x-cloud-id'] = value;
      const response = await license(headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errors: [
          {
            errorCode: 'cloud_id',
            location: 'headers',
            path: '/x-cloud-id',
            message: 'Could not determine cloud ID',
          },
        ],
      });
    }
  });

  it('answers 404 to a caller outside the cloud and for a cloud that does not exist', async () => {
    expect((await license({ ...as(outsider), 'x-cloud-id': String(licensedCloud) })).statusCode).toBe(404);
    expect((await license({ ...as(member), 'x-cloud-id': '2000000000' })).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await license({ 'x-cloud-id': String(licensedCloud) })).statusCode).toBe(401);
  });

  it('declares the X-Cloud-Id header in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/apiv2/openapi.json' })).json();
    const parameters = doc.paths['/apiv2/smartnvr/license'].get.parameters;
    expect(parameters).toContainEqual(expect.objectContaining({ in: 'header', name: 'x-cloud-id' }));
  });
});
