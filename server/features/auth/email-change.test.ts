// @vitest-environment node
// Changing one's email through a real SMTP exchange: the new address takes effect only once the link mailed
// to it is opened (once, while it is the newest, within a day), the old address is told, and the account's
// address is then verified.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_MAILS_PER_HOUR } from '../../auth/account-links.ts';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';

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

const mailsTo = (email: string) =>
  smtp.received.filter((mail) => mail.to.some((to) => to.toLowerCase() === email.toLowerCase()));

/** The newest mail to the address once `count` have arrived, and the token of its link (or ''). */
async function mailTo(email: string, count = 1) {
  await expect.poll(() => mailsTo(email).length, MAIL_WAIT).toBe(count);
  const mail = mailsTo(email).at(-1);
  const token = /https:\/\/console\.example\/welcome\/confirm-email\?token=([\w-]+)/.exec(mail?.text ?? '');
  return { subject: mail?.subject, text: mail?.text ?? '', token: token?.[1] ?? '' };
}

const profile = (session: Session, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/apiv2/user/profile', headers: as(session), payload });
const me = async (session: Session) =>
  (await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: as(session) })).json().user;
const lookup = (token: string) =>
  t.app.inject({ method: 'GET', url: '/apiv2/auth/email-change/lookup', query: { token } });
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/apiv2/auth/email-change/confirm', payload: { token } });

async function account(email: string, fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, { email, firstname: 'Rita', ...fields });
  return { user, session: await login(t.app, user.email, TEST_PASSWORD) };
}

describe('PATCH /apiv2/user/profile with a new email', () => {
  it('keeps the old email until the link mailed to the new one is opened, and tells the old address', async () => {
    const { user, session } = await account('rita@test.example');
    const asked = await profile(session, {
      email: 'Rita.New@test.example',
      current_password: TEST_PASSWORD,
      lastname: 'Reed',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      email: 'rita@test.example',
      email_verified: true,
      pending_email: 'Rita.New@test.example',
      lastname: 'Reed',
    });

    const link = await mailTo('rita.new@test.example');
    expect(link.subject).toBe('Confirm your new email for Network Console');
    expect(link.text).toContain('works once, for 24 hours');
    const notice = await mailTo('rita@test.example');
    expect(notice.subject).toBe('A new email was asked for your Network Console account');
    expect(notice.text).toContain('Rita.New@test.example');
    expect(notice.token).toBe('');

    // Until then the old address is the account's.
    await expect(login(t.app, 'rita.new@test.example', TEST_PASSWORD)).rejects.toThrow();
    expect((await lookup(link.token)).json()).toEqual({ email: 'Rita.New@test.example' });
    const confirmed = await confirm(link.token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'Rita.New@test.example' });
    expect(await me(session)).toMatchObject({
      email: 'Rita.New@test.example',
      email_verified: true,
      pending_email: null,
    });
    await login(t.app, 'rita.new@test.example', TEST_PASSWORD);
    await expect(login(t.app, 'rita@test.example', TEST_PASSWORD)).rejects.toThrow();

    // The link works once.
    expect((await confirm(link.token)).statusCode).toBe(404);
    expect((await lookup(link.token)).statusCode).toBe(404);
    const records = await queryRows<{ action: string; before: object | null; after: object }>(
      t.database.db,
      sql`select action, before, after from audit_records where object_type = 'user'
          and object_id = ${String(user.id)} and action like 'email%' order by id`,
    );
    expect(records).toEqual([
      { action: 'email_change_requested', before: null, after: { email: 'Rita.New@test.example' } },
      {
        action: 'email_changed',
        before: { email: 'rita@test.example' },
        after: { email: 'Rita.New@test.example', verifiedBy: 'mailed link' },
      },
    ]);
  });

  it('keeps only the newest link working, and none past its day', async () => {
    const { user, session } = await account('newest@test.example');
    await profile(session, { email: 'first@test.example', current_password: TEST_PASSWORD });
    const first = await mailTo('first@test.example');
    await profile(session, { email: 'second@test.example', current_password: TEST_PASSWORD });
    const second = await mailTo('second@test.example');
    expect((await me(session)).pending_email).toBe('second@test.example');
    expect((await confirm(first.token)).statusCode).toBe(404);

    await queryRows(
      t.database.db,
      sql`update account_links set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await confirm(second.token)).statusCode).toBe(404);
    expect(await me(session)).toMatchObject({ email: 'newest@test.example', pending_email: null });
  });

  it(`mails an account at most ${LINK_MAILS_PER_HOUR} links an hour`, async () => {
    const { session } = await account('eager@test.example');
    const answers = [];
    for (let n = 0; n <= LINK_MAILS_PER_HOUR; n += 1) {
      const asked = await profile(session, {
        email: `eager${n}@test.example`,
        current_password: TEST_PASSWORD,
      });
      answers.push(asked.statusCode === 400 ? asked.json().errors[0].errorCode : asked.statusCode);
    }
    expect(answers).toEqual([...Array(LINK_MAILS_PER_HOUR).fill(200), 'too_many_links']);
  });

  it('refuses an email another account uses, and a link whose address another account took meanwhile', async () => {
    const { session } = await account('first.come@test.example');
    await createUser(t.database.db, { email: 'taken@test.example' });
    const taken = await profile(session, { email: 'TAKEN@test.example', current_password: TEST_PASSWORD });
    expect(taken.json().errors[0]).toMatchObject({ path: '/email', errorCode: 'duplicate' });

    await profile(session, { email: 'contested@test.example', current_password: TEST_PASSWORD });
    const link = await mailTo('contested@test.example');
    await createUser(t.database.db, { email: 'Contested@test.example' });
    expect((await confirm(link.token)).statusCode).toBe(409);
    expect((await me(session)).email).toBe('first.come@test.example');
  });

  it('writes the mails in the person’s language', async () => {
    const { session } = await account('ruta@test.example', { preferredLanguage: 'lt' });
    await profile(session, { email: 'ruta.nauja@test.example', current_password: TEST_PASSWORD });
    expect((await mailTo('ruta.nauja@test.example')).subject).toBe(
      'Patvirtinkite naują Network Console el. pašto adresą',
    );
  });
});

describe('POST /apiv2/user/email-verification', () => {
  it('mails a link that verifies the current, unverified address', async () => {
    const { session } = await account('unproven@test.example', { emailVerifiedAt: null });
    expect(await me(session)).toMatchObject({ email_verified: false, pending_email: null });
    const asked = await t.app.inject({
      method: 'POST',
      url: '/apiv2/user/email-verification',
      headers: as(session),
    });
    expect(asked.statusCode, asked.body).toBe(204);
    expect(await me(session)).toMatchObject({
      email_verified: false,
      pending_email: 'unproven@test.example',
    });
    const link = await mailTo('unproven@test.example');
    expect(link.subject).toBe('Confirm your email for Network Console');
    expect((await confirm(link.token)).statusCode).toBe(200);
    expect(await me(session)).toMatchObject({ email: 'unproven@test.example', email_verified: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/apiv2/user/email-verification',
      headers: as(session),
    });
    expect(again.statusCode).toBe(409);
  });
});
