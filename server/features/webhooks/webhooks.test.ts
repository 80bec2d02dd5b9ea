// @vitest-environment node
// Webhooks (docs/webhooks.md) against a receiver on 127.0.0.1: the calls and their bad input, the signature
// checked with the docs' recipe, a 500 retried with backoff, a day of failures turning the webhook off with
// a mail to the owner, private addresses refused when saved and when sent, a redirect not followed, events
// reaching the webhooks whose event, site and health filters they pass, and the log's 14 days.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Webhook, WebhookDeliveryPage, WebhookPage } from '../../../core/api/webhooks.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';
import { liveAlert, liveDevice, publishLive } from '../../events/publish.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { mailSender } from '../../mail/send-mail.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { isPrivateAddress, receiverAddress } from './address.ts';
import { type DeliveryDeps, deliverDue, dropExpiredDeliveries } from './deliver.ts';
import { createWebhook } from './repository.ts';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

let t: TestApp;
let smtp: SmtpStandIn;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** What the receiver answers on /flaky: a 500 until it is told otherwise. */
let flakyStatus = 500;
let cloudId: number;
let otherCloudId: number;
let northId: number;
let southId: number;
let ownerEmail: string;
let ownerId: number;
let owner: Session;
let deps: DeliveryDeps;
const SECRET = 'receiver-secret-0123456789abcdef';
const HOUR = 3600_000;

/** docs/webhooks.md#checking-a-delivery: the receiver's check, as the docs write it. */
function verify(secret: string, headers: IncomingHttpHeaders, body: string, toleranceS = 300): boolean {
  const timestamp = String(headers['x-console-timestamp']);
  const signature = String(headers['x-console-signature']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceS) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return (
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (path === '/redirect') {
        response.writeHead(302, { location: `${base}/ok` }).end();
      } else if (path === '/flaky') {
        response.writeHead(flakyStatus).end(flakyStatus === 200 ? 'ok' : 'receiver broke');
      } else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  smtp = await startSmtpStandIn();
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db, { name: 'Hook Cloud' })).id;
  otherCloudId = (await createCloud(db, { name: 'Other Cloud' })).id;
  northId = (await createSite(db, cloudId, { name: 'North' })).id;
  southId = (await createSite(db, cloudId, { name: 'South' })).id;
  const user = await createUser(db);
  ownerEmail = user.email;
  ownerId = user.id;
  await addMember(db, user.id, cloudId, 'ROLE_OWNER');
  owner = await login(t.app, user.email, TEST_PASSWORD);
  deps = {
    db,
    secrets: testSecrets,
    sendMail: mailSender({ smtpUrl: smtp.url, mailFrom: 'Console <console@test.example>' }),
    // The receiver is on 127.0.0.1: these tests run as an operator with WEBHOOK_ALLOW_PRIVATE=1 would.
    allowPrivate: true,
    productName: 'Test Console',
    publicUrl: 'http://console.test.example',
    timeoutMs: 2000,
  };
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

beforeEach(async () => {
  received.length = 0;
  flakyStatus = 500;
  await t.database.db.delete(webhooks);
});

const path = (rest = '') => `/apiv2/cloud/${cloudId}/webhooks${rest}`;

/** A webhook made as the repository makes it: the API refuses 127.0.0.1 without WEBHOOK_ALLOW_PRIVATE. */
async function hook(
  url: string,
  fields: Partial<{
    events: Webhook['events'];
    site_ids: number[];
    alert_health_ids: Webhook['alert_health_ids'];
    format: Webhook['format'];
  }> = {},
) {
  return createWebhook(t.database.db, testSecrets, { userId: ownerId, ip: null }, cloudId, {
    url,
    events: fields.events ?? ['alert.raised'],
    secret: SECRET,
    format: fields.format,
    site_ids: fields.site_ids,
    alert_health_ids: fields.alert_health_ids,
  });
}

async function deliveriesOf(webhookId: number) {
  return t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);
}

async function sendTest(webhookId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: path(`/${webhookId}/test`),
    headers: as(owner),
  });
  expect(response.statusCode).toBe(202);
  return response.json() as { delivery_id: number; event_id: string };
}

