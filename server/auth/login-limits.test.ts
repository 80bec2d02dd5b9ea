// @vitest-environment node
// On PostgreSQL the bursts are split between two server instances with their own connection pools, as two
// processes behind a load balancer would be.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { type DatabaseHandle, openDatabase } from '../db/connect.ts';
import { as, cookieHeader, createTestApp, TEST_VERSION, type TestApp } from '../test/app.ts';
import { createUser, TEST_PASSWORD } from '../test/factories.ts';
import { ACCOUNT_FREE_FAILURES, PAIR_FAILURE_LIMIT } from './throttle.ts';

let t: TestApp;
let apps: App[];
let other: { app: App; database: DatabaseHandle } | null = null;
beforeAll(async () => {
  t = await createTestApp({}, { TRUST_PROXY: '1' });
  const url = (t.database as { url?: string }).url;
  if (url) {
    const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
    other = {
      app: await buildApp(createContext(database, readConfig({ DEMO: '0', TRUST_PROXY: '1' }), TEST_VERSION)),
      database,
    };
  }
  apps = other ? [t.app, other.app] : [t.app];
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await t.close();
});

const attempt = (
  email: string,
  password: string,
  from: { remoteAddress?: string; forwardedFor?: string; cookie?: string } = {},
  app = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/apiv2/auth/login',
    payload: { email, password },
    remoteAddress: from.remoteAddress ?? '127.0.0.1',
    headers: {
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
      ...(from.cookie ? { cookie: from.cookie } : {}),
    },
  });

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('login limits', () => {
  it('check at most five passwords of a burst sent at once from one address, and keep the owner in from elsewhere', async () => {
    await createUser(t.database.db, { email: 'admin@burst.example', isAdministrator: true });
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        attempt(
          'admin@burst.example',
          `guess ${i}`,
          { remoteAddress: '198.51.100.7' },
          apps[i % apps.length],
        ),
      ),
    );
    expect(statuses(burst)).toEqual({ 401: PAIR_FAILURE_LIMIT, 429: 60 - PAIR_FAILURE_LIMIT });
    const refused = burst.find((r) => r.statusCode === 429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused?.json()).toEqual({ message: 'Too many login attempts. Try again later.' });

    const attacker = await attempt('admin@burst.example', TEST_PASSWORD, { remoteAddress: '198.51.100.7' });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.cookies).toHaveLength(0);
    const owner = await attempt('ADMIN@burst.example', TEST_PASSWORD, { remoteAddress: '192.0.2.10' });
    expect(owner.statusCode).toBe(200);
  });

  it('slow guessing spread over many addresses, but never make the owner wait at an address they used', async () => {
    await createUser(t.database.db, { email: 'spread@limits.example' });
    const home = await attempt('spread@limits.example', TEST_PASSWORD, { remoteAddress: '192.0.2.20' });
    expect(home.statusCode).toBe(200);

    const guesses = [];
    for (let i = 0; i < ACCOUNT_FREE_FAILURES + 2; i++) {
      guesses.push(await attempt('spread@limits.example', 'wrong', { remoteAddress: `203.0.113.${i + 1}` }));
    }
    expect(guesses.slice(0, ACCOUNT_FREE_FAILURES).map((r) => r.statusCode)).toEqual(
      Array(ACCOUNT_FREE_FAILURES).fill(401),
    );
    const delayed = guesses.at(-1);
    expect(delayed?.statusCode).toBe(429);
    // A delay of seconds, not a lock: the window is fifteen minutes.
    expect(Number(delayed?.headers['retry-after'])).toBeLessThanOrEqual(2);

    const again = await attempt('spread@limits.example', TEST_PASSWORD, { remoteAddress: '192.0.2.20' });
    expect(again.statusCode).toBe(200);
  });

  it('take the client address from the proxy hop, not from a value the client put first in X-Forwarded-For', async () => {
    await createUser(t.database.db, { email: 'spoof@limits.example' });
    const responses = [];
    for (let i = 0; i < 45; i++) {
      const forwardedFor = `10.9.${i}.1, 198.51.100.99`;
      responses.push(await attempt('spoof@limits.example', 'wrong', { forwardedFor }));
    }
    expect(statuses(responses)).toEqual({ 401: PAIR_FAILURE_LIMIT, 429: 45 - PAIR_FAILURE_LIMIT });
    const spoofed = await attempt('spoof@limits.example', TEST_PASSWORD, {
      forwardedFor: '10.10.10.10, 198.51.100.99',
    });
    expect(spoofed.statusCode).toBe(429);
    const owner = await attempt('spoof@limits.example', TEST_PASSWORD, { forwardedFor: '198.51.100.100' });
    expect(owner.statusCode).toBe(200);
  });

  it('end the browser’s previous session when it signs in again', async () => {
    await createUser(t.database.db, { email: 'twice@limits.example' });
    const first = await attempt('twice@limits.example', TEST_PASSWORD);
    const firstCookie = cookieHeader(first);
    const second = await attempt('twice@limits.example', TEST_PASSWORD, { cookie: firstCookie });
    expect(second.statusCode).toBe(200);
    const csrfToken = first.cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
    const me = await t.app.inject({
      method: 'GET',
      url: '/apiv2/auth/me',
      headers: as({ cookie: firstCookie, csrfToken }),
    });
    expect(me.statusCode).toBe(401);
    const current = await t.app.inject({
      method: 'GET',
      url: '/apiv2/auth/me',
      headers: { cookie: cookieHeader(second) },
    });
    expect(current.statusCode).toBe(200);
  });
});
