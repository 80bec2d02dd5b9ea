// @vitest-environment node
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_USER } from '../../../core/api/push.ts';
import { pushSubscriptions, serverSettings } from '../../db/schema/accounts.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { vapidKeys } from './vapid-keys.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { PUSH_SERVICE_HOSTS: 'push.example.com, *.push.example.net' });
});
afterAll(() => t.close());

const P256DH = `B${'x'.repeat(86)}`;
const AUTH = 'y'.repeat(22);
let sequence = 0;
const browser = (name = `b${++sequence}`) => ({
  endpoint: `https://push.example.com/send/${name}`,
  keys: { p256dh: P256DH, auth: AUTH },
});

async function signedInUser(): Promise<{ id: number; session: Session }> {
  const user = await createUser(t.database.db);
  return { id: user.id, session: await login(t.app, user.email, TEST_PASSWORD) };
}
const save = (session: Session, payload: object, app = t) =>
  app.app.inject({ method: 'PUT', url: '/apiv2/user/push-subscriptions', headers: as(session), payload });
const remove = (session: Session, endpoint: string) =>
  t.app.inject({
    method: 'DELETE',
    url: '/apiv2/user/push-subscriptions',
    headers: as(session),
    payload: { endpoint },
  });
const stored = (userId: number) =>
  t.database.db
    .select({
      endpoint: pushSubscriptions.endpoint,
      keys: pushSubscriptions.keys,
      refreshedAt: pushSubscriptions.refreshedAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));

