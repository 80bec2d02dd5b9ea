// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/accounts.ts';
import { as, createTestApp, login, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function signIn() {
  const user = await createUser(t.database.db);
  return login(t.app, user.email, TEST_PASSWORD);
}
const me = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers });

describe('sessions', () => {
  it('refuses logout without the CSRF token and keeps the session', async () => {
    const session = await signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: { cookie: session.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Missing or invalid CSRF token.' });
    expect((await me(as(session))).statusCode).toBe(200);
  });

  it('refuses a CSRF token of another session', async () => {
    const one = await signIn();
    const other = await signIn();
    const response = await t.app.inject({
      method: 'POST',
      url: '/apiv2/auth/logout',
      headers: { cookie: one.cookie, 'x-csrf-token': other.csrfToken },
    });
    expect(response.statusCode).toBe(403);
  });

  it('revokes the session on logout, so the cookie no longer works', async () => {
    const session = await signIn();
    const response = await t.app.inject({ method: 'POST', url: '/apiv2/auth/logout', headers: as(session) });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(as(session))).statusCode).toBe(401);
  });

  it('ends a session idle for more than 12 hours', async () => {
    const session = await signIn();
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '12 hours 1 minute'` });
    expect((await me(as(session))).statusCode).toBe(401);
  });

  it('ends a session 7 days after login even when it is in use', async () => {
    const session = await signIn();
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await me(as(session))).statusCode).toBe(401);
  });

  it('keeps an active session alive', async () => {
    const session = await signIn();
    await t.database.db.update(sessions).set({ lastSeenAt: sql`now() - interval '11 hours'` });
    expect((await me(as(session))).statusCode).toBe(200);
    expect((await me(as(session))).statusCode).toBe(200);
  });
});
