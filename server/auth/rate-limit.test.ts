// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, login, type Session, type TestApp } from '../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../test/factories.ts';
import { apiBudgets } from './rate-limit.ts';

// One request a second per caller: a burst of 10, and 40 for a cloud's members together.
const budgets = apiBudgets(1);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { API_RATE_LIMIT: '1' });
});
afterAll(() => t.close());

const person = async (email: string) => {
  await createUser(t.database.db, { email });
  return login(t.app, email, TEST_PASSWORD);
};
const get = (url: string, session?: Session, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: session ? as(session) : {} });
const burst = (count: number, send: () => ReturnType<typeof get>) =>
  Promise.all(Array.from({ length: count }, send));
const count = (responses: { statusCode: number }[], status: number) =>
  responses.filter((r) => r.statusCode === status).length;

describe('API rate limit', () => {
  it('answers a session past its burst 429 with Retry-After, and leaves other sessions alone', async () => {
    const flooder = await person('flood@rate.example');
    const other = await person('calm@rate.example');
    const responses = await burst(budgets.caller.burst + 5, () => get('/apiv2/auth/me', flooder));
    expect(count(responses, 200)).toBeGreaterThanOrEqual(budgets.caller.burst);
    expect(count(responses, 429)).toBeGreaterThanOrEqual(4);
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json()).toEqual({ message: 'Too many requests. Try again later.' });
    expect((await get('/apiv2/auth/me', other)).statusCode).toBe(200);
  });

  it('charges a bearer request to its token, not to its owner’s session (docs/api-tokens.md)', async () => {
    const owner = await person('token-owner@rate.example');
    const made = await t.app.inject({
      method: 'POST',
      url: '/apiv2/user/api-tokens',
      headers: as(owner),
      payload: { name: 'Rate', read_only: true, expires_at: null },
    });
    const bearer = { authorization: `Bearer ${made.json().token}` };
    const responses = await burst(budgets.caller.burst + 5, () =>
      t.app.inject({ method: 'GET', url: '/apiv2/auth/me', headers: bearer }),
    );
    expect(count(responses, 200)).toBeGreaterThanOrEqual(budgets.caller.burst);
    expect(count(responses, 429)).toBeGreaterThanOrEqual(4);
    expect((await get('/apiv2/auth/me', owner)).statusCode).toBe(200);
  });

  it('limits callers without a session by address', async () => {
    const responses = await burst(budgets.caller.burst + 5, () =>
      get('/apiv2/blog-posts', undefined, '198.51.100.1'),
    );
    expect(count(responses, 429)).toBeGreaterThanOrEqual(4);
    expect((await get('/apiv2/blog-posts', undefined, '198.51.100.2')).statusCode).toBe(200);
  });

  it('shares a budget among a cloud’s members, which someone outside the cloud cannot spend', async () => {
    const cloud = await createCloud(t.database.db);
    const members: Session[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `member${i}@rate.example`;
      const user = await createUser(t.database.db, { email });
      await addMember(t.database.db, user.id, cloud.id, 'ROLE_ADMIN');
      members.push(await login(t.app, email, TEST_PASSWORD));
    }
    const outsider = await person('outsider@rate.example');
    const sites = `/apiv2/cloud/${cloud.id}/sites`;
    const probes = await burst(budgets.caller.burst, () => get(sites, outsider));
    expect(count(probes, 404)).toBe(budgets.caller.burst);

    // Four members' bursts are exactly the cloud's.
    const perMember = budgets.cloud.burst / 4;
    const first = await Promise.all(members.slice(0, 4).map((m) => burst(perMember, () => get(sites, m))));
    expect(count(first.flat(), 200)).toBe(budgets.cloud.burst);
    const fifth = await burst(perMember, () => get(sites, members[4]));
    expect(count(fifth, 429)).toBeGreaterThan(0);
  });
});
