// @vitest-environment node
// "Forgot password": the link is mailed through a real SMTP exchange, works once and only while it is the
// newest, sets a password the strength rule accepts, and ends every session; the answer never tells
// whether an account uses the address.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { PASSWORD_RESET_MAILS_PER_HOUR } from './password-reset.ts';

const NEW_PASSWORD = 'a quiet harbour at dawn';

const post = (t: TestApp, url: string, payload: object, ip = '198.51.100.7') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
const ask = (t: TestApp, email: string, ip?: string) => post(t, '/apiv2/auth/password-reset', { email }, ip);
const complete = (t: TestApp, token: string, password: string) =>
  post(t, '/apiv2/auth/password-reset/complete', { token, password });
const lookup = (t: TestApp, token: string) =>
  t.app.inject({ method: 'GET', url: '/apiv2/auth/password-reset/lookup', query: { token } });

describe('with an SMTP server', () => {
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

  /** The link of the newest mail to the address, once it has arrived. */
  async function mailedToken(email: string): Promise<string> {
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length)
      .toBeGreaterThan(0);
    const mail = smtp.received.filter((m) => m.to.includes(email)).at(-1);
    expect(mail?.subject).toBe('Reset your Network Console password');
    const link = /https:\/\/console\.example\/welcome\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    return link?.[1] ?? '';
  }

  it('mails a link that sets a new password once, ends every session and lets the person log in', async () => {
    const user = await createUser(t.database.db, { email: 'Rita.Reset@test.example', firstname: 'Rita' });
    const other = await login(t.app, user.email, TEST_PASSWORD);

    const asked = await ask(t, 'rita.reset@TEST.example');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ mail: 'sent' });
    const token = await mailedToken(user.email);
    expect((await lookup(t, token)).json()).toEqual({ email: 'Rita.Reset@test.example' });

    const weak = await complete(t, token, 'rita reset 2026');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0]).toMatchObject({ path: '/password', errorCode: 'password_personal' });

    const done = await complete(t, token, NEW_PASSWORD);
    expect(done.statusCode, done.body).toBe(204);
    const me = await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: as(other) });
    expect(me.statusCode).toBe(401);
    await expect(login(t.app, user.email, TEST_PASSWORD)).rejects.toThrow();
    await login(t.app, user.email, NEW_PASSWORD);

    expect((await complete(t, token, 'another long password')).statusCode).toBe(404);
    expect((await lookup(t, token)).statusCode).toBe(404);
    const records = await queryRows<{ action: string; ip: string }>(
      t.database.db,
      sql`select action, ip from audit_records where object_type = 'user' and object_id = ${user.id}
          and action like 'password_reset%' order by id`,
    );
    expect(records).toEqual([
      { action: 'password_reset_requested', ip: '198.51.100.7' },
      { action: 'password_reset', ip: '198.51.100.7' },
    ]);
  });

  it('keeps only the newest link working', async () => {
    const user = await createUser(t.database.db, { email: 'newest@test.example' });
    await ask(t, user.email, '198.51.100.20');
    const first = await mailedToken(user.email);
    await ask(t, user.email, '198.51.100.20');
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(user.email)).length).toBe(2);
    const second = await mailedToken(user.email);
    expect(second).not.toBe(first);
    expect((await lookup(t, first)).statusCode).toBe(404);
    expect((await lookup(t, second)).statusCode).toBe(200);
  });

  it('answers an unknown address as a known one and mails nothing', async () => {
    const marker = await createUser(t.database.db, { email: 'marker@test.example' });
    const before = smtp.received.length;
    const asked = await ask(t, 'nobody-here@test.example', '198.51.100.30');
    expect(asked.json()).toEqual({ mail: 'sent' });
    // A mail for the unknown address would have been sent before the one asked for next: once that one has
    // arrived, the first is not on its way.
    await ask(t, marker.email, '198.51.100.31');
    await mailedToken(marker.email);
    expect(smtp.received.slice(before).map((mail) => mail.to)).toEqual([[marker.email]]);
  });

  it(`mails an account at most ${PASSWORD_RESET_MAILS_PER_HOUR} links an hour, answering alike`, async () => {
    const user = await createUser(t.database.db, { email: 'flooded@test.example' });
    for (let i = 0; i <= PASSWORD_RESET_MAILS_PER_HOUR; i += 1) {
      expect((await ask(t, user.email, `198.51.100.${40 + i}`)).json()).toEqual({ mail: 'sent' });
    }
    await expect
      .poll(() => smtp.received.filter((mail) => mail.to.includes(user.email)).length)
      .toBe(PASSWORD_RESET_MAILS_PER_HOUR);
  });

  it('makes one address wait after a few requests', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1)
      answers.push((await ask(t, `someone${i}@test.example`, '203.0.113.9')).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it.each([[{ email: 'not-an-email' }], [{}]])('refuses the request %j', async (payload) => {
    const answer = await post(t, '/apiv2/auth/password-reset', payload, '203.0.113.50');
    expect(answer.statusCode).toBe(400);
  });

  it.each([
    ['a malformed token', 'short!', 400],
    ['an unknown token', 'x'.repeat(43), 404],
  ])('refuses %s', async (_, token, status) => {
    expect((await complete(t, token, NEW_PASSWORD)).statusCode).toBe(status);
  });
});

describe('without an SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('says no mail can go out, and makes no link', async () => {
    const user = await createUser(t.database.db, { email: 'nomail@test.example' });
    const asked = await ask(t, user.email);
    expect(asked.json()).toEqual({ mail: 'not_configured' });
    const links = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from password_resets where user_id = ${user.id}`,
    );
    expect(links).toEqual([{ count: 0 }]);
  });
});
