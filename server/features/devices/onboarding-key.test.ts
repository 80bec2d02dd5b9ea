// @vitest-environment node
// Each cloud's onboarding key: read by those who may register devices, rotated by owners and administrators
// (docs/security.md, Adoption).
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
let guest: Session;
let registrar: Session;
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
    if (role === 'ROLE_USER') await assignSite(db, user.id, cloudId, siteId, ['read_site', 'register']);
    return { user, session: await login(t.app, user.email, TEST_PASSWORD) };
  };
  owner = (await member('ROLE_OWNER')).session;
  guest = (await member('ROLE_GUEST')).session;
  registrar = (await member('ROLE_USER')).session;
});
afterAll(() => t.close());

const readKey = (session: Session, cloud = cloudId) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloud}/onboarding-key`, headers: as(session) });
const rotate = (session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/onboarding-key/rotate`,
    headers: as(session),
  });
const callHome = (device: { sn: string; mac: string }, key: string) =>
  t.app.inject({ method: 'POST', url: '/agent/v1/adopt', payload: adoptBody(device, 13, key) });

describe('GET /apiv2/cloud/:cloudId/onboarding-key', () => {
  it('shows the key to those who may register devices, and says who may rotate it', async () => {
    const shown = await readKey(owner);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      onboarding_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      can_rotate: true,
    });
    expect((await readKey(registrar)).json()).toEqual({ ...shown.json(), can_rotate: false });
    expect((await readKey(guest)).statusCode).toBe(403);
  });

  it('gives every cloud its own, the ones people create too', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/apiv2/clouds',
      headers: as(owner),
      payload: { name: 'Fresh Cloud' },
    });
    expect(created.statusCode).toBe(200);
    const fresh = await readKey(owner, created.json().id);
    expect(fresh.json().onboarding_key).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.json().onboarding_key).not.toBe((await readKey(owner)).json().onboarding_key);
  });
});

describe('POST /apiv2/cloud/:cloudId/onboarding-key/rotate', () => {
  it('makes a new key at once: the old one no longer adopts, the new one does', async () => {
    const old = (await readKey(owner)).json().onboarding_key as string;
    expect((await rotate(registrar)).statusCode).toBe(403);
    expect((await rotate(guest)).statusCode).toBe(403);
    const rotated = await rotate(owner);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().onboarding_key as string;
    expect(fresh).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh).not.toBe(old);
    expect((await readKey(owner)).json().onboarding_key).toBe(fresh);

    const device = await createDevice(t.database.db, cloudId, siteId, { productBrandId: 13 });
    const refused = await callHome(device, old);
    expect(refused.statusCode).toBe(202);
    expect(refused.json()).toEqual({ status: 'pending', retryAfterS: 60 });
    // With the old key it is a keyless caller: in no cloud's list of its own.
    const [remembered] = await queryRows<{ cloud_id: number | null }>(
      t.database.db,
      sql`SELECT cloud_id FROM pending_devices WHERE mac = ${device.mac}`,
    );
    expect(remembered).toEqual({ cloud_id: null });
    expect((await callHome(device, fresh)).statusCode).toBe(200);

    const records = await queryRows<{ action: string; object_type: string; before: unknown; after: unknown }>(
      t.database.db,
      sql`SELECT action, object_type, before, after FROM audit_records WHERE cloud_id = ${cloudId} AND action = 'onboarding_key_rotated'`,
    );
    // The change log says who rotated it, never the key.
    expect(records).toEqual([
      { action: 'onboarding_key_rotated', object_type: 'cloud', before: null, after: null },
    ]);
  });
});
