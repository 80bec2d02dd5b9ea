// Signing in with single sign-on against a real OpenID provider, driven as a browser would: the console's
// start, the provider's pages, the console's callback (docs/single-sign-on.md#the-sign-in), and the
// password rule (docs/single-sign-on.md#password-sign-in).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/accounts.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { as } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { atProvider, cookiesOf, me, signInWithSso, ssoHarness } from './provider-harness.ts';

const h = ssoHarness();

describe('the login page asks', () => {
  it('answers whether an email signs in with single sign-on, and nothing of which cloud', async () => {
    for (const [email, sso] of [
      ['ann@customer.example', true],
      ['ann@CUSTOMER.example', true],
      ['ann@elsewhere.example', false],
    ] as const) {
      const response = await h.t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/sso/discover',
        payload: { email },
      });
      expect(response.json()).toEqual({ sso });
    }
  });
});

describe('signing in with the provider', () => {
  it('makes the account and its membership with the configured role on the first sign-in', async () => {
    const { location, cookie } = await signInWithSso(h, 'new.person@customer.example');
    expect(location).toBe(`/cloud/${h.cloudId}/dashboard`);
    const answer = await me(h, cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({
      email: 'new.person@customer.example',
      firstname: 'Ann',
      lastname: 'Lee',
      email_verified: true,
    });
    expect(answer.json().memberships).toEqual([
      expect.objectContaining({ cloud_id: h.cloudId, role_id: 'ROLE_ADMIN', permissions: 8 }),
    ]);
    // No password works for an account single sign-on made.
    const password = await h.t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/login',
      payload: { email: 'new.person@customer.example', password: 'single-sign-on:no-password' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('signs in an existing member, keeps their role, and leads to the safe next page', async () => {
    const member = await createUser(h.t.database.db, { email: 'guest@customer.example' });
    await addMember(h.t.database.db, member.id, h.cloudId, 'ROLE_GUEST');
    const { location, cookie } = await signInWithSso(h, 'guest@customer.example', {
      next: `/cloud/${h.cloudId}/licenses`,
    });
    expect(location).toBe(`/cloud/${h.cloudId}/licenses`);
    expect((await me(h, cookie)).json().memberships).toEqual([
      expect.objectContaining({ cloud_id: h.cloudId, role_id: 'ROLE_GUEST' }),
    ]);
  });

  it('refuses an email of a domain the cloud does not sign in', async () => {
    const { location, cookie } = await signInWithSso(h, 'someone@elsewhere.example', {
      email: 'someone@customer.example',
    });
    expect(location).toBe('/welcome/login?sso=refused');
    expect((await me(h, cookie)).statusCode).toBe(401);
    const [made] = await h.t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'someone@elsewhere.example'));
    expect(made).toBeUndefined();
  });

  it("refuses an email the provider has not verified, and takes Entra ID's xms_edov in its place", async () => {
    const { location } = await signInWithSso(h, 'unverified@customer.example');
    expect(location).toBe('/welcome/login?sso=email_unverified');
    expect((await signInWithSso(h, 'entra.person@customer.example')).location).toBe(
      `/cloud/${h.cloudId}/dashboard`,
    );
  });

  it('refuses a deleted account', async () => {
    await createUser(h.t.database.db, { email: 'gone@customer.example', deletedAt: new Date() });
    const { location, cookie } = await signInWithSso(h, 'gone@customer.example');
    expect(location).toBe('/welcome/login?sso=refused');
    expect((await me(h, cookie)).statusCode).toBe(401);
  });

  it("refuses a member of another cloud: a cloud's provider vouches only for its own people", async () => {
    const other = await createCloud(h.t.database.db);
    const person = await createUser(h.t.database.db, { email: 'both@customer.example' });
    await addMember(h.t.database.db, person.id, other.id, 'ROLE_OWNER');
    const { location } = await signInWithSso(h, 'both@customer.example');
    expect(location).toBe('/welcome/login?sso=refused');
    const joined = await h.t.database.db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(joined).toHaveLength(1);
  });

  it('refuses a callback this browser did not start, and a code used twice', async () => {
    const start = await h.t.app.inject({
      method: 'GET',
      url: '/auth/sso/start?email=ann%40customer.example',
    });
    const back = await atProvider(start.headers.location as string, 'ann@customer.example');
    const stranger = await h.t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(stranger.headers.location).toBe('/welcome/login?sso=expired');
    const once = {
      method: 'GET' as const,
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookiesOf(start) },
    };
    expect((await h.t.app.inject(once)).headers.location).toBe(`/cloud/${h.cloudId}/dashboard`);
    expect((await h.t.app.inject(once)).headers.location).toBe('/welcome/login?sso=expired');
  });
});

describe('password sign-in', () => {
  it("is refused to the cloud's members of its domains once the cloud turns it off; administrators keep it", async () => {
    const member = await createUser(h.t.database.db, { email: 'pw@customer.example' });
    await addMember(h.t.database.db, member.id, h.cloudId, 'ROLE_GUEST');
    const admin = await createUser(h.t.database.db, {
      email: 'platform@customer.example',
      isAdministrator: true,
    });
    await addMember(h.t.database.db, admin.id, h.cloudId, 'ROLE_GUEST');
    const settings = (
      await h.t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${h.cloudId}/single-sign-on`,
        headers: as(h.owner),
      })
    ).json();
    const put = (passwordSignIn: boolean) =>
      h.t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${h.cloudId}/single-sign-on`,
        headers: as(h.owner),
        payload: {
          issuer_url: settings.issuer_url,
          client_id: settings.client_id,
          domains: settings.domains,
          role_id: settings.role_id,
          permissions: settings.permissions,
          password_sign_in: passwordSignIn,
          enabled: true,
        },
      });
    const attempt = (email: string) =>
      h.t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/login',
        payload: { email, password: TEST_PASSWORD },
      });
    expect((await attempt('pw@customer.example')).statusCode).toBe(200);
    expect((await put(false)).statusCode).toBe(200);
    try {
      const refused = await attempt('pw@customer.example');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/single sign-on/);
      expect((await attempt('platform@customer.example')).statusCode).toBe(200);
      // A wrong password is still just wrong: the rule is told only to who knows the password.
      const wrong = await h.t.app.inject({
        method: 'POST',
        url: '/apiv2/auth/login',
        payload: { email: 'pw@customer.example', password: 'not it at all' },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      expect((await put(true)).statusCode).toBe(200);
    }
  });
});
