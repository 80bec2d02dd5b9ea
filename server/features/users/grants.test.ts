// @vitest-environment node
// Nobody grants more than they hold (docs/security.md "Granting"): an administrator with manage_sites and
// manage_licenses (admin@ of the demo) inviting, changing, removing and resending across the grid of roles
// and bits; every refusal is 403 and changes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRANTABLE_ROLES } from '../../../core/api/users.ts';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION, type RoleId } from '../../../core/domain.ts';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const ADMIN_BITS = CLOUD_PERMISSION.manage_sites | CLOUD_PERMISSION.manage_licenses;
const BITS = Array.from({ length: ALL_CLOUD_PERMISSIONS + 1 }, (_, bits) => bits);

// What each role holds of the bits stored, written out apart from core/policy.ts.
const held = (roleId: RoleId, bits: number) =>
  roleId === 'ROLE_ADMIN'
    ? bits
    : roleId === 'ROLE_USER'
      ? bits & (CLOUD_PERMISSION.manage_licenses | CLOUD_PERMISSION.manage_snvr)
      : 0;
const allowedFor = (granterBits: number) => (roleId: RoleId, bits: number) =>
  (held(roleId, bits) & ~granterBits) === 0;

let t: TestApp;
let cloudId: number;
let siteId: number;
const sessions: Record<string, Session> = {};
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId)).id;
  for (const [name, role, bits] of [
    ['owner', 'ROLE_OWNER', ALL_CLOUD_PERMISSIONS],
    ['admin', 'ROLE_ADMIN', ADMIN_BITS],
    ['fullAdmin', 'ROLE_ADMIN', ALL_CLOUD_PERMISSIONS],
    ['sitesAdmin', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites],
    ['guest', 'ROLE_GUEST', 0],
  ] as const) {
    const user = await createUser(db);
    ids[name] = user.id;
    await addMember(db, user.id, cloudId, role, bits);
    sessions[name] = await login(t.app, user.email, TEST_PASSWORD);
  }
});
afterAll(() => t.close());

const call = (who: string, method: 'PATCH' | 'POST' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloudId}${path}`,
    headers: as(sessions[who] as Session),
    ...(payload ? { payload } : {}),
  });
const membership = async (userId: number) =>
  (
    await queryRows<{ role_id: string; permissions: number }>(
      t.database.db,
      sql`select role_id, permissions from memberships where cloud_id = ${cloudId} and user_id = ${userId}`,
    )
  )[0];
const invitationCount = async () =>
  (
    await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from invitations where cloud_id = ${cloudId}`,
    )
  )[0]?.count;

describe('POST /apiv2/cloud/:cloudId/invitations', () => {
  const grid = GRANTABLE_ROLES.flatMap((roleId) => BITS.map((bits) => [roleId, bits] as const));
  const allowed = allowedFor(ADMIN_BITS);

  it.each(grid)(
    'lets admin@ (bits 9) invite %s with bits %i only within its own bits',
    async (roleId, bits) => {
      const before = await invitationCount();
      const email = `grid-${roleId}-${bits}@test.example`.toLowerCase();
      const body = {
        email,
        role_id: roleId,
        permissions: bits,
        ...(roleId === 'ROLE_USER' ? { sites: [{ site_id: siteId, permissions: ['read_site'] }] } : {}),
      };
      const response = await call('admin', 'POST', '/invitations', body);
      if (allowed(roleId, bits)) {
        expect(response.statusCode, response.body).toBe(201);
        expect(await invitationCount()).toBe((before ?? 0) + 1);
      } else {
        expect(response.statusCode, response.body).toBe(403);
        expect(response.json()).toEqual({ message: 'You cannot give a permission you do not hold.' });
        expect(await invitationCount()).toBe(before);
      }
    },
  );

  it('lets the owner invite an Administrator with every bit', async () => {
    const response = await call('owner', 'POST', '/invitations', {
      email: 'every-bit@test.example',
      role_id: 'ROLE_ADMIN',
      permissions: ALL_CLOUD_PERMISSIONS,
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('refuses admin@ resending an invitation that gives bits it lacks, and keeps the old link', async () => {
    const sent = (
      await call('owner', 'POST', '/invitations', {
        email: 'owner-made@test.example',
        role_id: 'ROLE_ADMIN',
        permissions: ALL_CLOUD_PERMISSIONS,
      })
    ).json();
    const tokenHash = async () =>
      (
        await queryRows<{ token_hash: string; expires_at: string }>(
          t.database.db,
          sql`select token_hash, expires_at::text from invitations where id = ${sent.invitation.id}`,
        )
      )[0];
    const before = await tokenHash();
    const resent = await call('admin', 'POST', `/invitations/${sent.invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(403);
    expect(await tokenHash()).toEqual(before);
    expect((await call('fullAdmin', 'POST', `/invitations/${sent.invitation.id}/resend`)).statusCode).toBe(
      200,
    );
  });
});

describe('PATCH /apiv2/cloud/:cloudId/users/:userId', () => {
  const grid = GRANTABLE_ROLES.flatMap((roleId) => BITS.map((bits) => [roleId, bits] as const));

  it('lets admin@ (bits 9) give a member a role and bits only within its own, changing nothing otherwise', async () => {
    const user = await createUser(t.database.db);
    await addMember(t.database.db, user.id, cloudId, 'ROLE_GUEST', 0);
    const allowed = allowedFor(ADMIN_BITS);
    let current = { role_id: 'ROLE_GUEST', permissions: 0 };
    const answers: string[] = [];
    const expected: string[] = [];
    for (const [roleId, bits] of grid) {
      const response = await call('admin', 'PATCH', `/users/${user.id}`, {
        role_id: roleId,
        permissions: bits,
        ...(roleId === 'ROLE_USER' ? { sites: [{ site_id: siteId, permissions: ['read_site'] }] } : {}),
      });
      if (response.statusCode === 204) current = { role_id: roleId, permissions: bits };
      answers.push(`${roleId} ${bits}: ${response.statusCode}`);
      expected.push(`${roleId} ${bits}: ${allowed(roleId, bits) ? 204 : 403}`);
      expect(await membership(user.id)).toEqual(current);
    }
    expect(answers).toEqual(expected);
  });

  it('refuses admin@ changing or removing a member who holds more, and lets it manage one who holds less', async () => {
    const demote = { role_id: 'ROLE_GUEST', permissions: 0 };
    for (const above of ['owner', 'fullAdmin'] as const) {
      const before = await membership(ids[above] ?? 0);
      expect((await call('admin', 'PATCH', `/users/${ids[above]}`, demote)).statusCode).toBe(403);
      expect((await call('admin', 'DELETE', `/users/${ids[above]}`)).statusCode).toBe(403);
      expect(await membership(ids[above] ?? 0)).toEqual(before);
    }
    expect(
      (await call('admin', 'PATCH', `/users/${ids.sitesAdmin}`, { role_id: 'ROLE_ADMIN', permissions: 9 }))
        .statusCode,
    ).toBe(204);
    // The administrator it raised now holds as much as it does: a peer it may still manage.
    expect((await call('admin', 'DELETE', `/users/${ids.sitesAdmin}`)).statusCode).toBe(204);
    expect(await membership(ids.sitesAdmin ?? 0)).toBeUndefined();
  });

  it('refuses an administrator handing over ownership; the owner may', async () => {
    expect((await call('fullAdmin', 'POST', `/users/${ids.guest}/transfer-ownership`)).statusCode).toBe(403);
    expect(await membership(ids.guest ?? 0)).toEqual({ role_id: 'ROLE_GUEST', permissions: 0 });
  });
});
