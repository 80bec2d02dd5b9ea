// The single sign-on tests' harness (docs/single-sign-on.md): a real OpenID provider (oidc-provider on
// 127.0.0.1, its own sign-in, consent and sign-out forms), a console whose cloud signs in customer.example
// with it, and a browser driven through both as a person would.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, expect } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

export const CONSOLE = 'http://console.test';
export const CLIENT = { id: 'console', secret: 'provider-client-secret' };
/** Where the provider may send the browser back after signing out there. */
export const SIGNED_OUT = `${CONSOLE}/welcome/login`;

/**
 * Starts a provider whose people are whoever signs in there; an address starting "unverified" is not
 * verified. Without `logout`, its discovery document names no end_session_endpoint.
 */
export function startProvider(
  options: { logout: boolean } = { logout: true },
): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = createServer();
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: CLIENT.id,
            client_secret: CLIENT.secret,
            redirect_uris: [`${CONSOLE}/auth/sso/callback`],
            post_logout_redirect_uris: [SIGNED_OUT],
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
        features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: options.logout } },
        pkce: { required: () => true },
        cookies: { keys: ['single-sign-on-test'] },
      });
      server.on('request', provider.callback());
      const close = async () => {
        server.closeAllConnections();
        await new Promise((done) => server.close(done));
      };
      resolve({ issuer, close });
    });
  });
}

/** The cloud's settings as the harness saves them; `body` changes some. */
export const settingsBody = (issuer: string, body: object = {}) => ({
  issuer_url: issuer,
  client_id: CLIENT.id,
  client_secret: CLIENT.secret,
  domains: ['Customer.example'],
  role_id: 'ROLE_ADMIN',
  permissions: 8,
  password_sign_in: true,
  enabled: true,
  ...body,
});

export type SsoHarness = { t: TestApp; issuer: string; cloudId: number; owner: Session };

/** A provider, and a console whose cloud (owned by owner@msp.example) signs customer.example in with it. */
export function ssoHarness(): SsoHarness {
  const h = {} as SsoHarness;
  let provider: Awaited<ReturnType<typeof startProvider>> | undefined;
  beforeAll(async () => {
    provider = await startProvider();
    h.issuer = provider.issuer;
    h.t = await createTestApp({}, { PUBLIC_URL: CONSOLE, OIDC_ALLOW_HTTP: '1' });
    const cloud = await createCloud(h.t.database.db);
    h.cloudId = cloud.id;
    const ownerUser = await createUser(h.t.database.db, { email: 'owner@msp.example' });
    await addMember(h.t.database.db, ownerUser.id, h.cloudId, 'ROLE_OWNER');
    h.owner = await login(h.t.app, 'owner@msp.example', TEST_PASSWORD);
    const saved = await h.t.app.inject({
      method: 'PUT',
      url: `/apiv2/cloud/${h.cloudId}/single-sign-on`,
      headers: as(h.owner),
      payload: settingsBody(h.issuer),
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }, 30_000);
  afterAll(async () => {
    await h.t?.close();
    await provider?.close();
  });
  return h;
}

export const cookiesOf = (response: LightMyRequestResponse) =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/** A browser's cookies at the provider, and the provider's prompts (login, consent) it was shown. */
export type Browser = { jar: Map<string, string>; prompts: string[] };
export const newBrowser = (): Browser => ({ jar: new Map(), prompts: [] });

/**
 * Goes through the provider as `person` from `start`: follows its redirects and submits its sign-in,
 * consent and sign-out forms, until it sends the browser back to the console; answers that address.
 */
export async function atProvider(start: string, person: string, browser = newBrowser()): Promise<URL> {
  let url = start;
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...browser.jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (pair.slice(at + 1)) browser.jar.set(pair.slice(0, at), pair.slice(at + 1));
      else browser.jar.delete(pair.slice(0, at));
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
    // The sign-out confirmation: "Yes, sign me out".
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !(prompt || xsrf))
      throw new Error(`provider page without a form: ${response.status} ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    if (prompt) browser.prompts.push(prompt);
    body = new URLSearchParams(
      xsrf && !prompt
        ? { xsrf, logout: 'yes' }
        : prompt === 'login'
          ? { prompt, login: person, password: 'any' }
          : { prompt: prompt ?? '' },
    );
  }
  throw new Error('the provider never sent the browser back');
}

/** The whole sign-in as `person` typed `email` on the login page: where it lands and the session it got. */
export async function signInWithSso(
  h: SsoHarness,
  person: string,
  options: { email?: string; next?: string; browser?: Browser } = {},
) {
  const { email = person, next = '' } = options;
  const start = await h.t.app.inject({
    method: 'GET',
    url: `/auth/sso/start?email=${encodeURIComponent(email)}${next ? `&next=${encodeURIComponent(next)}` : ''}`,
  });
  expect(start.statusCode, start.body).toBe(302);
  const back = await atProvider(start.headers.location as string, person, options.browser);
  const callback = await h.t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: cookiesOf(start) },
  });
  expect(callback.statusCode, callback.body).toBe(302);
  return { location: callback.headers.location as string, cookie: cookiesOf(callback) };
}

export const me = (h: SsoHarness, cookie: string) =>
  h.t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: { cookie } });

/** Signs out the session of `cookie` as the web app does. */
export function signOut(h: SsoHarness, cookie: string) {
  const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  return h.t.app.inject({
    method: 'POST',
    url: '/apiv2/auth/logout',
    headers: { cookie, 'x-csrf-token': csrf },
  });
}
