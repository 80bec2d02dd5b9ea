// @vitest-environment node
// A registered device that calls home without the onboarding key waits for a member's approval, bound to
// the address the member saw (docs/security.md, Adoption).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { adoptBody } from '../../fleet/test-fleet.ts';
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
let siteUser: Session;
let cloudId: number;
let siteId: number;
let hiddenSite: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  hiddenSite = (await createSite(db, cloudId)).id;
  const ownerUser = await createUser(db);
  await addMember(db, ownerUser.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, ownerUser.email, TEST_PASSWORD);
  const user = await createUser(db);
  await addMember(db, user.id, cloudId, 'ROLE_USER');
  await assignSite(db, user.id, cloudId, siteId, ['read_site', 'read_device', 'register']);
  siteUser = await login(t.app, user.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const callHome = (device: { sn: string; mac: string }, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/agent/v1/adopt', payload: adoptBody(device), remoteAddress });

type Listed = { id: number; mac: string; state: string; remote_address: string; registration: object };
const listed = async (session: Session, mac: string): Promise<Listed | undefined> =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/pending-devices`,
      headers: as(session),
    })
  )
    .json()
    .items.find((item: Listed) => item.mac === mac);

const approve = (session: Session, pendingId: number, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/pending-devices/approve`,
    headers: as(session),
    payload: { pending_id: pendingId, remote_address: remoteAddress },
  });

describe('POST /apiv2/cloud/:cloudId/pending-devices/approve', () => {
  it('lets the device calling from the address the member approved get its credential, and no one else', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId, { name: 'Depot AP' });
    expect((await callHome(device, '192.0.2.50')).statusCode).toBe(202);
    const waiting = await listed(owner, device.mac);
    expect(waiting).toMatchObject({
      state: 'awaiting_approval',
      remote_address: '192.0.2.50',
      registration: { id: device.id, name: 'Depot AP', smart_nvr: false },
    });
    const pendingId = waiting?.id ?? 0;

    // Someone else calls with the same label in between: the list shows the new address, and an
    // approval of the address the member saw before is refused rather than bound to the newcomer.
    await callHome(device, '203.0.113.66');
    expect((await listed(owner, device.mac))?.remote_address).toBe('203.0.113.66');
    expect((await approve(owner, pendingId, '192.0.2.50')).statusCode).toBe(409);

    await callHome(device, '192.0.2.50');
    const approved = await approve(owner, pendingId, '192.0.2.50');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'approved',
      remote_address: '192.0.2.50',
      approved_until: expect.stringMatching(/Z$/),
    });

    // The label from another address still gets nothing.
    const other = await callHome(device, '203.0.113.66');
    expect(other.statusCode).toBe(202);
    expect(other.json()).toEqual({ status: 'pending', retryAfterS: 60 });

    const real = await callHome(device, '192.0.2.50');
    expect(real.statusCode).toBe(200);
    expect(real.json().status).toBe('adopted');
    expect(await listed(owner, device.mac)).toBeUndefined();
    expect(
      await queryRows(t.database.db, sql`SELECT id FROM adoption_approvals WHERE mac = ${device.mac}`),
    ).toEqual([]);
    const records = await queryRows<{ action: string; object_name: string; after: object }>(
      t.database.db,
      sql`SELECT action, object_name, after FROM audit_records WHERE object_type = 'device' AND object_id = ${String(device.id)}`,
    );
    expect(records).toEqual([
      {
        action: 'adoption_approved',
        object_name: 'Depot AP',
        after: { mac: device.mac, remote_address: '192.0.2.50' },
      },
    ]);
  });

  it('lapses after the hour', async () => {
    const device = await createDevice(t.database.db, cloudId, siteId);
    await callHome(device, '192.0.2.51');
    const pendingId = (await listed(owner, device.mac))?.id ?? 0;
    expect((await approve(owner, pendingId, '192.0.2.51')).statusCode).toBe(200);
    await t.database.db.execute(
      sql`UPDATE adoption_approvals SET expires_at = now() - interval '1 second' WHERE mac = ${device.mac}`,
    );
    expect((await callHome(device, '192.0.2.51')).statusCode).toBe(202);
    expect((await listed(owner, device.mac))?.state).toBe('awaiting_approval');
  });

  it('needs register on the device site, and hides devices of sites the caller does not see', async () => {
    const visible = await createDevice(t.database.db, cloudId, siteId);
    const hidden = await createDevice(t.database.db, cloudId, hiddenSite);
    await callHome(visible, '192.0.2.52');
    await callHome(hidden, '192.0.2.53');
    expect(await listed(siteUser, hidden.mac)).toBeUndefined();
    const hiddenId = (await listed(owner, hidden.mac))?.id ?? 0;
    expect((await approve(siteUser, hiddenId, '192.0.2.53')).statusCode).toBe(404);
    const visibleId = (await listed(siteUser, visible.mac))?.id ?? 0;
    expect((await approve(siteUser, visibleId, '192.0.2.52')).statusCode).toBe(200);
  });

  it('answers 404 for a caller no registration of the cloud matches', async () => {
    await callHome({ sn: 'NOBODY01', mac: '02:9c:00:00:00:01' }, '192.0.2.54');
    const [row] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM pending_devices WHERE sn = 'NOBODY01'`,
    );
    expect((await approve(owner, row?.id ?? 0, '192.0.2.54')).statusCode).toBe(404);
  });
});
