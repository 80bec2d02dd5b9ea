// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import type { Database } from '../../db/connect.ts';
import { invitations } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY);

let t: TestApp;
let db: Database;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
});
afterAll(() => t.close());

type InviteFields = Partial<typeof invitations.$inferInsert> & { cloudId: number; email: string };
async function invite(fields: InviteFields) {
  const [row] = await db
    .insert(invitations)
    .values({ roleId: 'ROLE_GUEST', state: 'REGISTRATION_PENDING', expiresAt: fromNow(14), ...fields })
    .returning();
  if (!row) throw new Error('invitation not created');
  return row;
}

/** A user with their own cloud, invited by a named partner to two clouds. */
async function invitedUser(email: string) {
  const user = await createUser(db, { email });
  await addMember(db, user.id, (await createCloud(db, { name: 'Zulu Home' })).id, 'ROLE_OWNER');
  await addMember(
    db,
    user.id,
    (await createCloud(db, { name: 'alpha Lab', suspendedAt: new Date() })).id,
    'ROLE_GUEST',
  );
  const partner = await createUser(db, { firstname: 'Pat', lastname: 'Partner' });
  const nameless = await createUser(db, { firstname: '', lastname: '', email: `noname.${email}` });
  const isp = await createCloud(db, { name: 'Partner ISP', company: 'Partner ISP Inc.' });
  const fiber = await createCloud(db, { name: 'Metro Fiber', company: 'Metro Fiber Co', planType: 'vpc' });
  const adminInvite = await invite({
    cloudId: isp.id,
    email: email.toUpperCase(),
    invitedByUserId: partner.id,
    roleId: 'ROLE_ADMIN',
    permissions: CLOUD_PERMISSION.manage_sites,
    createdAt: fromNow(-5),
  });
  const guestInvite = await invite({
    cloudId: fiber.id,
    email,
    invitedByUserId: nameless.id,
    createdAt: fromNow(-1),
  });
  const session = await login(t.app, email, TEST_PASSWORD);
  return { user, session, isp, fiber, adminInvite, guestInvite };
}

const list = (session: Session) =>
  t.app.inject({ method: 'GET', url: '/apiv2/clouds', headers: as(session) });
const unread = async (session: Session) =>
  (await t.app.inject({ method: 'GET', url: '/apiv2/user/unread-invitations', headers: as(session) })).json();