describe('the calls', () => {
  it('adds a webhook, never answers its secret, and logs the change without it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: path(),
      headers: as(owner),
      payload: {
        url: 'https://203.0.113.10/hooks',
        events: ['alert.raised', 'task.failed'],
        secret: SECRET,
        format: 'slack',
        site_ids: [northId],
      },
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json() as Webhook;
    expect(webhook).toMatchObject({ format: 'slack', site_ids: [northId], enabled: true, secret_set: true });
    expect(created.body).not.toContain(SECRET);
    const list = await t.app.inject({ method: 'GET', url: path(), headers: as(owner) });
    expect((list.json() as WebhookPage).items.map((item) => item.id)).toEqual([webhook.id]);
    expect(list.body).not.toContain(SECRET);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: path(`/${webhook.id}`),
      headers: as(owner),
      payload: { secret: 'another-secret-0123456789', enabled: false },
    });
    expect(changed.json()).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const records = await t.database.db
      .select()
      .from(auditRecords)
      .where(eq(auditRecords.objectType, 'webhook'));
    expect(records.map((record) => record.action)).toEqual(['created', 'changed']);
    expect(JSON.stringify(records)).not.toContain('secret-0123456789');
    expect(records[1]?.after).toMatchObject({ secret_changed: true, enabled: false });
    const deleted = await t.app.inject({ method: 'DELETE', url: path(`/${webhook.id}`), headers: as(owner) });
    expect(deleted.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: path(`/${webhook.id}/test`),
      headers: as(owner),
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers bad input with a 400 and keeps nothing', async () => {
    const good = { url: 'https://203.0.113.10/hooks', events: ['alert.raised'], secret: SECRET };
    for (const payload of [
      { ...good, extra: 1 },
      { ...good, events: [] },
      { ...good, events: ['alert.exploded'] },
      { ...good, secret: 'short' },
      { ...good, url: 'ftp://203.0.113.10/' },
      { ...good, format: 'xml' },
      { ...good, site_ids: [northId + 1000] },
      { url: good.url, events: good.events },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: path(), headers: as(owner), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Another cloud's site is not one of this cloud's.
    const foreign = await createSite(t.database.db, otherCloudId, { name: 'Elsewhere' });
    const response = await t.app.inject({
      method: 'POST',
      url: path(),
      headers: as(owner),
      payload: { ...good, site_ids: [foreign.id] },
    });
    expect(response.json().errors[0]).toMatchObject({ path: '/site_ids', errorCode: 'unknown_site' });
    expect(await t.database.db.select().from(webhooks)).toEqual([]);
  });
});

describe('receivers on private addresses (docs/webhooks.md#receivers)', () => {
  it('refuses them when the webhook is saved: literal addresses and a name that resolves to loopback', async () => {
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://10.1.2.3/hook',
      'http://192.168.1.1/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'http://[fd00::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://0.0.0.0/hook',
      'http://localhost:8080/hook',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: path(),
        headers: as(owner),
        payload: { url, events: ['alert.raised'], secret: SECRET },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().errors[0], url).toMatchObject({ path: '/url', errorCode: 'private_address' });
    }
  });

  it('judges addresses as the rule says', async () => {
    expect(['203.0.113.10', '8.8.8.8', '2001:db8::1'].map(isPrivateAddress)).toEqual([false, false, false]);
    expect(['172.16.0.1', '100.64.0.1', 'fe80::1', 'ff02::1', '::'].map(isPrivateAddress)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(await receiverAddress('http://localhost/', true)).toMatchObject({ address: expect.any(String) });
  });

  it('refuses them again when sending, so a webhook saved before cannot reach them', async () => {
    const webhook = await hook(`${base}/ok`);
    await sendTest(webhook.id);
    await deliverDue({ ...deps, allowPrivate: false });
    expect(received).toEqual([]);
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 1, responseCode: null });
    expect(delivery?.responseExcerpt).toMatch(/private/);
  });

  it('does not follow a redirect', async () => {
    const webhook = await hook(`${base}/redirect`);
    await sendTest(webhook.id);
    await deliverDue(deps);
    expect(received.map((one) => one.path)).toEqual(['/redirect']);
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', responseCode: 302 });
    expect(delivery?.responseExcerpt).toMatch(/not followed/);
  });
});

