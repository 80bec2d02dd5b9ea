// Single sign-on against a real OpenID provider (oidc-provider on 127.0.0.1, its own sign-in forms), driven
// as a browser would: the console's start, the provider's pages, the console's callback
// (docs/single-sign-on.md).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { users } from '../../db/schema/accounts.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { as, createTestApp, login, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

const CONSOLE = 'http://console.test';
const CLIENT = { id: 'console', secret: 'provider-client-secret' };

let t: TestApp;
let server: Server;
let issuer: string;
let cloudId: number;
let owner: Awaited<ReturnType<typeof login>>;

/** The provider's people: whoever signs in there; an address starting "unverified" is not verified. */
function startProvider(): Promise<void> {
  server = createServer();
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [`${CONSOLE}/auth/sso/callback`],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        findAccount: async (_ctx, id) => ({
          accountId: id,
          claims: async () => ({
            sub: id,
            email: id,
            // An address starting "entra" is vouched for as Entra ID does, by xms_edov alone.
            ...(id.startsWith('entra')
              ? { xms_edov: true }
              : { email_verified: !id.startsWith('unverified') }),
            given_name: 'Ann',
            family_name: 'Lee',
          }),
        }),
        claims: {
          email: ['email', 'email_verified', 'xms_edov'],
          profile: ['given_name', 'family_name'],
        },
        conformIdTokenClaims: false,
        features: { devInteractions: { enabled: true } },
        pkce: { required: () => true },
        cookies: { keys: ['single-sign-on-test'] },
      });
      server.on('request', provider.callback());
      resolve();
    });
  });
}