const answer = (
  session: Session,
  action: 'join' | 'decline',
  cloudId: number,
  headers: Record<string, string> = as(session),
) => t.app.inject({ method: 'POST', url: `/apiv2/user/membership/${action}`, headers, payload: { cloudId } });
const cloudOf = (session: Session, cloudId: number) =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}`, headers: as(session) });

describe('GET /apiv2/clouds', () => {
  it("lists the caller's clouds by name and their pending invitations, newest first", async () => {
    const { session, isp, fiber, adminInvite, guestInvite } = await invitedUser('list@test.example');
    const response = await list(session);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.clouds.map((cloud: { name: string }) => cloud.name)).toEqual(['alpha Lab', 'Zulu Home']);
    expect(body.clouds[0]).toEqual({
      id: expect.any(Number),
      name: 'alpha Lab',
      company: '',
      plan_type: 'intro',
      role_id: 'ROLE_GUEST',
      suspended: true,
    });
    expect(body.clouds[1]).toMatchObject({ role_id: 'ROLE_OWNER', suspended: false });
    expect(body.invitations).toEqual([
      {
        id: guestInvite.id,
        cloud_id: fiber.id,
        cloud_name: 'Metro Fiber',
        company: 'Metro Fiber Co',
        invited_by: 'noname.list@test.example',
        state: 'REGISTRATION_PENDING',
      },
      {
        id: adminInvite.id,
        cloud_id: isp.id,
        cloud_name: 'Partner ISP',
        company: 'Partner ISP Inc.',
        invited_by: 'Pat Partner',
        state: 'REGISTRATION_PENDING',
      },
    ]);
  });

  it('leaves out expired, declined, answered and other users invitations', async () => {
    const { session, user, isp } = await invitedUser('filter@test.example');
    const other = await createCloud(db, { name: 'Elsewhere' });
    await invite({ cloudId: other.id, email: user.email, expiresAt: fromNow(-1) });
    await invite({ cloudId: other.id, email: user.email, state: 'INVITATION_DECLINED' });
    await invite({ cloudId: other.id, email: user.email, state: 'REGISTERED' });
    await invite({ cloudId: other.id, email: user.email, state: 'EXPIRED' });
    await invite({ cloudId: other.id, email: 'someone.else@test.example' });
    const names = (await list(session)).json().invitations.map((i: { cloud_name: string }) => i.cloud_name);
    expect(names).toEqual(['Metro Fiber', 'Partner ISP']);
    expect(await unread(session)).toEqual({ unreadInvitationCount: 2 });

    const someoneElse = await createUser(db, { email: 'someone.else@test.example' });
    const theirs = await login(t.app, someoneElse.email, TEST_PASSWORD);
    expect((await list(theirs)).json()).toEqual({
      clouds: [],
      invitations: [expect.objectContaining({ cloud_name: 'Elsewhere' })],
    });
    expect((await answer(theirs, 'join', isp.id)).statusCode).toBe(404);
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/apiv2/clouds' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/apiv2/user/unread-invitations' })).statusCode).toBe(
      401,
    );
  });
});

describe('POST /apiv2/user/membership/join', () => {
  it('creates the membership with the invited role and permissions and removes the invitation', async () => {
    const { session, isp, adminInvite } = await invitedUser('join@test.example');
    expect((await cloudOf(session, isp.id)).statusCode).toBe(404);
    expect(await unread(session)).toEqual({ unreadInvitationCount: 2 });

    const response = await answer(session, 'join', isp.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });

    const cloud = await cloudOf(session, isp.id);
    expect(cloud.statusCode).toBe(200);
    expect(cloud.json()).toMatchObject({ role_id: 'ROLE_ADMIN', permissions: CLOUD_PERMISSION.manage_sites });
    const body = (await list(session)).json();
    expect(body.invitations.map((i: { cloud_id: number }) => i.cloud_id)).not.toContain(isp.id);
    expect(body.clouds).toContainEqual(expect.objectContaining({ id: isp.id, role_id: 'ROLE_ADMIN' }));
    expect(await unread(session)).toEqual({ unreadInvitationCount: 1 });
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, adminInvite.id));
    expect(stored?.state).toBe('REGISTERED');
  });

  it('answers 404 the second time and changes nothing', async () => {
    const { session, fiber } = await invitedUser('twice@test.example');
    expect((await answer(session, 'join', fiber.id)).statusCode).toBe(200);
    const again = await answer(session, 'join', fiber.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: expect.any(String) });
    expect((await cloudOf(session, fiber.id)).json()).toMatchObject({ role_id: 'ROLE_GUEST' });
  });

  it('answers 404 for a cloud without an invitation and for an unknown cloud', async () => {
    const { session } = await invitedUser('unknown@test.example');
    const uninvited = await createCloud(db);
    expect((await answer(session, 'join', uninvited.id)).statusCode).toBe(404);
    expect((await answer(session, 'join', 2_000_000_000)).statusCode).toBe(404);
    expect((await cloudOf(session, uninvited.id)).statusCode).toBe(404);
  });

  it('answers 403 without the CSRF token and leaves the invitation pending', async () => {
    const { session, isp } = await invitedUser('csrf-join@test.example');
    expect((await answer(session, 'join', isp.id, { cookie: session.cookie })).statusCode).toBe(403);
    expect(await unread(session)).toEqual({ unreadInvitationCount: 2 });
  });

  it('rejects a body without cloudId with the 400 shape', async () => {
    const { session } = await invitedUser('body@test.example');
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/user/membership/join',
      headers: as(session),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/cloudId' });
  });
});

describe('POST /apiv2/user/membership/decline', () => {
  it('removes the invitation without creating a membership', async () => {
    const { session, fiber, guestInvite } = await invitedUser('decline@test.example');
    const response = await answer(session, 'decline', fiber.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(
      (await list(session)).json().invitations.map((i: { cloud_id: number }) => i.cloud_id),
    ).not.toContain(fiber.id);
    expect(await unread(session)).toEqual({ unreadInvitationCount: 1 });
    expect((await cloudOf(session, fiber.id)).statusCode).toBe(404);
    const [stored] = await db.select().from(invitations).where(eq(invitations.id, guestInvite.id));
    expect(stored?.state).toBe('INVITATION_DECLINED');
    expect((await answer(session, 'decline', fiber.id)).statusCode).toBe(404);
    expect((await answer(session, 'join', fiber.id)).statusCode).toBe(404);
  });

  it('answers 403 without the CSRF token and 401 without a session', async () => {
    const { session, fiber } = await invitedUser('csrf-decline@test.example');
    expect((await answer(session, 'decline', fiber.id, { cookie: session.cookie })).statusCode).toBe(403);
    expect(await unread(session)).toEqual({ unreadInvitationCount: 2 });
    const anonymous = { cookie: 'csrf_token=anonymous-token', 'x-csrf-token': 'anonymous-token' };
    for (const action of ['join', 'decline'] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/apiv2/user/membership/${action}`,
        headers: anonymous,
        payload: { cloudId: fiber.id },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});
