// @vitest-environment node
// The account's pace for new addresses (issue 21, item 12): guesses from many addresses slow the account
// down, and its holder still gets in from a new address with the password and a second factor (a code from
// the authenticator app, or a sign-in link mailed through a real SMTP exchange). The password alone waits.
import { sql } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PACED_MESSAGE } from '../../core/api/account.ts';
import { queryRows } from '../db/rows.ts';
import { cookieHeader, createTestApp, type TestApp } from '../test/app.ts';
import { createUser, TEST_PASSWORD } from '../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../test/smtp-stand-in.ts';
import { ACCOUNT_FREE_FAILURES, PAIR_FAILURE_LIMIT } from './throttle.ts';

// Mail goes out after the answer: on a busy machine the SMTP exchange can take seconds.
const MAIL_WAIT = { timeout: 15_000 };

let smtp: SmtpStandIn;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({}, { PUBLIC_URL: 'https://console.example', SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let addresses = 0;
/** An address the console has never seen. */
const newAddress = () => {
  addresses += 1;
  return `198.18.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};

const post = (url: string, payload: object, remoteAddress: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    headers: cookie ? { cookie } : {},
  });
const attempt = (email: string, password: string, from: string, factor: object = {}) =>
  post('/apiv2/auth/login', { email, password, ...factor }, from);
const askLink = (email: string, password: string, from: string) =>
  post('/apiv2/auth/sign-in-link', { email, password }, from);
const completeLink = (token: string, from: string) =>
  post('/apiv2/auth/sign-in-link/complete', { token }, from);

/**
 * Guesses from five addresses until the account's pace holds, as 13 guesses over two minutes did in the
 * report; the wait is then stretched past the test's length, so no step races the clock.
 */
async function lockOut(email: string) {
  const from = Array.from({ length: 5 }, newAddress);
  const answers = [];
  for (let n = 0; n < ACCOUNT_FREE_FAILURES; n++) {
    answers.push((await attempt(email, `guess ${n}`, from[n % from.length] ?? '')).statusCode);
  }
  expect(answers).toEqual(Array(ACCOUNT_FREE_FAILURES).fill(401));
  const paced = await queryRows(
    t.database.db,
    sql`update login_throttles set blocked_until = now() + interval '1 hour'
        where key = ${`account:${email.toLowerCase()}`} and failures = ${ACCOUNT_FREE_FAILURES} returning key`,
  );
  expect(paced).toHaveLength(1);
}
const accountFailures = async (email: string) =>
  (
    await queryRows<{ failures: number }>(
      t.database.db,
      sql`select failures from login_throttles where key = ${`account:${email.toLowerCase()}`}`,
    )
  )[0]?.failures ?? 0;

// A code of the next 30-second step: the server accepts one step of clock drift, and no step twice.
let step = 0;
const nextCode = (secret: string) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 * step++ - 30 });

describe('with two-factor sign-in on', () => {
  it('lets the password with a code in from new addresses while the password alone waits', async () => {
    const secret = generateSecret();
    const user = await createUser(t.database.db, {
      email: 'paced.totp@test.example',
      totpSecret: secret,
      totpEnabledAt: new Date(),
    });
    await lockOut(user.email);

    for (let n = 0; n < 4; n++) {
      const alone = await attempt(user.email, TEST_PASSWORD, newAddress());
      expect(alone.statusCode).toBe(429);
      expect(alone.json()).toEqual({ message: ACCOUNT_PACED_MESSAGE });
      expect(alone.cookies).toHaveLength(0);
    }

    // A wrong password with a right code, and the right password with a wrong code: refused alike and
    // counted on the account.
    const before = await accountFailures(user.email);
    const wrongPassword = await attempt(user.email, 'guess', newAddress(), { totp: await nextCode(secret) });
    const wrongCode = await attempt(user.email, TEST_PASSWORD, newAddress(), { totp: '000000' });
    for (const refused of [wrongPassword, wrongCode]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: ACCOUNT_PACED_MESSAGE });
    }
    expect(await accountFailures(user.email)).toBe(before + 2);

    const signedIn = await attempt(user.email, TEST_PASSWORD, newAddress(), { totp: await nextCode(secret) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toEqual({ ok: true });
    // A successful login: the account's pace starts again.
    expect((await attempt(user.email, 'guess', newAddress())).statusCode).toBe(401);
  });

  it('still limits one address to five failures, second factor or not', async () => {
    const secret = generateSecret();
    const user = await createUser(t.database.db, {
      email: 'paced.pair@test.example',
      totpSecret: secret,
      totpEnabledAt: new Date(),
    });
    await lockOut(user.email);
    const from = newAddress();
    for (let n = 0; n < PAIR_FAILURE_LIMIT; n++) {
      expect((await attempt(user.email, `guess ${n}`, from, { totp: '123456' })).statusCode).toBe(429);
    }
    const blocked = await attempt(user.email, TEST_PASSWORD, from, { totp: await nextCode(secret) });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'Too many login attempts. Try again later.' });
  });
});

describe('without two-factor sign-in', () => {
  const linksOf = async (userId: number) =>
    (
      await queryRows<{ count: number }>(
        t.database.db,
        sql`select count(*)::int as count from account_links where user_id = ${userId} and purpose = 'sign_in'`,
      )
    )[0]?.count;

  it('mails a sign-in link for the right password, which signs that browser in once', async () => {
    const user = await createUser(t.database.db, { email: 'paced.mail@test.example' });
    await lockOut(user.email);
    expect((await attempt(user.email, TEST_PASSWORD, newAddress())).statusCode).toBe(429);
    // Any code is no second factor for an account without one.
    expect((await attempt(user.email, TEST_PASSWORD, newAddress(), { totp: '123456' })).statusCode).toBe(429);

    // A wrong password is answered as the right one, counted, and mails nothing.
    const before = await accountFailures(user.email);
    expect((await askLink(user.email, 'guess', newAddress())).json()).toEqual({ mail: 'sent' });
    expect(await accountFailures(user.email)).toBe(before + 1);
    expect(await linksOf(user.id)).toBe(0);

    const asked = await askLink(user.email, TEST_PASSWORD, newAddress());
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ mail: 'sent' });
    await expect.poll(() => smtp.received.filter((m) => m.to.includes(user.email)).length, MAIL_WAIT).toBe(1);
    const mail = smtp.received.find((m) => m.to.includes(user.email));
    expect(mail?.subject).toBe('Your sign-in link for Network Console');
    const token = /https:\/\/console\.example\/welcome\/sign-in-link\?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(token).not.toBeNull();

    const browser = newAddress();
    const signedIn = await completeLink(token?.[1] ?? '', browser);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/apiv2/auth/me',
      headers: { cookie: cookieHeader(signedIn) },
    });
    expect(me.json().user.email).toBe(user.email);
    // The link works once, and counted as a successful login.
    expect((await completeLink(token?.[1] ?? '', newAddress())).statusCode).toBe(404);
    expect((await attempt(user.email, 'guess', newAddress())).statusCode).toBe(401);
    const records = await queryRows<{ action: string; after: object | null }>(
      t.database.db,
      sql`select action, after from audit_records where object_type = 'user' and object_id = ${String(user.id)}
          and action in ('sign_in', 'sign_in_link_requested') order by id`,
    );
    expect(records).toEqual([
      { action: 'sign_in_link_requested', after: null },
      { action: 'sign_in', after: { by: 'mailed link' } },
    ]);
  });

  it('mails no link to an account that signs in with a code instead', async () => {
    const user = await createUser(t.database.db, {
      email: 'paced.nolink@test.example',
      totpSecret: generateSecret(),
      totpEnabledAt: new Date(),
    });
    expect((await askLink(user.email, TEST_PASSWORD, newAddress())).json()).toEqual({ mail: 'sent' });
    expect(await linksOf(user.id)).toBe(0);
  });
});

describe('without a mail server', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain.close());

  it('says no link can be mailed', async () => {
    const user = await createUser(plain.database.db, { email: 'paced.nomail@test.example' });
    const asked = await plain.app.inject({
      method: 'POST',
      url: '/apiv2/auth/sign-in-link',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(asked.json()).toEqual({ mail: 'not_configured' });
  });
});
