// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
let user: Session;
let other: Session;

beforeAll(async () => {
  t = await createTestApp();
  const [a, b] = [await createUser(t.database.db), await createUser(t.database.db)];
  user = await login(t.app, a.email, TEST_PASSWORD);
  other = await login(t.app, b.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const subscribe = (session: Session, value: unknown, headers: Record<string, string> = as(session)) =>
  t.app.inject({ method: 'POST', url: '/apiv2/user/newsletter', headers, payload: { subscribe: value } });
const subscribed = async (session: Session) =>
  (await t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: as(session) })).json().user
    .subscribe_newsletter;

describe('POST /apiv2/user/newsletter', () => {
  it("saves the caller's subscription, visible in GET /apiv2/auth/me", async () => {
    expect(await subscribed(user)).toBe(false);
    const response = await subscribe(user, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ subscribe: true });
    expect(await subscribed(user)).toBe(true);
    expect(await subscribed(other)).toBe(false);

    expect((await subscribe(user, false)).json()).toEqual({ subscribe: false });
    expect(await subscribed(user)).toBe(false);
  });

  it('rejects a body without a boolean subscribe with the 400 shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/user/newsletter',
      headers: as(user),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/subscribe' });
  });

  it('answers 403 without the CSRF token and 401 without a session', async () => {
    expect((await subscribe(user, true, { cookie: user.cookie })).statusCode).toBe(403);
    expect(await subscribed(user)).toBe(false);
    const anonymous = { cookie: 'csrf_token=anonymous-token', 'x-csrf-token': 'anonymous-token' };
    expect((await subscribe(user, true, anonymous)).statusCode).toBe(401);
  });
});
