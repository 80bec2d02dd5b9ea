// @vitest-environment node
// Invitations: inviting by email with a role (mailed through a real SMTP exchange, or the link shown to
// the inviter), a new person creating their account through the link, resending and revoking.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';

type Setup = { t: TestApp; cloudId: number; siteId: number; owner: Session };

async function setup(configEnv: NodeJS.ProcessEnv = {}): Promise<Setup> {
  const t = await createTestApp({}, { PUBLIC_URL: 'https://console.example', ...configEnv });
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Harbour Networks' });
  const site = await createSite(db, cloud.id);
  const owner = await createUser(db, { firstname: 'Olga', lastname: 'Owner' });
  await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
  return { t, cloudId: cloud.id, siteId: site.id, owner: await login(t.app, owner.email, TEST_PASSWORD) };
}

const call = (s: Setup, method: 'GET' | 'POST' | 'DELETE', path: string, payload?: object) =>
  s.t.app.inject({
    method,
    url: `/apiv2/cloud/${s.cloudId}${path}`,
    headers: as(s.owner),
    ...(payload ? { payload } : {}),
  });

const tokenOf = (link: string) => new URL(link).searchParams.get('token') ?? '';

describe('without an SMTP server', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await setup();
  });
  afterAll(() => s.t.close());

  it('gives the inviter the link, which lets a new person create their account and join', async () => {
    const invited = await call(s, 'POST', '/invitations', {
      email: 'Nia.New@test.example',
      role_id: 'ROLE_USER',
      permissions: 0,
      sites: [{ site_id: s.siteId, permissions: ['read_site', 'read_device'] }],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const { invitation, mail, link } = invited.json();
    expect(mail).toBe('not_configured');
    expect(link).toMatch(/^https:\/\/console\.example\/welcome\/invitation\?token=[\w-]{40,}$/);
    expect(invitation).toMatchObject({
      email: 'Nia.New@test.example',
      role_id: 'ROLE_USER',
      state: 'REGISTRATION_PENDING',
      invited_by: 'Olga Owner',
    });

    const token = tokenOf(link);
    const lookup = await s.t.app.inject({
      method: 'GET',
      url: '/apiv2/invitations/lookup',
      query: { token },
    });
    expect(lookup.json()).toEqual({
      email: 'Nia.New@test.example',
      cloud_name: 'Harbour Networks',
      invited_by: 'Olga Owner',
      account_exists: false,
    });

    const weak = await s.t.app.inject({
      method: 'POST',
      url: '/apiv2/invitations/accept',
      payload: { token, firstname: 'Nia', lastname: 'New', password: 'short' },
    });
    expect(weak.json().errors[0]).toMatchObject({ path: '/password', errorCode: 'password_short' });

    const accepted = await s.t.app.inject({
      method: 'POST',
      url: '/apiv2/invitations/accept',
      payload: { token, firstname: 'Nia', lastname: 'New', password: 'copper kettle sunrise' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = accepted.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const me = (await s.t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: { cookie } })).json();
    expect(me.user).toMatchObject({ email: 'Nia.New@test.example', firstname: 'Nia' });
    expect(me.memberships).toEqual([expect.objectContaining({ cloud_id: s.cloudId, role_id: 'ROLE_USER' })]);

    const members = (await call(s, 'GET', '/users')).json().items;
    expect(members.find((m: { email: string }) => m.email === 'Nia.New@test.example').sites).toEqual([
      expect.objectContaining({ site_id: s.siteId, permissions: ['read_site', 'read_device'] }),
    ]);
    // The link works once.
    expect(
      (await s.t.app.inject({ method: 'GET', url: '/apiv2/invitations/lookup', query: { token } }))
        .statusCode,
    ).toBe(404);
    const list = (await call(s, 'GET', '/invitations')).json().items;
    expect(list[0]).toMatchObject({ email: 'Nia.New@test.example', state: 'REGISTERED' });
  });

  it.each([
    [{ email: 'x@test.example', role_id: 'ROLE_OWNER', permissions: 0 }, '/role_id'],
    [{ email: 'not-an-email', role_id: 'ROLE_GUEST', permissions: 0 }, '/email'],
    [{ email: 'x@test.example', role_id: 'ROLE_GUEST', permissions: 16 }, '/permissions'],
    [
      {
        email: 'x@test.example',
        role_id: 'ROLE_USER',
        permissions: 0,
        sites: [{ site_id: 999999, permissions: [] }],
      },
      '/sites/0/site_id',
    ],
    [
      {
        email: 'x@test.example',
        role_id: 'ROLE_USER',
        permissions: 0,
        sites: [{ site_id: 1, permissions: ['fly'] }],
      },
      '/sites/0/permissions/0',
    ],
  ])('refuses %j and invites nobody', async (body, path) => {
    const before = (await call(s, 'GET', '/invitations')).json().total;
    const response = await call(s, 'POST', '/invitations', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await call(s, 'GET', '/invitations')).json().total).toBe(before);
  });

  it('refuses to invite a member, and replaces a pending invitation to the same email', async () => {
    const member = await createUser(s.t.database.db);
    await addMember(s.t.database.db, member.id, s.cloudId, 'ROLE_GUEST');
    const again = await call(s, 'POST', '/invitations', {
      email: member.email.toUpperCase(),
      role_id: 'ROLE_GUEST',
      permissions: 0,
    });
    expect(again.json().errors[0]).toMatchObject({ path: '/email', errorCode: 'member' });

    const first = (
      await call(s, 'POST', '/invitations', {
        email: 'twice@test.example',
        role_id: 'ROLE_GUEST',
        permissions: 0,
      })
    ).json();
    const second = (
      await call(s, 'POST', '/invitations', {
        email: 'twice@test.example',
        role_id: 'ROLE_ADMIN',
        permissions: 8,
      })
    ).json();
    const rows = (await call(s, 'GET', '/invitations'))
      .json()
      .items.filter((i: { email: string }) => i.email === 'twice@test.example');
    expect(rows).toEqual([expect.objectContaining({ id: second.invitation.id, role_id: 'ROLE_ADMIN' })]);
    expect(
      (
        await s.t.app.inject({
          method: 'GET',
          url: '/apiv2/invitations/lookup',
          query: { token: tokenOf(first.link) },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('resends with a new link that replaces the old, and revokes', async () => {
    const sent = (
      await call(s, 'POST', '/invitations', {
        email: 'late@test.example',
        role_id: 'ROLE_GUEST',
        permissions: 0,
      })
    ).json();
    await queryRows(
      s.t.database.db,
      sql`UPDATE invitations SET expires_at = now() - interval '1 minute' WHERE id = ${sent.invitation.id}`,
    );
    expect(
      (await call(s, 'GET', '/invitations'))
        .json()
        .items.find((i: { id: number }) => i.id === sent.invitation.id).state,
    ).toBe('EXPIRED');
    const resent = await call(s, 'POST', `/invitations/${sent.invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation.state).toBe('REGISTRATION_PENDING');
    const lookup = (token: string) =>
      s.t.app.inject({ method: 'GET', url: '/apiv2/invitations/lookup', query: { token } });
    expect((await lookup(tokenOf(sent.link))).statusCode).toBe(404);
    expect((await lookup(tokenOf(resent.json().link))).statusCode).toBe(200);

    expect((await call(s, 'DELETE', `/invitations/${sent.invitation.id}`)).statusCode).toBe(204);
    expect((await lookup(tokenOf(resent.json().link))).statusCode).toBe(404);
    expect((await call(s, 'DELETE', `/invitations/${sent.invitation.id}`)).statusCode).toBe(404);
  });

  it('tells a person with an account to log in and join instead', async () => {
    const existing = await createUser(s.t.database.db);
    const { link } = (
      await call(s, 'POST', '/invitations', { email: existing.email, role_id: 'ROLE_GUEST', permissions: 0 })
    ).json();
    const token = tokenOf(link);
    const lookup = await s.t.app.inject({
      method: 'GET',
      url: '/apiv2/invitations/lookup',
      query: { token },
    });
    expect(lookup.json().account_exists).toBe(true);
    const accept = await s.t.app.inject({
      method: 'POST',
      url: '/apiv2/invitations/accept',
      payload: { token, firstname: 'A', lastname: 'B', password: 'copper kettle sunrise' },
    });
    expect(accept.statusCode).toBe(409);
  });
});

describe('with an SMTP server', () => {
  let smtp: SmtpStandIn;
  let s: Setup;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    s = await setup({ SMTP_URL: smtp.url, MAIL_FROM: 'Console <console@test.example>' });
  });
  afterAll(async () => {
    await s.t.close();
    await smtp.close();
  });

  it('mails the invitation with its link and gives the inviter no link', async () => {
    const invited = await call(s, 'POST', '/invitations', {
      email: 'mailed@test.example',
      role_id: 'ROLE_GUEST',
      permissions: 0,
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.json()).toMatchObject({ mail: 'sent', link: null });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['mailed@test.example']);
    expect(mail?.subject).toBe('Olga Owner invited you to Harbour Networks on Network Console');
    const token = tokenOf(/https:\S+/.exec(mail?.text ?? '')?.[0] ?? '');
    const lookup = await s.t.app.inject({
      method: 'GET',
      url: '/apiv2/invitations/lookup',
      query: { token },
    });
    expect(lookup.json().email).toBe('mailed@test.example');
  });

  it('reports a mail the server refused, and gives the inviter the link', async () => {
    smtp.refuseAll();
    const invited = await call(s, 'POST', '/invitations', {
      email: 'refused@test.example',
      role_id: 'ROLE_GUEST',
      permissions: 0,
    });
    expect(invited.json()).toMatchObject({
      mail: 'failed',
      link: expect.stringContaining('/welcome/invitation?token='),
    });
  });
});
