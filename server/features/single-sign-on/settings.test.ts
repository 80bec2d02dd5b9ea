// A cloud's single sign-on settings (docs/single-sign-on.md#a-clouds-provider) and the deployment's
// provider (docs/single-sign-on.md#the-deployments-provider), against a real OpenID provider.
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { as, createTestApp, login } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { CLIENT, CONSOLE, me, signInWithSso, ssoHarness } from './provider-harness.ts';

const h = ssoHarness();

describe('the cloud settings', () => {
  it('never answer the client secret, only that it is set, and give the redirect URI', async () => {
    const response = await h.t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${h.cloudId}/single-sign-on`,
      headers: as(h.owner),
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
      h.t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${h.cloudId}/single-sign-on/test`,
        headers: as(h.owner),
        payload: { issuer_url },
      });
    expect((await test(h.issuer)).json()).toEqual({
      ok: true,
      failure: null,
      authorization_endpoint: `${h.issuer}/auth`,
    });
    expect((await test(`${h.issuer}/nothing-here`)).json()).toMatchObject({ ok: false, failure: 'invalid' });
    expect((await test('http://127.0.0.1:9')).json()).toMatchObject({ ok: false, failure: 'unreachable' });
  });

  it("refuse a first sign-in role above the saver's, and a domain another cloud signs in", async () => {
    const other = await createCloud(h.t.database.db);
    const adminUser = await createUser(h.t.database.db, { email: 'admin@msp.example' });
    await addMember(h.t.database.db, adminUser.id, other.id, 'ROLE_ADMIN', 0);
    const admin = await login(h.t.app, 'admin@msp.example', TEST_PASSWORD);
    const save = (body: object) =>
      h.t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${other.id}/single-sign-on`,
        headers: as(admin),
        payload: {
          issuer_url: h.issuer,
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
    const log = await h.t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${other.id}/change-log`,
      headers: as(admin),
    });
    expect(log.body).toContain('single_sign_on');
    expect(log.body).not.toContain(CLIENT.secret);
    expect(
      (
        await h.t.app.inject({
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
        OIDC_ISSUER: h.issuer,
        OIDC_CLIENT_ID: CLIENT.id,
        OIDC_CLIENT_SECRET: CLIENT.secret,
        OIDC_DOMAINS: 'deploy.example',
      },
    );
    const previous = h.t;
    h.t = deployment;
    try {
      const { location, cookie } = await signInWithSso(h, 'first@deploy.example');
      expect(location).toBe('/welcome/no-cloud');
      const answer = (await me(h, cookie)).json();
      expect(answer.user.email).toBe('first@deploy.example');
      expect(answer.memberships).toEqual([]);
      // A cloud cannot take a domain the deployment's provider signs in.
      const cloud = await createCloud(h.t.database.db);
      const person = await createUser(h.t.database.db, { email: 'owner@deploy-msp.example' });
      await addMember(h.t.database.db, person.id, cloud.id, 'ROLE_OWNER');
      const session = await login(h.t.app, 'owner@deploy-msp.example', TEST_PASSWORD);
      const claim = await h.t.app.inject({
        method: 'PUT',
        url: `/apiv2/cloud/${cloud.id}/single-sign-on`,
        headers: as(session),
        payload: {
          issuer_url: h.issuer,
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
      h.t = previous;
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
      signOutAtProvider: true,
    });
    expect(readConfig({ ...oidc, OIDC_SIGN_OUT_AT_PROVIDER: '0' }).oidc?.signOutAtProvider).toBe(false);
    expect(readConfig({}).oidc).toBeNull();
    expect(() => readConfig({ ...oidc, OIDC_CLIENT_SECRET: '' })).toThrow(/missing OIDC_CLIENT_SECRET/);
    expect(() => readConfig({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toThrow(/OIDC_ISSUER/);
    expect(() => readConfig({ ...oidc, OIDC_DOMAINS: 'not a domain' })).toThrow(/OIDC_DOMAINS/);
  });
});