describe('delivery', () => {
  it('signs each delivery so the docs recipe verifies it, with the event id in a header and the body', async () => {
    const webhook = await hook(`${base}/ok`);
    const queued = await sendTest(webhook.id);
    expect(await deliverDue(deps)).toBe(1);
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    expect(verify(SECRET, request.headers, request.body)).toBe(true);
    expect(verify('another-secret-0123456789', request.headers, request.body)).toBe(false);
    expect(verify(SECRET, request.headers, request.body.replace('webhook.test', 'webhook.tost'))).toBe(false);
    expect(request.headers['x-console-event-id']).toBe(queued.event_id);
    expect(request.headers['x-console-delivery']).toBe(String(queued.delivery_id));
    expect(JSON.parse(request.body)).toMatchObject({
      id: queued.event_id,
      event: 'webhook.test',
      version: 1,
      cloud_id: cloudId,
      data: { webhook_id: webhook.id },
    });
    const log = await t.app.inject({
      method: 'GET',
      url: path(`/${webhook.id}/deliveries`),
      headers: as(owner),
    });
    expect((log.json() as WebhookDeliveryPage).items).toMatchObject([
      {
        id: queued.delivery_id,
        event: 'webhook.test',
        state: 'delivered',
        response_code: 200,
        response_excerpt: 'ok',
      },
    ]);
  });

  it('retries a 500 with a growing wait until the receiver answers', async () => {
    const webhook = await hook(`${base}/flaky`);
    await sendTest(webhook.id);
    const start = Date.now();
    await deliverDue(deps, new Date(start));
    let [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 1,
      responseCode: 500,
      responseExcerpt: 'receiver broke',
    });
    expect(delivery?.nextAttemptAt?.getTime()).toBe(start + 30_000);
    expect(await deliverDue(deps, new Date(start + 20_000))).toBe(0);
    await deliverDue(deps, new Date(start + 30_000));
    [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 2 });
    expect(delivery?.nextAttemptAt?.getTime()).toBe(start + 30_000 + 60_000);
    const [failing] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(failing?.failingSince?.getTime()).toBe(start);
    flakyStatus = 200;
    await deliverDue(deps, new Date(start + 90_000));
    [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, responseCode: 200 });
    expect(received).toHaveLength(3);
    // Every attempt of one delivery carries the same event id.
    expect(new Set(received.map((one) => one.headers['x-console-event-id'])).size).toBe(1);
    const [well] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(well?.failingSince).toBeNull();
  });

  it('gives up after 24 hours, turns off a webhook failing that long and mails the owner', async () => {
    const webhook = await hook(`${base}/flaky`);
    await sendTest(webhook.id);
    const start = Date.now();
    await deliverDue(deps, new Date(start));
    await deliverDue(deps, new Date(start + 24 * HOUR + 60_000));
    const [delivery] = await deliveriesOf(webhook.id);
    expect(delivery).toMatchObject({ state: 'given_up', attempts: 2, nextAttemptAt: null });
    const [off] = await t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = smtp.received.find((one) => one.to.includes(ownerEmail));
    expect(mail?.subject).toContain('Hook Cloud');
    expect(mail?.text).toContain(`${base}/flaky`);
    // A webhook turned off gets no new events.
    await t.database.db.transaction((tx) => publishLive(tx, [alert(northId, 'HEALTH_CRITICAL')]));
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });

  it('sends each format as its receiver expects', async () => {
    for (const format of ['slack', 'teams', 'chat'] as const) {
      const webhook = await hook(`${base}/ok`, { format });
      await sendTest(webhook.id);
    }
    await deliverDue(deps);
    const bodies = received.map((one) => JSON.parse(one.body));
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toMatchObject({
      text: expect.stringContaining('Test delivery'),
      blocks: expect.any(Array),
    });
    expect(bodies[1]).toMatchObject({
      '@type': 'MessageCard',
      title: expect.stringContaining('Test delivery'),
    });
    expect(bodies[2]).toEqual({ text: expect.stringContaining('Test delivery') });
  });
});

