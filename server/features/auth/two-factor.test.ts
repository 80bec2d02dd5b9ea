// @vitest-environment node
// Two-factor sign-in: enrolment with a first code, login asking for a code or a recovery code, codes that
// cannot be used twice, and turning it off.
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let email: string;
let userId: number;
let session: Session;

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.database.db);
  email = user.email;
  userId = user.id;
  session = await login(t.app, email, TEST_PASSWORD);
});
afterAll(() => t.close());

const post = (url: string, payload: object, who: Session | null = session) =>
  t.app.inject({ method: 'POST', url, headers: who ? as(who) : {}, payload });
const signIn = (payload: object) =>
  post('/apiv2/auth/login', { email, password: TEST_PASSWORD, ...payload }, null);
// A code of the next 30-second step: the server accepts one step of clock drift, and no step twice.
let step = 1;
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * step++ - 30 });

const auditActions = async () =>
  (
    await queryRows<{ action: string }>(
      t.database.db,
      sql`SELECT action FROM audit_records WHERE actor_user_id = ${userId} ORDER BY id`,
    )
  ).map((row) => row.action);

describe('two-factor sign-in', () => {
  let secret = '';
  let recoveryCodes: string[] = [];

  it('starts enrolment only with the right password, and turns on only with a right code', async () => {
    const wrong = await post('/apiv2/user/two-factor/setup', { password: 'not it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0]).toMatchObject({ path: '/password', errorCode: 'wrong_password' });

    const setup = await post('/apiv2/user/two-factor/setup', { password: TEST_PASSWORD });
    expect(setup.statusCode, setup.body).toBe(200);
    secret = setup.json().secret;
    expect(setup.json().uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);

    const code = await nextCode(secret);
    const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const badCode = await post('/apiv2/user/two-factor/enable', { code: wrongCode });
    expect(badCode.statusCode).toBe(400);
    expect((await signIn({})).json()).toEqual({ ok: true });

    const enabled = await post('/apiv2/user/two-factor/enable', { code });
    expect(enabled.statusCode, enabled.body).toBe(200);
    recoveryCodes = enabled.json().recovery_codes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const security = (
      await t.app.inject({ method: 'GET', url: '/apiv2/user/security', headers: as(session) })
    ).json();
    expect(security).toMatchObject({ two_factor_enabled: true, recovery_codes_left: 10 });
    // Set-up again while it is on would replace the secret behind the user's back.
    expect((await post('/apiv2/user/two-factor/setup', { password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('asks for the second factor after the right password, and signs in with a code once only', async () => {
    expect((await signIn({})).json()).toEqual({ two_factor_required: true });
    // A wrong password never reveals that the account asks for a code.
    const wrongPassword = await post('/apiv2/auth/login', { email, password: 'wrong' }, null);
    expect(wrongPassword.statusCode).toBe(401);

    const code = await nextCode(secret);
    const signedIn = await signIn({ totp: code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.cookies.some((cookie) => cookie.name === 'sid')).toBe(true);

    const replay = await signIn({ totp: code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Wrong two-factor code.');
  });

  it('signs in with a recovery code typed any way, once', async () => {
    const [first = ''] = recoveryCodes;
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    const signedIn = await signIn({ recovery_code: typed.trim() });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await signIn({ recovery_code: first })).statusCode).toBe(401);
    const security = (
      await t.app.inject({ method: 'GET', url: '/apiv2/user/security', headers: as(session) })
    ).json();
    expect(security.recovery_codes_left).toBe(9);
  });

  it('renews the recovery codes, and the old ones stop working', async () => {
    const renewed = await post('/apiv2/user/recovery-codes', { password: TEST_PASSWORD });
    expect(renewed.statusCode).toBe(200);
    expect((await signIn({ recovery_code: recoveryCodes[1] })).statusCode).toBe(401);
    expect((await signIn({ recovery_code: renewed.json().recovery_codes[0] })).statusCode).toBe(200);
  });

  it('turns off with the password, and login no longer asks for a code', async () => {
    expect((await post('/apiv2/user/two-factor/disable', { password: 'wrong' })).statusCode).toBe(400);
    expect((await post('/apiv2/user/two-factor/disable', { password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await signIn({})).json()).toEqual({ ok: true });
    expect((await post('/apiv2/user/two-factor/disable', { password: TEST_PASSWORD })).statusCode).toBe(409);
  });

  it('keeps every step in the change log', async () => {
    const actions = await auditActions();
    for (const action of [
      'two_factor_enabled',
      'sign_in',
      'sign_in_failed',
      'recovery_code_used',
      'recovery_codes_renewed',
      'two_factor_disabled',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
