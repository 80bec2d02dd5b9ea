// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../core/api/admin.ts';
import { passwordResets, users } from '../../db/schema/accounts.ts';
import { createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { adminCallers, caller, recordsOf } from './test-admin.ts';

let t: TestApp;
let administrator: Session;
let administratorId: number;
let user: Session;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  ({ administrator, administratorId, user } = await adminCallers(t));
  call = caller(t);
  const harbour = await createCloud(db, { name: 'Harbour Lights' });
  const gone = await createCloud(db, { name: 'Gone Cloud', deletedAt: new Date() });
  const ada = await createUser(db, {
    email: 'ada.lovelace@people.example',
    firstname: 'Ada',
    lastname: 'Lovelace',
    totpEnabledAt: new Date(),
  });
  await addMember(db, ada.id, harbour.id, 'ROLE_ADMIN');
  await addMember(db, ada.id, gone.id, 'ROLE_OWNER');
  await createUser(db, { email: 'loner@people.example', firstname: 'Lone', lastname: 'Ranger' });
  await createUser(db, { email: '100%_sure@people.example', firstname: 'Percy', lastname: 'Cent' });
  await createUser(db, {
    email: 'left@people.example',
    firstname: 'Ada',
    lastname: 'Left',
    deletedAt: new Date(),
  });
  for (let n = 1; n <= 5; n++) await createUser(db, { email: `pager${n}@paged.example` });
});
afterAll(() => t.close());

const list = async (query: string) => {
  const response = await call(administrator, 'GET', `/apiv2/admin/users${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: AdminUser[]; total: number; total_capped: boolean };
};

describe('GET /apiv2/admin/users', () => {
  it('finds a person by part of the name, with their clouds, roles and two-factor sign-in', async () => {
    const { items, total } = await list('?search=love');
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      firstname: 'Ada',
      lastname: 'Lovelace',
      email: 'ada.lovelace@people.example',
      two_factor_enabled: true,
      is_administrator: false,
      // A deleted cloud is no longer theirs.
      clouds: [{ name: 'Harbour Lights', role_id: 'ROLE_ADMIN' }],
    });
    expect(Date.parse(items[0]?.created_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('finds people in no cloud by part of the email, and leaves deleted accounts out', async () => {
    const { items } = await list('?search=people.example');
    expect(items.map((item) => item.email)).toEqual([
      '100%_sure@people.example',
      'ada.lovelace@people.example',
      'loner@people.example',
    ]);
    expect(items.find((item) => item.email === 'loner@people.example')).toMatchObject({
      two_factor_enabled: false,
      clouds: [],
    });
    expect((await list('?search=Ada Left')).items).toEqual([]);
  });

  it('takes the search text literally', async () => {
    expect((await list('?search=100%25_')).items.map((item) => item.email)).toEqual([
      '100%_sure@people.example',
    ]);
    expect((await list('?search=%25%25%25')).items).toEqual([]);
  });

  it('pages the whole platform by email, with the total', async () => {
    const first = await list('?search=paged.example&limit=2');
    const third = await list('?search=paged.example&limit=2&offset=4');
    expect(first.items.map((item) => item.email)).toEqual(['pager1@paged.example', 'pager2@paged.example']);
    expect(third.items.map((item) => item.email)).toEqual(['pager5@paged.example']);
    expect([first.total, third.total, first.total_capped]).toEqual([5, 5, false]);
    const everyone = await list('?limit=100');
    const live = await t.database.db.select({ id: users.id }).from(users);
    // Every account but the deleted one.
    expect(everyone.total).toBe(live.length - 1);
  });

  it('answers a search too short, or a page too large, with the validation list', async () => {
    for (const query of ['?search=ad', '?limit=101', '?offset=-1', '?limit=0']) {
      const response = await call(administrator, 'GET', `/apiv2/admin/users${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().errors[0]).toMatchObject({ location: 'query' });
    }
  });

  it('is for platform administrators only', async () => {
    const refused = await call(user, 'GET', '/apiv2/admin/users?search=love');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Access denied: your account does not have sufficient permissions.',
    });
    // Refused before the query is read: a bad query tells them nothing more.
    expect((await call(user, 'GET', '/apiv2/admin/users?limit=500')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/apiv2/admin/users')).statusCode).toBe(401);
  });
});

