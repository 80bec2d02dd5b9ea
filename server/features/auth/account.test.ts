// @vitest-environment node
// Your Profile and the password and sessions of Account Security: bad input changes nothing, a password
// change signs the other sessions out, and every change is in the change log.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newAccount() {
  const user = await createUser(t.database.db, { firstname: 'Ada', lastname: 'Lovelace' });
  return { user, session: await login(t.app, user.email, TEST_PASSWORD) };
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, session: Session, payload?: object) =>
  t.app.inject({ method, url: `/apiv2${url}`, headers: as(session), ...(payload ? { payload } : {}) });

const me = async (session: Session) => (await call('GET', '/auth/me', session)).json().user;

const records = (userId: number) =>
  queryRows<{ action: string; before: object | null; after: object | null; ip: string }>(
    t.database.db,
    sql`SELECT action, before, after, ip FROM audit_records WHERE actor_user_id = ${userId} ORDER BY id`,
  );

describe('PATCH /apiv2/user/profile', () => {
  it('saves the fields and keeps what changed in the change log', async () => {
    const { user, session } = await newAccount();
    const response = await call('PATCH', '/user/profile', session, {
      firstname: ' Grace ',
      timezone: 'Europe/Vilnius',
      preferred_language: 'lt',
      date_format: 'DD.MM.YYYY',
      time_format: 'hh:mm A',
      measurement_units: 'IMPERIAL',
      subscribe_newsletter: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstname: 'Grace',
      lastname: 'Lovelace',
      timezone: 'Europe/Vilnius',
      preferred_language: 'lt',
      date_format: 'DD.MM.YYYY',
      time_format: 'hh:mm A',
      measurement_units: 'IMPERIAL',
      subscribe_newsletter: true,
    });
    const [record] = (await records(user.id)).filter((row) => row.action === 'profile_changed');
    expect(record?.before).toMatchObject({ firstname: 'Ada', timezone: 'UTC', preferredLanguage: 'en' });
    expect(record?.after).toMatchObject({
      firstname: 'Grace',
      timezone: 'Europe/Vilnius',
      preferredLanguage: 'lt',
    });
    expect(record?.after).not.toHaveProperty('lastname');
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, '/timezone'],
    [{ preferred_language: 'fr' }, '/preferred_language'],
    [{ date_format: 'YY/M/D' }, '/date_format'],
    [{ measurement_units: 'FURLONGS' }, '/measurement_units'],
    [{ email: 'not an email' }, '/email'],
    [{ firstname: 'x'.repeat(101) }, '/firstname'],
  ])('refuses %j and changes nothing', async (body, path) => {
    const { session } = await newAccount();
    const before = await me(session);
    const response = await call('PATCH', '/user/profile', session, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await me(session)).toEqual(before);
  });

  it('asks the current password to change the email, and without a mail server refuses with the reason', async () => {
    const { user, session } = await newAccount();
    const without = await call('PATCH', '/user/profile', session, { email: 'new@test.example' });
    expect(without.json().errors[0]).toMatchObject({ path: '/current_password', errorCode: 'required' });
    const wrong = await call('PATCH', '/user/profile', session, {
      email: 'new@test.example',
      current_password: 'x',
    });
    expect(wrong.json().errors[0]).toMatchObject({ path: '/current_password', errorCode: 'wrong_password' });
    // Nothing could prove the new address: a platform administrator can change it instead.
    const refused = await call('PATCH', '/user/profile', session, {
      email: 'ada.new@test.example',
      current_password: TEST_PASSWORD,
      firstname: 'Augusta',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0]).toMatchObject({
      path: '/email',
      errorCode: 'mail_not_configured',
      message:
        'This console cannot send mail, so it cannot confirm a new email. A platform administrator can change it in the Admin Panel.',
    });
    expect(await me(session)).toMatchObject({ email: user.email, firstname: 'Ada', pending_email: null });
    await expect(login(t.app, 'ada.new@test.example', TEST_PASSWORD)).rejects.toThrow();
  });

  it('changes only the case of the email at once, keeping it verified', async () => {
    const { user, session } = await newAccount();
    const changed = await call('PATCH', '/user/profile', session, { email: user.email.toUpperCase() });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: user.email.toUpperCase(), email_verified: true });
  });
});

describe('POST /apiv2/user/password', () => {
  it.each([
    ['short1', 'password_short'],
    ['aaaaaaaaaaaaaa', 'password_guessable'],
    ['Password123!', 'password_guessable'],
    ['1234567890', 'password_guessable'],
    ['lovelace-rocks-2026', 'password_personal'],
  ])('refuses the new password %s (%s)', async (newPassword, errorCode) => {
    const { session } = await newAccount();
    const response = await call('POST', '/user/password', session, {
      current_password: TEST_PASSWORD,
      new_password: newPassword,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ path: '/new_password', errorCode });
  });

  it('needs the current password, then signs out every other session and keeps this one', async () => {
    const { user, session } = await newAccount();
    const otherBrowser = await login(t.app, user.email, TEST_PASSWORD);
    const wrong = await call('POST', '/user/password', session, {
      current_password: 'not mine',
      new_password: 'violet tractor meadow',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await call('GET', '/auth/me', otherBrowser)).statusCode).toBe(200);

    const changed = await call('POST', '/user/password', session, {
      current_password: TEST_PASSWORD,
      new_password: 'violet tractor meadow',
    });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await call('GET', '/auth/me', session)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', otherBrowser)).statusCode).toBe(401);
    expect((await login(t.app, user.email, 'violet tractor meadow')).cookie).toContain('sid=');
    const record = (await records(user.id)).find((row) => row.action === 'password_changed');
    expect(record?.after).toEqual({ sessionsSignedOut: 1 });
  });
});

describe('sessions', () => {
  it('lists the live sessions, marks this one, and signs another out', async () => {
    const { user, session } = await newAccount();
    const otherBrowser = await login(t.app, user.email, TEST_PASSWORD);
    const list = (await call('GET', '/user/security', session)).json();
    expect(list.two_factor_enabled).toBe(false);
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const other = list.sessions.find((s: { current: boolean }) => !s.current);
    expect(other.ip).toBe('127.0.0.1');

    expect((await call('DELETE', `/user/sessions/${other.id}`, session)).statusCode).toBe(204);
    expect((await call('GET', '/auth/me', otherBrowser)).statusCode).toBe(401);
    expect((await call('DELETE', `/user/sessions/${other.id}`, session)).statusCode).toBe(404);
    expect((await call('GET', '/user/security', session)).json().sessions).toHaveLength(1);
    expect((await records(user.id)).map((row) => row.action)).toContain('session_signed_out');
  });

  it('cannot sign out someone else’s session', async () => {
    const mine = await newAccount();
    const theirs = await newAccount();
    const [their] = (await call('GET', '/user/security', theirs.session)).json().sessions;
    expect((await call('DELETE', `/user/sessions/${their.id}`, mine.session)).statusCode).toBe(404);
    expect((await call('GET', '/auth/me', theirs.session)).statusCode).toBe(200);
  });
});
