// @vitest-environment node
// Invitations bind to the address they were sent to and show only to an account whose current address is
// that one and verified: asking to change one's email to an invited address (the reproduction of issue 21,
// item 2) shows nothing and joins nothing until the link mailed to that address is opened.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';

// Mail goes out after the answer: on a busy machine the SMTP exchange can take seconds.
const MAIL_WAIT = { timeout: 15_000 };

let smtp: SmtpStandIn;
let t: TestApp;
let cloudId: number;
let owner: Session;
beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestApp({}, { PUBLIC_URL: 'https://console.example', SMTP_URL: smtp.url });
  const db = t.database.db;
  cloudId = (await createCloud(db, { name: 'Demo Networks' })).id;
  const person = await createUser(db);
  await addMember(db, person.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, person.email, TEST_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const get = (session: Session, url: string) => t.app.inject({ method: 'GET', url, headers: as(session) });
const post = (session: Session, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: as(session), ...(payload ? { payload } : {}) });
const invite = (email: string) =>
  post(owner, `/apiv2/cloud/${cloudId}/invitations`, { email, role_id: 'ROLE_ADMIN', permissions: 0 });

/** What the person sees of the cloud's invitation, and what joining it answers. */
async function invitationSeen(session: Session) {
  const listed = (await get(session, '/apiv2/clouds')).json().invitations;
  const unread = (await get(session, '/apiv2/user/unread-invitations')).json().unreadInvitationCount;
  return { listed: listed.map((i: { cloud_id: number }) => i.cloud_id), unread };
}
const memberships = (userId: number) =>
  queryRows<{ cloud_id: number }>(
    t.database.db,
    sql`select cloud_id from memberships where user_id = ${userId} and cloud_id = ${cloudId}`,
  );

/** Opens the newest confirmation link mailed to the address. */
async function openMailedLink(email: string) {
  const links = () =>
    smtp.received
      .filter((mail) => mail.to.includes(email))
      .map((mail) => /confirm-email\?token=([\w-]+)/.exec(mail.text)?.[1])
      .filter((token) => token !== undefined);
  await expect.poll(() => links().length, MAIL_WAIT).toBeGreaterThan(0);
  const token = links().at(-1);
  const confirmed = await t.app.inject({
    method: 'POST',
    url: '/apiv2/auth/email-change/confirm',
    payload: { token },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

describe('an invitation to an address an account only asked for', () => {
  it('is not shown and cannot be joined; the account gains no membership', async () => {
    expect((await invite('invited@test.example')).statusCode).toBe(201);
    const trial = await createUser(t.database.db, { email: 'trial@test.example' });
    await addMember(t.database.db, trial.id, (await createCloud(t.database.db)).id, 'ROLE_OWNER');
    const session = await login(t.app, trial.email, TEST_PASSWORD);

    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/apiv2/user/profile',
      headers: as(session),
      payload: { email: 'invited@test.example', current_password: TEST_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      email: 'trial@test.example',
      pending_email: 'invited@test.example',
    });

    expect(await invitationSeen(session)).toEqual({ listed: [], unread: 0 });
    const join = await post(session, '/apiv2/user/membership/join', { cloudId });
    expect(join.statusCode).toBe(404);
    expect(await memberships(trial.id)).toEqual([]);
    expect((await get(session, `/apiv2/cloud/${cloudId}`)).statusCode).toBe(404);
  });
});

describe('an invitation to an account’s own address', () => {
  it('shows only once the address is verified, and memberships stay when the address changes', async () => {
    const person = await createUser(t.database.db, { email: 'unproven@test.example', emailVerifiedAt: null });
    const session = await login(t.app, person.email, TEST_PASSWORD);
    await invite('UNPROVEN@test.example');
    expect(await invitationSeen(session)).toEqual({ listed: [], unread: 0 });
    expect((await post(session, '/apiv2/user/membership/join', { cloudId })).statusCode).toBe(404);

    expect((await post(session, '/apiv2/user/email-verification')).statusCode).toBe(204);
    await openMailedLink('unproven@test.example');
    expect(await invitationSeen(session)).toEqual({ listed: [cloudId], unread: 1 });
    expect((await post(session, '/apiv2/user/membership/join', { cloudId })).statusCode).toBe(200);
    expect(await memberships(person.id)).toEqual([{ cloud_id: cloudId }]);

    // A change asked for keeps the membership; the new address sees its invitations once confirmed.
    await t.app.inject({
      method: 'PATCH',
      url: '/apiv2/user/profile',
      headers: as(session),
      payload: { email: 'moved@test.example', current_password: TEST_PASSWORD },
    });
    const other = await createCloud(t.database.db, { name: 'Other Networks' });
    const otherOwner = await createUser(t.database.db);
    await addMember(t.database.db, otherOwner.id, other.id, 'ROLE_OWNER');
    const invited = await post(
      await login(t.app, otherOwner.email, TEST_PASSWORD),
      `/apiv2/cloud/${other.id}/invitations`,
      { email: 'moved@test.example', role_id: 'ROLE_GUEST', permissions: 0 },
    );
    expect(invited.statusCode).toBe(201);
    expect(await invitationSeen(session)).toEqual({ listed: [], unread: 0 });
    await openMailedLink('moved@test.example');
    expect(await invitationSeen(session)).toEqual({ listed: [other.id], unread: 1 });
    expect((await get(session, `/apiv2/cloud/${cloudId}`)).statusCode).toBe(200);
  });
});