beforeAll(async () => {
  await startProvider();
  t = await createTestApp({}, { PUBLIC_URL: CONSOLE, OIDC_ALLOW_HTTP: '1' });
  const cloud = await createCloud(t.database.db);
  cloudId = cloud.id;
  const ownerUser = await createUser(t.database.db, { email: 'owner@msp.example' });
  await addMember(t.database.db, ownerUser.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, 'owner@msp.example', TEST_PASSWORD);
  const saved = await t.app.inject({
    method: 'PUT',
    url: `/apiv2/cloud/${cloudId}/single-sign-on`,
    headers: as(owner),
    payload: {
      issuer_url: issuer,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      domains: ['Customer.example'],
      role_id: 'ROLE_ADMIN',
      permissions: 8,
      password_sign_in: true,
      enabled: true,
    },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}, 30_000);
afterAll(async () => {
  await t?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const cookiesOf = (response: LightMyRequestResponse) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/**
 * Signs in at the provider as `person`: follows its redirects and submits its sign-in and consent forms,
 * until it sends the browser back to the console; answers that address.
 */
async function atProvider(start: string, person: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === CONSOLE) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`provider page without a form: ${response.status} ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    body = new URLSearchParams(prompt === 'login' ? { prompt, login: person, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}

/** The whole sign-in as `person` typed `email` on the login page: where it lands and the session it got. */
async function signInWithSso(person: string, email = person, next = '') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/auth/sso/start?email=${encodeURIComponent(email)}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
  });
  expect(start.statusCode, start.body).toBe(302);
  const back = await atProvider(start.headers.location as string, person);
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookiesOf(start) },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: callback.headers.location as string, cookie: cookiesOf(callback) };
}

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: { cookie } });

describe('the login page asks', () => {
  it('answers whether an email signs in with single sign-on, and nothing of which cloud', async () => {
    for (const [email, sso] of [
      ['ann@customer.example', true],
      ['ann@CUSTOMER.example', true],
      ['ann@elsewhere.example', false],
    ] as const) {
      const response = await t.app.inject({
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
    const { location, cookie } = await signInWithSso('new.person@customer.example');
    expect(location).toBe(`/cloud/${cloudId}/dashboard`);
    const answer = await me(cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({
      email: 'new.person@customer.example',
      firstname: 'Ann',
      lastname: 'Lee',
      email_verified: true,
    });
    expect(answer.json().memberships).toEqual([
      expect.objectContaining({ cloud_id: cloudId, role_id: 'ROLE_ADMIN', permissions: 8 }),
    ]);
    // No password works for an account single sign-on made.
    const password = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/login',
      payload: { email: 'new.person@customer.example', password: 'single-sign-on:no-password' },
    });
    expect(password.statusCode).toBe(401);
  });

  it('signs in an existing member, keeps their role, and leads to the safe next page', async () => {
    const member = await createUser(t.database.db, { email: 'guest@customer.example' });
    await addMember(t.database.db, member.id, cloudId, 'ROLE_GUEST');
    const { location, cookie } = await signInWithSso(
      'guest@customer.example',
      'guest@customer.example',
      `/cloud/${cloudId}/licenses`,
    );
    expect(location).toBe(`/cloud/${cloudId}/licenses`);
    expect((await me(cookie)).json().memberships).toEqual([
      expect.objectContaining({ cloud_id: cloudId, role_id: 'ROLE_GUEST' }),
    ]);
  });

  it('refuses an email of a domain the cloud does not sign in', async () => {
    const { location, cookie } = await signInWithSso('someone@elsewhere.example', 'someone@customer.example');
    expect(location).toBe('/welcome/login?sso=refused');
    expect((await me(cookie)).statusCode).toBe(401);
    const [made] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'someone@elsewhere.example'));
    expect(made).toBeUndefined();
  });

  it("refuses an email the provider has not verified, and takes Entra ID's xms_edov in its place", async () => {
    const { location } = await signInWithSso('unverified@customer.example');
    expect(location).toBe('/welcome/login?sso=email_unverified');
    expect((await signInWithSso('entra.person@customer.example')).location).toBe(
      `/cloud/${cloudId}/dashboard`,
    );
  });

  it('refuses a deleted account', async () => {
    await createUser(t.database.db, { email: 'gone@customer.example', deletedAt: new Date() });
    const { location, cookie } = await signInWithSso('gone@customer.example');
    expect(location).toBe('/welcome/login?sso=refused');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("refuses a member of another cloud: a cloud's provider vouches only for its own people", async () => {
    const other = await createCloud(t.database.db);
    const person = await createUser(t.database.db, { email: 'both@customer.example' });
    await addMember(t.database.db, person.id, other.id, 'ROLE_OWNER');
    const { location } = await signInWithSso('both@customer.example');
    expect(location).toBe('/welcome/login?sso=refused');
    const joined = await t.database.db.select().from(memberships).where(eq(memberships.userId, person.id));
    expect(joined).toHaveLength(1);
  });

  it('refuses a callback this browser did not start, and a code used twice', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/auth/sso/start?email=ann%40customer.example' });
    const back = await atProvider(start.headers.location as string, 'ann@customer.example');
    const stranger = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(stranger.headers.location).toBe('/welcome/login?sso=expired');
    const once = {
      method: 'GET' as const,
      url: `${back.pathname}${back.search}`,
      headers: { cookie: cookiesOf(start) },
    };
    expect((await t.app.inject(once)).headers.location).toBe(`/cloud/${cloudId}/dashboard`);
    expect((await t.app.inject(once)).headers.location).toBe('/welcome/login?sso=expired');
  });

  it('signs out: the console session ends', async () => {
    const { cookie } = await signInWithSso('leaver@customer.example');
    const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';
    const out = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: { cookie, 'x-csrf-token': csrf },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
  });
});

describe('password sign-in', () => {
  it("is refused to the cloud's members of its domains once the cloud turns it off; administrators keep it", async () => {
    const member = await createUser(t.database.db, { email: 'pw@customer.example' });
    await addMember(t.database.db, member.id, cloudId, 'ROLE_GUEST');
    const admin = await createUser(t.database.db, {
      email: 'platform@customer.example',
      isAdministrator: true,
    });
    await addMember(t.database.db, admin.id, cloudId, 'ROLE_GUEST');
    const settings = (
      await t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/single-sign-on`, headers: as(owner) })
    ).json();
    const put = (passwordSignIn: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${cloudId}/single-sign-on`,
        headers: as(owner),
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
      t.app.inject({ method: 'POST', url: '/apiv2/auth/login', payload: { email, password: TEST_PASSWORD } });
    expect((await attempt('pw@customer.example')).statusCode).toBe(200);
    expect((await put(false)).statusCode).toBe(200);
    try {
      const refused = await attempt('pw@customer.example');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/single sign-on/);
      expect((await attempt('platform@customer.example')).statusCode).toBe(200);
      // A wrong password is still just wrong: the rule is told only to who knows the password.
      const wrong = await t.app.inject({
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

describe('the cloud settings', () => {
  it('never answer the client secret, only that it is set, and give the redirect URI', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/single-sign-on`,
      headers: as(owner),
    });
    expect(response.json()).toMatchObject({
      configured: true,
      client_secret_set: true,
      domains: ['customer.example'],
      redirect_uri: `${CONSOLE}/auth/sso/callback`,
    });
    expect(response.body).not.toContain(CLIENT.secret);
  });

  it('test the issuer by its discovery document', async () => {
    const test = (issuer_url: string) =>
      t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${cloudId}/single-sign-on/test`,
        headers: as(owner),
        payload: { issuer_url },
      });
    expect((await test(issuer)).json()).toEqual({
      ok: true,
      failure: null,
      authorization_endpoint: `${issuer}/auth`,
    });
    expect((await test(`${issuer}/nothing-here`)).json()).toMatchObject({ ok: false, failure: 'invalid' });
    expect((await test('http://127.0.0.1:9')).json()).toMatchObject({ ok: false, failure: 'unreachable' });
  });

  it("refuse a first sign-in role above the saver's, and a domain another cloud signs in", async () => {
    const other = await createCloud(t.database.db);
    const adminUser = await createUser(t.database.db, { email: 'admin@msp.example' });
    await addMember(t.database.db, adminUser.id, other.id, 'ROLE_ADMIN', 0);
    const admin = await login(t.app, 'admin@msp.example', TEST_PASSWORD);
    const save = (body: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${other.id}/single-sign-on`,
        headers: as(admin),
        payload: {
          issuer_url: issuer,
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          domains: ['other.example'],
          role_id: 'ROLE_ADMIN',
          permissions: 0,
          password_sign_in: true,
          enabled: true,
          ...body,
        },
      });
    expect((await save({ permissions: 8 })).statusCode).toBe(403);
    expect((await save({ domains: ['customer.example'] })).statusCode).toBe(409);
    expect((await save({ client_secret: undefined })).statusCode).toBe(400);
    expect((await save({})).statusCode).toBe(200);
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${other.id}/change-log`,
      headers: as(admin),
    });
    expect(log.body).toContain('single_sign_on');
    expect(log.body).not.toContain(CLIENT.secret);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/apiv2/cloud/${other.id}/single-sign-on`,
          headers: as(admin),
        })
      ).statusCode,
    ).toBe(204);
  });
});

