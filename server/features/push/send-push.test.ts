// @vitest-environment node
// The real web-push client against a stand-in push service: what a push service receives, and how its
// answers are handled.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../config.ts';
import { pushSubscriptions } from '../../db/schema/accounts.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { saveSubscription } from './repository.ts';
import { FALLBACK_PUSH_SUBJECT, pushSubject, sendPush } from './send-push.ts';
import {
  type PushServiceStandIn,
  readVapidAuthorization,
  startPushService,
  subscribeBrowser,
} from './test-push-service.ts';
import { vapidKeys } from './vapid-keys.ts';

// The stand-in push service is the one push service host here.
const CONFIG_ENV = { PUSH_SERVICE_HOSTS: '127.0.0.1' };
// The configuration createTestApp builds the app with.
const readDefaultConfig = () => readConfig({ DEMO: '0', ...CONFIG_ENV });

let t: TestApp;
let service: PushServiceStandIn;
beforeAll(async () => {
  t = await createTestApp({}, CONFIG_ENV);
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});
beforeEach(() => {
  service.received.length = 0;
});

async function subscribedUser(...browsers: string[]) {
  const user = await createUser(t.database.db);
  const session = await login(t.app, user.email, TEST_PASSWORD);
  const subscribed = browsers.map((name) => subscribeBrowser(service, `${user.id}-${name}`));
  for (const browser of subscribed) {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/apiv2/user/push-subscriptions',
      headers: as(session),
      payload: browser.subscription,
    });
    expect(response.statusCode).toBe(200);
  }
  return { id: user.id, session, browsers: subscribed };
}
const sendTest = (session: Session) =>
  t.app.inject({ method: 'POST', url: '/apiv2/user/push-subscriptions/test', headers: as(session) });
const endpointsOf = async (userId: number) =>
  (
    await t.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
  ).map((row) => row.endpoint);

describe('POST /apiv2/user/push-subscriptions/test', () => {
  it("sends 'Push notifications are on' to each of the caller's browsers, signed and encrypted", async () => {
    const user = await subscribedUser('laptop', 'phone');
    await subscribedUser('someone-else');
    const response = await sendTest(user.session);
    expect(response.json()).toEqual({ sent: 2, failed: 0 });

    expect(service.received.map((push) => push.path).sort()).toEqual(user.browsers.map((b) => b.path).sort());
    const { publicKey } = await vapidKeys(t.database.db);
    for (const browser of user.browsers) {
      const push = service.received.find((candidate) => candidate.path === browser.path);
      if (!push) throw new Error(`nothing sent to ${browser.path}`);
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers.ttl)).toBe(24 * 60 * 60);
      const vapid = readVapidAuthorization(push.headers.authorization as string);
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.valid).toBe(true);
      expect(vapid.claims.aud).toBe(service.origin);
      expect(vapid.claims.sub).toBe(pushSubject(readDefaultConfig()));
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      expect(JSON.parse(browser.decrypt(push.body))).toEqual({
        title: 'Push notifications are on',
        body: 'Network Console',
        url: '/',
        tag: 'push-test',
      });
    }
  });

  it('removes a subscription the push service says is gone (410) and keeps one that failed otherwise', async () => {
    const user = await subscribedUser('gone', 'busy', 'fine');
    const [gone, busy, fine] = user.browsers;
    if (!gone || !busy || !fine) throw new Error('three browsers expected');
    service.answer(gone.path, 410);
    service.answer(busy.path, 503);
    expect((await sendTest(user.session)).json()).toEqual({ sent: 1, failed: 2 });
    expect((await endpointsOf(user.id)).sort()).toEqual(
      [busy.subscription.endpoint, fine.subscription.endpoint].sort(),
    );
  });

  it('removes a subscription the push service does not know (404)', async () => {
    const user = await subscribedUser('unknown');
    service.answer(user.browsers[0]?.path ?? '', 404);
    expect((await sendTest(user.session)).json()).toEqual({ sent: 0, failed: 1 });
    expect(await endpointsOf(user.id)).toEqual([]);
  });

  it('sends nothing to a caller without subscriptions', async () => {
    const user = await subscribedUser();
    expect((await sendTest(user.session)).json()).toEqual({ sent: 0, failed: 0 });
    expect(service.received).toEqual([]);
  });
});

describe('sendPush', () => {
  it('reaches every browser of the given users and no one else', async () => {
    const [a, b, c] = [
      await subscribedUser('a'),
      await subscribedUser('b1', 'b2'),
      await subscribedUser('c'),
    ];
    const config = readDefaultConfig();
    const outcome = await sendPush({ db: t.database.db, config }, [a.id, b.id], {
      title: 'T',
      body: 'B',
      url: '/x',
    });
    expect(outcome).toEqual({ sent: 3, failed: 0, removed: 0 });
    const paths = service.received.map((push) => push.path);
    expect(paths.sort()).toEqual([...a.browsers, ...b.browsers].map((browser) => browser.path).sort());
    expect(paths).not.toContain(c.browsers[0]?.path);
  });

  it('removes, without sending to it, a subscription whose host is no longer a push service host', async () => {
    const user = await subscribedUser('old', 'new');
    const config = { ...readDefaultConfig(), pushServiceHosts: ['localhost'] };
    const message = { title: 'T', body: 'B', url: '/x' };
    expect(await sendPush({ db: t.database.db, config }, [user.id], message)).toEqual({
      sent: 0,
      failed: 2,
      removed: 2,
    });
    expect(service.received).toEqual([]);
    expect(await endpointsOf(user.id)).toEqual([]);
  });
});

describe('pushSubject', () => {
  it('is PUSH_SUBJECT when set, ahead of the help page', async () => {
    const mailto = readConfig({ DEMO: '0', PUSH_SUBJECT: 'mailto:noc@harbour.example' });
    expect(pushSubject(mailto)).toBe('mailto:noc@harbour.example');
    const https = readConfig({ DEMO: '0', PUSH_SUBJECT: 'https://harbour.example/contact' });
    expect(pushSubject(https)).toBe('https://harbour.example/contact');

    // The subject is what the push service reads in the signed VAPID claims.
    const app = await createTestApp({}, { ...CONFIG_ENV, PUSH_SUBJECT: 'mailto:noc@harbour.example' });
    try {
      const user = await createUser(app.database.db);
      const browser = subscribeBrowser(service, `subject-${user.id}`);
      await saveSubscription(app.database.db, user.id, browser.subscription);
      const session = await login(app.app, user.email, TEST_PASSWORD);
      const response = await app.app.inject({
        method: 'POST',
        url: '/apiv2/user/push-subscriptions/test',
        headers: as(session),
      });
      expect(response.json()).toEqual({ sent: 1, failed: 0 });
      const push = service.received.find((candidate) => candidate.path === browser.path);
      expect(readVapidAuthorization(push?.headers.authorization as string).claims.sub).toBe(
        'mailto:noc@harbour.example',
      );
    } finally {
      await app.close();
    }
  });

  it("names the deployment's https help page, else a mailto address", () => {
    const config = readDefaultConfig();
    expect(pushSubject(config)).toBe('https://example.com/help');
    const noHelp = { ...config, theme: { ...config.theme, help_url: 'http://intranet/help' } };
    expect(pushSubject(noHelp)).toBe(FALLBACK_PUSH_SUBJECT);
    expect(FALLBACK_PUSH_SUBJECT).toMatch(/^mailto:[^@]+@(?!localhost)[a-z.]+$/);
  });
});
