// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAIR_FAILURE_LIMIT } from '../../auth/throttle.ts';
import { as, createTestApp, login, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/apiv2/auth/login', payload, headers });

describe('POST /apiv2/auth/login', () => {
  it('sets an HttpOnly session cookie and a readable csrf_token cookie', async () => {
    const user = await createUser(t.database.db, { email: 'Mixed.Case@Test.example' });
    const response = await post({ email: 'mixed.case@test.example', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const sid = response.cookies.find((c) => c.name === 'sid');
    const csrf = response.cookies.find((c) => c.name === 'csrf_token');
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(csrf?.httpOnly).toBeFalsy();
    expect(csrf?.value).toMatch(/^[\w-]{40,}$/);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers a wrong password and an unknown email alike', async () => {
    await createUser(t.database.db, { email: 'known@test.example' });
    const wrong = await post({ email: 'known@test.example', password: 'nope' });
    const unknown = await post({ email: 'nobody@test.example', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Wrong email or password.' });
  });

  it('rejects bad input with the 400 shape and sets no cookie', async () => {
    const response = await post({ email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.cookies).toHaveLength(0);
    const { errors } = response.json();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ location: 'body', path: '/password', errorCode: 'required' }),
        expect.objectContaining({ location: 'body', path: '/email', errorCode: 'pattern' }),
      ]),
    );
    for (const error of errors)
      expect(Object.keys(error).sort()).toEqual(['errorCode', 'location', 'message', 'path']);
  });

  it('answers malformed JSON with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/' });
  });

  it('forgets an address’s failures on the account after a successful login', async () => {
    await createUser(t.database.db, { email: 'forgetful@test.example' });
    for (let i = 0; i < PAIR_FAILURE_LIMIT - 1; i++)
      await post({ email: 'forgetful@test.example', password: 'x' });
    expect((await post({ email: 'forgetful@test.example', password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await post({ email: 'forgetful@test.example', password: 'x' })).statusCode).toBe(401);
    expect((await post({ email: 'forgetful@test.example', password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('GET /apiv2/auth/me', () => {
  it('returns the user, memberships, default cloud, theme and app version', async () => {
    const user = await createUser(t.database.db, {
      email: 'member@test.example',
      firstname: 'Mia',
      measurementUnits: 'IMPERIAL',
    });
    const cloud = await createCloud(t.database.db, { name: 'Harbour WISP' });
    await addMember(t.database.db, user.id, cloud.id, 'ROLE_ADMIN', 9);
    const session = await login(t.app, 'member@test.example', TEST_PASSWORD);
    const response = await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: as(session) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.user).toMatchObject({
      id: user.id,
      firstname: 'Mia',
      email: 'member@test.example',
      measurement_units: 'IMPERIAL',
    });
    expect(body.user.passwordHash).toBeUndefined();
    expect(body.memberships).toEqual([
      {
        cloud_id: cloud.id,
        cloud_name: 'Harbour WISP',
        role_id: 'ROLE_ADMIN',
        permissions: 9,
        push_alerts: false,
      },
    ]);
    expect(body.default_cloud_id).toBe(cloud.id);
    expect(body.theme).toMatchObject({
      news_enabled: true,
      path_analysis_url: '/v2/cloud/{cloudId}/linqpath',
    });
    expect(body.app_version).toBe('0.0.0-test');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/apiv2/auth/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Login required.' });
  });
});