describe("the deployment's provider", () => {
  it('signs in accounts of its domains, making a new one without a cloud', async () => {
    const deployment = await createTestApp(
      {},
      {
        PUBLIC_URL: CONSOLE,
        OIDC_ALLOW_HTTP: '1',
        OIDC_ISSUER: issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
        OIDC_DOMAINS: 'deploy.example',
      },
    );
    const previous = t;
    t = deployment;
    try {
      const { location, cookie } = await signInWithSso('first@deploy.example');
      expect(location).toBe('/welcome/no-cloud');
      const answer = (await me(cookie)).json();
      expect(answer.user.email).toBe('first@deploy.example');
      expect(answer.memberships).toEqual([]);
      // A cloud cannot take a domain the deployment's provider signs in.
      const cloud = await createCloud(t.database.db);
      const person = await createUser(t.database.db, { email: 'owner@deploy-msp.example' });
      await addMember(t.database.db, person.id, cloud.id, 'ROLE_OWNER');
      const session = await login(t.app, 'owner@deploy-msp.example', TEST_PASSWORD);
      const claim = await t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${cloud.id}/single-sign-on`,
        headers: as(session),
        payload: {
          issuer_url: issuer,
          client_id: CLIENT.id,
          client_secret: CLIENT.secret,
          domains: ['deploy.example'],
          role_id: 'ROLE_GUEST',
          permissions: 0,
          password_sign_in: true,
          enabled: true,
        },
      });
      expect(claim.statusCode).toBe(409);
    } finally {
      t = previous;
      await deployment.close();
    }
  });
});

describe('the deployment settings', () => {
  it('go together, name https issuers and email domains', () => {
    const oidc = {
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'console',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_DOMAINS: 'Example.com, example.org',
    };
    expect(readConfig(oidc).oidc).toEqual({
      issuerUrl: 'https://login.example.com',
      clientId: 'console',
      clientSecret: 'secret',
      domains: ['example.com', 'example.org'],
    });
    expect(readConfig({}).oidc).toBeNull();
    expect(() => readConfig({ ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/missing OIDC_CLIENT_SECRET/);
    expect(() => readConfig({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(() => readConfig({ ...oidc, OIDC_DOMAINS: 'not a domain' })).toThrow(/OIDC_DOMAINS/);
  });
});