describe('POST /apiv2/admin/users/:userId/password-reset', () => {
  it('gives the administrator a link that sets the person’s new password once', async () => {
    const db = t.database.db;
    const person = await createUser(db, { email: 'no.mailbox@people.example', firstname: 'Nora' });
    const made = await call(administrator, 'POST', `/apiv2/admin/users/${person.id}/password-reset`);
    expect(made.statusCode, made.body).toBe(200);
    const link = new URL(made.json().link);
    expect(link.pathname).toBe('/welcome/reset-password');
    const token = link.searchParams.get('token') ?? '';
    const lookup = await call(null, 'GET', `/apiv2/auth/password-reset/lookup?token=${token}`);
    expect(lookup.json()).toEqual({ email: 'no.mailbox@people.example' });
    const set = await call(null, 'POST', '/apiv2/auth/password-reset/complete', {
      token,
      password: 'lanterns over the bay',
    });
    expect(set.statusCode, set.body).toBe(204);
    await login(t.app, person.email, 'lanterns over the bay');

    // The administrator made the link; the person used it, then signed in.
    const records = (await recordsOf(db, 'user')).filter((r) => r.objectId === String(person.id));
    expect(records.map((r) => [r.action, r.actorUserId])).toEqual([
      ['sign_in', person.id],
      ['password_reset', person.id],
      ['password_reset_requested', administratorId],
    ]);
  });

  it('refuses a person who is not there, and anyone but a platform administrator', async () => {
    expect(
      (await call(administrator, 'POST', '/apiv2/admin/users/2147483000/password-reset')).statusCode,
    ).toBe(404);
    const person = await createUser(t.database.db);
    expect((await call(user, 'POST', `/apiv2/admin/users/${person.id}/password-reset`)).statusCode).toBe(403);
    const links = await t.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, person.id));
    expect(links).toEqual([]);
  });
});

describe('PUT /apiv2/admin/users/:userId/email', () => {
  it('sets a person’s email, verified on the administrator’s word, and records who did it', async () => {
    const db = t.database.db;
    const person = await createUser(db, { email: 'old.box@people.example', emailVerifiedAt: null });
    const set = await call(administrator, 'PUT', `/apiv2/admin/users/${person.id}/email`, {
      email: 'New.Box@people.example',
    });
    expect(set.statusCode, set.body).toBe(204);
    const session = await login(t.app, 'new.box@people.example', TEST_PASSWORD);
    const me = (await call(session, 'GET', '/apiv2/auth/me')).json().user;
    expect(me).toMatchObject({ email: 'New.Box@people.example', email_verified: true, pending_email: null });
    const [record] = (await recordsOf(db, 'user')).filter(
      (r) => r.objectId === String(person.id) && r.action === 'email_changed',
    );
    expect(record).toMatchObject({
      actorUserId: administratorId,
      before: { email: 'old.box@people.example' },
      after: { email: 'New.Box@people.example', verifiedBy: 'platform administrator' },
    });
  });

  it('refuses another account’s email, a person who is not there, and anyone but a platform administrator', async () => {
    const db = t.database.db;
    const person = await createUser(db, { email: 'keeps.hers@people.example' });
    const taken = await call(administrator, 'PUT', `/apiv2/admin/users/${person.id}/email`, {
      email: 'LONER@people.example',
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors[0]).toMatchObject({ path: '/email', errorCode: 'duplicate' });
    expect(
      (await call(administrator, 'PUT', '/apiv2/admin/users/2147483000/email', { email: 'x@people.example' }))
        .statusCode,
    ).toBe(404);
    const refused = await call(user, 'PUT', `/apiv2/admin/users/${person.id}/email`, {
      email: 'grabbed@people.example',
    });
    expect(refused.statusCode).toBe(403);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, person.id));
    expect(row?.email).toBe('keeps.hers@people.example');
  });
});