describe('VAPID keys', () => {
  it('gives every caller the same generated public key, an uncompressed P-256 point', async () => {
    const [a, b] = [await signedInUser(), await signedInUser()];
    const first = await t.app.inject({ url: '/apiv2/push/vapid-public-key', headers: as(a.session) });
    const second = await t.app.inject({ url: '/apiv2/push/vapid-public-key', headers: as(b.session) });
    expect(first.statusCode).toBe(200);
    const { public_key: publicKey } = first.json();
    expect(second.json()).toEqual({ public_key: publicKey });
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect((await vapidKeys(t.database.db)).publicKey).toBe(publicKey);
  });

  it('keeps one key pair when first requests race on an empty table', async () => {
    const fresh = await createTestApp();
    try {
      const keys = await Promise.all(Array.from({ length: 6 }, () => vapidKeys(fresh.database.db)));
      expect(new Set(keys.map((k) => `${k.publicKey}/${k.privateKey}`)).size).toBe(1);
      expect(await fresh.database.db.select().from(serverSettings)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ url: '/apiv2/push/vapid-public-key' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /apiv2/user/push-subscriptions', () => {
  it("saves the browser's subscription, then refreshes it without a second row", async () => {
    const user = await signedInUser();
    const subscription = browser();
    expect((await save(user.session, subscription)).json()).toEqual({ ok: true });
    const [before] = await stored(user.id);
    expect(before).toMatchObject({ endpoint: subscription.endpoint, keys: subscription.keys });

    const newKeys = { p256dh: `B${'z'.repeat(86)}`, auth: `${'w'.repeat(22)}==` };
    expect((await save(user.session, { ...subscription, keys: newKeys })).statusCode).toBe(200);
    const after = await stored(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]?.keys).toEqual(newKeys);
    expect(after[0]?.refreshedAt.getTime()).toBeGreaterThan(before?.refreshedAt.getTime() ?? Infinity);
  });

  it('moves an endpoint another user saved to the caller', async () => {
    const [first, second] = [await signedInUser(), await signedInUser()];
    const subscription = browser();
    await save(first.session, subscription);
    await save(second.session, subscription);
    expect(await stored(first.id)).toEqual([]);
    expect((await stored(second.id)).map((row) => row.endpoint)).toEqual([subscription.endpoint]);
  });

  it(`keeps the ${PUSH_SUBSCRIPTIONS_PER_USER} most recently refreshed subscriptions of a user`, async () => {
    const user = await signedInUser();
    const oldest = browser();
    await save(user.session, oldest);
    const others = Array.from({ length: PUSH_SUBSCRIPTIONS_PER_USER }, () => browser());
    for (const subscription of others.slice(0, -1)) await save(user.session, subscription);
    // Refreshing the oldest makes it the newest, so the next one to go is others[0].
    await save(user.session, oldest);
    await save(user.session, others.at(-1) as object);
    const endpoints = (await stored(user.id)).map((row) => row.endpoint).sort();
    expect(endpoints).toHaveLength(PUSH_SUBSCRIPTIONS_PER_USER);
    expect(endpoints).toEqual([oldest, ...others.slice(1)].map((s) => s.endpoint).sort());
  });

  it.each([
    ['an http endpoint', { ...browser(), endpoint: 'http://push.example.com/send/x' }, '/endpoint'],
    ['an endpoint that is no URL', { ...browser(), endpoint: 'https://' }, '/endpoint'],
    [
      'an endpoint over the length limit',
      { ...browser(), endpoint: `https://push.example.com/${'a'.repeat(2_000)}` },
      '/endpoint',
    ],
    [
      'a short p256dh key',
      { ...browser(), keys: { p256dh: `B${'x'.repeat(40)}`, auth: AUTH } },
      '/keys/p256dh',
    ],
    [
      'a p256dh key that is no point',
      { ...browser(), keys: { p256dh: `A${'x'.repeat(86)}`, auth: AUTH } },
      '/keys/p256dh',
    ],
    [
      'an auth secret with other characters',
      { ...browser(), keys: { p256dh: P256DH, auth: `${'y'.repeat(21)}/` } },
      '/keys/auth',
    ],
    ['no keys', { endpoint: browser().endpoint }, '/keys'],
  ])('answers 400 for %s and stores nothing', async (_name, payload, path) => {
    const user = await signedInUser();
    const response = await save(user.session, payload);
    expect(response.statusCode).toBe(400);
    const { errors } = response.json();
    expect(errors.length).toBeGreaterThan(0);
    for (const error of errors) {
      expect(Object.keys(error).sort()).toEqual(['errorCode', 'location', 'message', 'path']);
      expect(error.location).toBe('body');
    }
    expect(errors.map((error: { path: string }) => error.path)).toContain(path);
    expect(await stored(user.id)).toEqual([]);
  });
});

describe('PUT /apiv2/user/push-subscriptions: push service hosts', () => {
  const at = (endpoint: string) => ({ endpoint, keys: { p256dh: P256DH, auth: AUTH } });

  it('accepts an endpoint on a listed host and on any subdomain of a *. entry', async () => {
    const user = await signedInUser();
    const endpoints = [
      'https://push.example.com/send/listed',
      'https://eu.push.example.net/send/sub',
      'https://a.b.push.example.net:8443/send/deeper',
    ];
    for (const endpoint of endpoints) expect((await save(user.session, at(endpoint))).statusCode).toBe(200);
    expect((await stored(user.id)).map((row) => row.endpoint).sort()).toEqual([...endpoints].sort());
  });

  it.each([
    ['another host', 'https://internal.example.org/admin'],
    ['a subdomain of a plain entry', 'https://eu.push.example.com/send/x'],
    ["a *. entry's own domain", 'https://push.example.net/send/x'],
    ['a look-alike ending', 'https://evilpush.example.net/send/x'],
    ['a listed name as a prefix', 'https://push.example.com.attacker.example/send/x'],
    ['a listed name as credentials', 'https://push.example.com@127.0.0.1/send/x'],
    ['an IP address', 'https://127.0.0.1:8443/send/x'],
  ])('answers 400 for %s and stores nothing', async (_name, endpoint) => {
    const user = await signedInUser();
    const response = await save(user.session, at(endpoint));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errors: [
        {
          errorCode: 'push_service_host',
          location: 'body',
          path: '/endpoint',
          message: 'must be the address of a browser push service',
        },
      ],
    });
    expect(await stored(user.id)).toEqual([]);
  });

  it("accepts the browsers' push services by default and nothing else", async () => {
    const app = await createTestApp();
    try {
      const user = await createUser(app.database.db);
      const session = await login(app.app, user.email, TEST_PASSWORD);
      const browsers = [
        'https://fcm.googleapis.com/fcm/send/chrome-token',
        'https://updates.push.services.mozilla.com/wpush/v2/firefox-token',
        'https://web.push.apple.com/safari-token',
        'https://wns2-by3p.notify.windows.com/w/?token=edge-token',
      ];
      for (const endpoint of browsers) {
        expect((await save(session, at(endpoint), app)).statusCode).toBe(200);
      }
      expect((await save(session, at('https://push.example.com/send/x'), app)).statusCode).toBe(400);
      const rows = await app.database.db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, user.id));
      expect(rows.map((row) => row.endpoint).sort()).toEqual([...browsers].sort());
    } finally {
      await app.close();
    }
  });
});

describe('DELETE /apiv2/user/push-subscriptions', () => {
  it("removes the caller's own subscription and leaves another user's", async () => {
    const [owner, other] = [await signedInUser(), await signedInUser()];
    const mine = browser();
    const theirs = browser();
    await save(owner.session, mine);
    await save(other.session, theirs);
    expect((await remove(owner.session, theirs.endpoint)).json()).toEqual({ ok: true });
    expect(await stored(other.id)).toHaveLength(1);
    expect((await remove(owner.session, mine.endpoint)).json()).toEqual({ ok: true });
    expect(await stored(owner.id)).toEqual([]);
  });

  it('answers 400 for an endpoint that is not an https URL and removes nothing', async () => {
    const user = await signedInUser();
    await save(user.session, browser());
    const response = await remove(user.session, 'javascript:alert(1)');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ location: 'body', path: '/endpoint' });
    expect(await stored(user.id)).toHaveLength(1);
  });
});
