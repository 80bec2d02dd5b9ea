// @vitest-environment node
// A device whose credential is lost adopts again only after a member resets it (docs/security.md, Adoption).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { adoptBody, adoptDevice, heartbeat, onboardingKeyOf, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let owner: Session;
let guest: Session;
let siteUser: Session;
let cloudId: number;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER') => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloudId, siteId, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

const reset = (session: Session, path: string) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/${path}/reset-credential`,
    headers: as(session),
  });
const detail = async (path: string) =>
  (await t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/${path}`, headers: as(owner) })).json();

describe('POST /apiv2/cloud/:cloudId/devices/:deviceId/reset-credential', () => {
  it('revokes the credential at once, keeps the device history, and lets it adopt again with the key', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId, {
      name: 'Lost AP',
      productBrandId: 13,
    });
    const credential = await adoptDevice(t, device);
    expect((await sendHeartbeat(t, credential, heartbeat(5))).statusCode).toBe(200);
    const key = await onboardingKeyOf(t, cloudId);
    // The device lost its credential: calling home again gets nothing until a member resets it.
    const lost = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/adopt',
      payload: adoptBody(device, 13, key),
    });
    expect(lost.statusCode).toBe(202);
    expect((await detail(`devices/${device.id}`)).can_reset_credential).toBe(true);

    expect((await reset(guest, `devices/${device.id}`)).statusCode).toBe(403);
    expect((await reset(siteUser, `devices/${device.id}`)).statusCode).toBe(403);
    expect((await reset(owner, `devices/${device.id}`)).statusCode).toBe(204);
    expect((await sendHeartbeat(t, credential, heartbeat(6))).statusCode).toBe(401);
    expect((await detail(`devices/${device.id}`)).can_reset_credential).toBe(false);
    expect((await reset(owner, `devices/${device.id}`)).statusCode).toBe(409);

    const again = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/adopt',
      payload: adoptBody(device, 13, key),
    });
    expect(again.statusCode).toBe(200);
    const renewed = again.json().credential as string;
    // The same agent, so its history and metrics stay; it counts its messages from the start again.
    expect(renewed.split('.')[0]).toBe(credential.split('.')[0]);
    expect((await sendHeartbeat(t, renewed, heartbeat(1))).statusCode).toBe(200);

    const records = await queryRows<{ action: string; object_name: string }>(
      t.database.db,
      sql`SELECT action, object_name FROM audit_records WHERE object_type = 'device' AND object_id = ${String(device.id)}`,
    );
    expect(records).toEqual([{ action: 'credential_reset', object_name: 'Lost AP' }]);
  });

  it('answers 404 for a device of another cloud', async () => {
    const foreignCloud = (await createCloud(t.database.db)).id;
    const foreign = await createDevice(
      t.database.db,
      foreignCloud,
      (await createSite(t.database.db, foreignCloud)).id,
    );
    await adoptDevice(t, foreign);
    expect((await reset(owner, `devices/${foreign.id}`)).statusCode).toBe(404);
  });
});

describe('POST /apiv2/cloud/:cloudId/smartnvrs/:smartNvrId/reset-credential', () => {
  it("revokes a recorder's credential for those who manage recorders", async () => {
    const [recorder] = await t.database.db
      .insert(smartNvrs)
      .values({ cloudId, name: 'Lost NVR', mac: '02:9d:00:00:00:01', sn: 'NVRLOST1', productBrandId: 190 })
      .returning();
    if (!recorder) throw new Error('recorder not created');
    const credential = await adoptDevice(t, recorder, 190);
    expect((await detail(`smartnvrs/${recorder.id}`)).can_reset_credential).toBe(true);
    expect((await reset(guest, `smartnvrs/${recorder.id}`)).statusCode).toBe(403);
    expect((await reset(owner, `smartnvrs/${recorder.id}`)).statusCode).toBe(204);
    expect((await sendHeartbeat(t, credential, heartbeat(1))).statusCode).toBe(401);
    expect(await adoptDevice(t, recorder, 190)).toMatch(/^\d+\./);
  });
});
