// What the webhook tests share (docs/webhooks.md): a receiver on 127.0.0.1 that keeps what it gets, a test
// app with a cloud of two sites and its owner, the delivery job's dependencies, and small helpers.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Webhook } from '../../../core/api/webhooks.ts';
import { webhookDeliveries, webhooks } from '../../db/schema/webhooks.ts';
import { liveAlert } from '../../events/publish.ts';
import { mailSender } from '../../mail/send-mail.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import { addMember, createCloud, createSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { type SmtpStandIn, startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import type { DeliveryDeps } from './deliver.ts';
import { createWebhook } from './repository.ts';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
export const SECRET = 'receiver-secret-0123456789abcdef';
export const HOUR = 3600_000;

/** docs/webhooks.md#checking-a-delivery: the receiver's check, as the docs write it. */
export function verify(
  secret: string,
  headers: IncomingHttpHeaders,
  body: string,
  toleranceS = 300,
): boolean {
  const timestamp = String(headers['x-console-timestamp']);
  const signature = String(headers['x-console-signature']);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceS) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
  return (
    signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
  );
}

/** The test bed: fields are set in the file's beforeAll, emptied of webhooks before each test. */
export type WebhookBed = {
  t: TestApp;
  smtp: SmtpStandIn;
  /** The receiver's address: /ok answers 200, /flaky `flakyStatus`, /redirect a 302. */
  base: string;
  received: Received[];
  /** What the receiver answers on /flaky: a 500 until a test says otherwise. */
  flakyStatus: number;
  cloudId: number;
  otherCloudId: number;
  northId: number;
  southId: number;
  ownerEmail: string;
  ownerId: number;
  owner: Session;
  deps: DeliveryDeps;
};

/** Registers the file's hooks and answers the bed they fill. */
export function webhookBed(): WebhookBed {
  const bed = { received: [] as Received[], flakyStatus: 500 } as WebhookBed;
  let receiver: Server | undefined;
  beforeAll(async () => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '';
        bed.received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        if (path === '/redirect') {
          response.writeHead(302, { location: `${bed.base}/ok` }).end();
        } else if (path === '/flaky') {
          response.writeHead(bed.flakyStatus).end(bed.flakyStatus === 200 ? 'ok' : 'receiver broke');
        } else response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    receiver = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    bed.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    bed.smtp = await startSmtpStandIn();
    bed.t = await createTestApp();
    const { db } = bed.t.database;
    bed.cloudId = (await createCloud(db, { name: 'Hook Cloud' })).id;
    bed.otherCloudId = (await createCloud(db, { name: 'Other Cloud' })).id;
    bed.northId = (await createSite(db, bed.cloudId, { name: 'North' })).id;
    bed.southId = (await createSite(db, bed.cloudId, { name: 'South' })).id;
    const user = await createUser(db);
    bed.ownerEmail = user.email;
    bed.ownerId = user.id;
    await addMember(db, user.id, bed.cloudId, 'ROLE_OWNER');
    bed.owner = await login(bed.t.app, user.email, TEST_PASSWORD);
    bed.deps = {
      db,
      secrets: testSecrets,
      sendMail: mailSender({ smtpUrl: bed.smtp.url, mailFrom: 'Console <console@test.example>' }),
      // The receiver is on 127.0.0.1: these tests run as an operator with WEBHOOK_ALLOW_PRIVATE=1 would.
      allowPrivate: true,
      productName: 'Test Console',
      publicUrl: 'http://console.test.example',
      timeoutMs: 2000,
    };
  });
  afterAll(async () => {
    await bed.t?.close();
    await bed.smtp?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });
  beforeEach(async () => {
    bed.received.length = 0;
    bed.flakyStatus = 500;
    await bed.t.database.db.delete(webhooks);
  });
  return bed;
}

export const webhooksPath = (bed: WebhookBed, rest = '') => `/apiv2/cloud/${bed.cloudId}/webhooks${rest}`;

/** A webhook made as the repository makes it: the API refuses 127.0.0.1 without WEBHOOK_ALLOW_PRIVATE. */
export async function hook(
  bed: WebhookBed,
  url: string,
  fields: Partial<{
    events: Webhook['events'];
    site_ids: number[];
    alert_health_ids: Webhook['alert_health_ids'];
    format: Webhook['format'];
  }> = {},
) {
  return createWebhook(bed.t.database.db, testSecrets, { userId: bed.ownerId, ip: null }, bed.cloudId, {
    url,
    events: fields.events ?? ['alert.raised'],
    secret: SECRET,
    format: fields.format,
    site_ids: fields.site_ids,
    alert_health_ids: fields.alert_health_ids,
  });
}

export async function deliveriesOf(bed: WebhookBed, webhookId: number) {
  return bed.t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.id);
}

/** Send test, through the API. */
export async function sendTest(bed: WebhookBed, webhookId: number) {
  const response = await bed.t.app.inject({
    method: 'POST',
    url: webhooksPath(bed, `/${webhookId}/test`),
    headers: as(bed.owner),
  });
  expect(response.statusCode).toBe(202);
  return response.json() as { delivery_id: number; event_id: string };
}

/** An alert raised on device 7 of a site of the bed's cloud. */
export const alertOn = (
  bed: WebhookBed,
  siteId: number,
  health: 'HEALTH_CRITICAL' | 'HEALTH_WARNING',
  alertId = 1,
) =>
  liveAlert({
    cloud_id: bed.cloudId,
    site_id: siteId,
    alert_id: alertId,
    alert_type: 'DEV_UNREACHABLE',
    health_id: health,
    device_id: 7,
    snvr_device_id: null,
    change: 'raised',
  });