const alert = (siteId: number, health: 'HEALTH_CRITICAL' | 'HEALTH_WARNING') =>
  liveAlert({
    cloud_id: cloudId,
    site_id: siteId,
    alert_id: 1,
    alert_type: 'DEV_UNREACHABLE',
    health_id: health,
    device_id: 7,
    snvr_device_id: null,
    change: 'raised',
  });

describe('events (docs/webhooks.md#events)', () => {
  it('reach the webhooks whose event, site and health filters they pass, in the transaction that makes them', async () => {
    const every = await hook(`${base}/ok`);
    const north = await hook(`${base}/ok`, { site_ids: [northId] });
    const devices = await hook(`${base}/ok`, { events: ['device.status_changed'] });
    const warnings = await hook(`${base}/ok`, { alert_health_ids: ['HEALTH_WARNING'] });
    const { db } = t.database;
    await db.transaction((tx) => publishLive(tx, [alert(southId, 'HEALTH_CRITICAL')]));
    await db.transaction((tx) =>
      publishLive(tx, [
        alert(northId, 'HEALTH_WARNING'),
        liveDevice({
          cloud_id: cloudId,
          site_id: northId,
          device_id: 7,
          snvr_device_id: null,
          status_id: 'STATUS_OFFLINE',
          health_id: 'HEALTH_CRITICAL',
        }),
      ]),
    );
    // A change that rolls back sends nothing.
    await db
      .transaction(async (tx) => {
        await publishLive(tx, [alert(northId, 'HEALTH_CRITICAL')]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const count = async (id: number) => (await deliveriesOf(id)).map((one) => one.event);
    expect(await count(every.id)).toEqual(['alert.raised', 'alert.raised']);
    expect(await count(north.id)).toEqual(['alert.raised']);
    expect(await count(devices.id)).toEqual(['device.status_changed']);
    expect(await count(warnings.id)).toEqual(['alert.raised']);
    // One event, one id, whichever webhooks it reaches.
    const [northDelivery] = await deliveriesOf(north.id);
    const [, everyNorth] = await deliveriesOf(every.id);
    expect(everyNorth?.eventId).toBe(northDelivery?.eventId);
    expect(northDelivery?.payload).toMatchObject({
      event: 'alert.raised',
      version: 1,
      cloud_id: cloudId,
      site_id: northId,
      data: { alert_type: 'DEV_UNREACHABLE', health_id: 'HEALTH_WARNING', device_id: 7, change: 'raised' },
    });
    await deliverDue(deps);
    expect(received).toHaveLength(5);
  });
});

describe('events from the fleet', () => {
  it('queues device.adopted when a device is adopted, and device.status_changed when its first heartbeat puts it online', async () => {
    const fleet = await hook(`${base}/ok`, { events: ['device.adopted', 'device.status_changed'] });
    const device = await createDevice(t.database.db, cloudId, northId, {
      fw: '7.2.0-3988',
      productBrandId: 13,
    });
    const credential = await adoptDevice(t, { sn: device.sn, mac: device.mac, cloudId });
    const answer = await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
    expect(answer.statusCode).toBe(200);
    const queued = await deliveriesOf(fleet.id);
    expect(queued.map((one) => one.event)).toEqual(['device.adopted', 'device.status_changed']);
    expect(queued[0]?.payload).toMatchObject({
      site_id: northId,
      data: { device_id: device.id, mac: device.mac, fw: '7.2.0-3988' },
    });
    expect(queued[1]?.payload).toMatchObject({ data: { device_id: device.id, status_id: 'STATUS_ONLINE' } });
  });
});

describe('the delivery log', () => {
  it('keeps deliveries 14 days', async () => {
    const webhook = await hook(`${base}/ok`);
    await sendTest(webhook.id);
    await sendTest(webhook.id);
    const [old] = await deliveriesOf(webhook.id);
    await t.database.db
      .update(webhookDeliveries)
      .set({ createdAt: new Date(Date.now() - 15 * 24 * HOUR) })
      .where(eq(webhookDeliveries.id, old?.id ?? 0));
    await dropExpiredDeliveries(t.database.db, new Date());
    expect((await deliveriesOf(webhook.id)).map((one) => one.id)).not.toContain(old?.id);
    expect(await deliveriesOf(webhook.id)).toHaveLength(1);
  });
});
