// Signing out of a single sign-on session (docs/single-sign-on.md#signing-out): the console's session
// ends at once, and the answer leads the browser through the real provider's sign-out, which ends the
// provider's session too.
import { describe, expect, it } from 'vitest';
import { as } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import {
  atProvider,
  CLIENT,
  CONSOLE,
  me,
  newBrowser,
  SIGNED_OUT,
  settingsBody,
  signInWithSso,
  signOut,
  ssoHarness,
  startProvider,
} from './provider-harness.ts';

const h = ssoHarness();

/** The claims of a JWT, unchecked: the provider checks the signature when it gets it back. */
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

const saveSettings = (body: object) =>
  h.t.app.inject({
    method: 'PUT',
    url: `/apiv2/cloud/${h.cloudId}/single-sign-on`,
    headers: as(h.owner),
    payload: body,
  });

describe('signing out of a single sign-on session', () => {
  it("ends the console session, then the provider's: the next sign-in asks for the password again", async () => {
    const browser = newBrowser();
    await signInWithSso(h, 'kiosk@customer.example', { browser });
    expect(browser.prompts).toEqual(['login', 'consent']);
    // While the provider's session lives, a new sign-in passes without a prompt.
    const { cookie } = await signInWithSso(h, 'kiosk@customer.example', { browser });
    expect(browser.prompts).toEqual(['login', 'consent']);

    const out = await signOut(h, cookie);
    expect(out.statusCode).toBe(200);
    const url = new URL(out.json().logout_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${h.issuer}/session/end`);
    expect(url.searchParams.get('client_id')).toBe(CLIENT.id);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(SIGNED_OUT);
    expect(claimsOf(url.searchParams.get('id_token_hint') ?? '')).toMatchObject({
      iss: h.issuer,
      aud: CLIENT.id,
      sub: 'kiosk@customer.example',
    });
    // The console's session is over before the browser reaches the provider.
    expect((await me(h, cookie)).statusCode).toBe(401);

    const back = await atProvider(url.href, 'kiosk@customer.example', browser);
    expect(back.href).toBe(SIGNED_OUT);
    await signInWithSso(h, 'kiosk@customer.example', { browser });
    expect(browser.prompts).toEqual(['login', 'consent', 'login', 'consent']);
  });

  it('answers the sign-out once: the same session signed out again answers 401', async () => {
    const { cookie } = await signInWithSso(h, 'twice@customer.example');
    expect((await signOut(h, cookie)).statusCode).toBe(200);
    expect((await signOut(h, cookie)).statusCode).toBe(401);
  });

  it('signs a password session out as always: 204 without a body', async () => {
    const user = await createUser(h.t.database.db, { email: 'typist@customer.example' });
    const login = await h.t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const out = await signOut(h, cookie);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect((await me(h, cookie)).statusCode).toBe(401);
  });

  it('stays at the console when the cloud turns "Sign out of the provider too" off', async () => {
    const { cookie } = await signInWithSso(h, 'desk@customer.example');
    const off = await saveSettings(settingsBody(h.issuer, { sign_out_at_provider: false }));
    expect(off.json()).toMatchObject({ sign_out_at_provider: false, post_logout_redirect_uri: SIGNED_OUT });
    try {
      const out = await signOut(h, cookie);
      expect(out.statusCode).toBe(204);
      expect((await me(h, cookie)).statusCode).toBe(401);
      // A save that leaves the switch out keeps it.
      expect((await saveSettings(settingsBody(h.issuer))).json().sign_out_at_provider).toBe(false);
    } finally {
      await saveSettings(settingsBody(h.issuer, { sign_out_at_provider: true }));
    }
  });

  it('stays at the console when the provider names no end_session_endpoint', async () => {
    const plain = await startProvider({ logout: false });
    try {
      expect((await saveSettings(settingsBody(plain.issuer))).statusCode).toBe(200);
      const { cookie, location } = await signInWithSso(h, 'plain@customer.example');
      expect(location).toBe(`/cloud/${h.cloudId}/dashboard`);
      const out = await signOut(h, cookie);
      expect(out.statusCode).toBe(204);
      expect((await me(h, cookie)).statusCode).toBe(401);
    } finally {
      await saveSettings(settingsBody(h.issuer));
      await plain.close();
    }
  });

  it("comes back to the sign-in page of the console's address", async () => {
    const { cookie } = await signInWithSso(h, 'home@customer.example');
    const url = new URL((await signOut(h, cookie)).json().logout_url);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${CONSOLE}/welcome/login`);
  });
});
