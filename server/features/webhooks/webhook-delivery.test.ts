// @vitest-environment node
// Webhook deliveries (docs/webhooks.md#delivery) against a receiver on 127.0.0.1: the signature checked with
// the docs' recipe, a 500 retried with backoff, a day of failures turning the webhook off with a mail to the
// owner, the formats; events reaching the webhooks whose filters they pass, each event's body stored once
// (docs/webhooks.md#storage), and the log's 14 days.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { WebhookDeliveryPage } from '../../../core/api/webhooks.ts';
import { webhookDeliveries, webhookEvents, webhooks } from '../../db/schema/webhooks.ts';
import { liveDevice, publishLive } from '../../events/publish.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { as } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { deliverDue, dropExpiredDeliveries } from './deliver.ts';
import {
  alertOn,
  deliveriesOf,
  HOUR,
  hook,
  type Received,
  SECRET,
  sendTest,
  verify,
  webhookBed,
  webhooksPath,
} from './test-webhooks.ts';

const bed = webhookBed();

/** The stored bodies of these events, by id. */
async function bodiesOf(eventIds: string[]) {
  const rows = await bed.t.database.db
    .select()
    .from(webhookEvents)
    .where(inArray(webhookEvents.id, eventIds));
  return new Map(rows.map((row) => [row.id, row.payload as Record<string, unknown>]));
}

describe('delivery', () => {
  it('signs each delivery so the docs recipe verifies it, with the event id in a header and the body', async () => {
    const webhook = await hook(bed, `${bed.base}/ok`);
    const queued = await sendTest(bed, webhook.id);
    expect(await deliverDue(bed.deps)).toBe(1);
    expect(bed.received).toHaveLength(1);
    const [request] = bed.received as [Received];
    expect(verify(SECRET, request.headers, request.body)).toBe(true);
    expect(verify('another-secret-0123456789', request.headers, request.body)).toBe(false);
    expect(verify(SECRET, request.headers, request.body.replace('webhook.test', 'webhook.tost'))).toBe(false);
    expect(request.headers['x-console-event-id']).toBe(queued.event_id);
    expect(request.headers['x-console-delivery']).toBe(String(queued.delivery_id));
    expect(JSON.parse(request.body)).toMatchObject({
      id: queued.event_id,
      event: 'webhook.test',
      version: 1,
      cloud_id: bed.cloudId,
      data: { webhook_id: webhook.id },
    });
    const log = await bed.t.app.inject({
      method: 'GET',
      url: webhooksPath(bed, `/${webhook.id}/deliveries`),
      headers: as(bed.owner),
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
    const webhook = await hook(bed, `${bed.base}/flaky`);
    await sendTest(bed, webhook.id);
    const start = Date.now();
    await deliverDue(bed.deps, new Date(start));
    let [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({
      state: 'failed',
      attempts: 1,
      responseCode: 500,
      responseExcerpt: 'receiver broke',
    });
    expect(delivery?.nextAttemptAt?.getTime()).toBe(start + 30_000);
    expect(await deliverDue(bed.deps, new Date(start + 20_000))).toBe(0);
    await deliverDue(bed.deps, new Date(start + 30_000));
    [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({ state: 'failed', attempts: 2 });
    expect(delivery?.nextAttemptAt?.getTime()).toBe(start + 30_000 + 60_000);
    const [failing] = await bed.t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(failing?.failingSince?.getTime()).toBe(start);
    bed.flakyStatus = 200;
    await deliverDue(bed.deps, new Date(start + 90_000));
    [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({ state: 'delivered', attempts: 3, responseCode: 200 });
    expect(bed.received).toHaveLength(3);
    // Every attempt of one delivery carries the same event id.
    expect(new Set(bed.received.map((one) => one.headers['x-console-event-id'])).size).toBe(1);
    const [well] = await bed.t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(well?.failingSince).toBeNull();
  });

  it('gives up after 24 hours, turns off a webhook failing that long and mails the owner', async () => {
    const webhook = await hook(bed, `${bed.base}/flaky`);
    await sendTest(bed, webhook.id);
    const start = Date.now();
    await deliverDue(bed.deps, new Date(start));
    await deliverDue(bed.deps, new Date(start + 24 * HOUR + 60_000));
    const [delivery] = await deliveriesOf(bed, webhook.id);
    expect(delivery).toMatchObject({ state: 'given_up', attempts: 2, nextAttemptAt: null });
    const [off] = await bed.t.database.db.select().from(webhooks).where(eq(webhooks.id, webhook.id));
    expect(off).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const mail = bed.smtp.received.find((one) => one.to.includes(bed.ownerEmail));
    expect(mail?.subject).toContain('Hook Cloud');
    expect(mail?.text).toContain(`${bed.base}/flaky`);
    // A webhook turned off gets no new events.
    await bed.t.database.db.transaction((tx) =>
      publishLive(tx, [alertOn(bed, bed.northId, 'HEALTH_CRITICAL')]),
    );
    expect(await deliveriesOf(bed, webhook.id)).toHaveLength(1);
  });

  it('sends each format as its receiver expects', async () => {
    for (const format of ['slack', 'teams', 'chat'] as const) {
      const webhook = await hook(bed, `${bed.base}/ok`, { format });
      await sendTest(bed, webhook.id);
    }
    await deliverDue(bed.deps);
    const bodies = bed.received.map((one) => JSON.parse(one.body));
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

describe('events (docs/webhooks.md#events)', () => {
  it('reach the webhooks whose event, site and health filters they pass, in the transaction that makes them', async () => {
    const every = await hook(bed, `${bed.base}/ok`);
    const north = await hook(bed, `${bed.base}/ok`, { site_ids: [bed.northId] });
    const devices = await hook(bed, `${bed.base}/ok`, { events: ['device.status_changed'] });
    const warnings = await hook(bed, `${bed.base}/ok`, { alert_health_ids: ['HEALTH_WARNING'] });
    const { db } = bed.t.database;
    await db.transaction((tx) => publishLive(tx, [alertOn(bed, bed.southId, 'HEALTH_CRITICAL')]));
    await db.transaction((tx) =>
      publishLive(tx, [
        alertOn(bed, bed.northId, 'HEALTH_WARNING'),
        liveDevice({
          cloud_id: bed.cloudId,
          site_id: bed.northId,
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
        await publishLive(tx, [alertOn(bed, bed.northId, 'HEALTH_CRITICAL')]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const count = async (id: number) => (await deliveriesOf(bed, id)).map((one) => one.event);
    expect(await count(every.id)).toEqual(['alert.raised', 'alert.raised']);
    expect(await count(north.id)).toEqual(['alert.raised']);
    expect(await count(devices.id)).toEqual(['device.status_changed']);
    expect(await count(warnings.id)).toEqual(['alert.raised']);
    // One event, one id, whichever webhooks it reaches.
    const [northDelivery] = await deliveriesOf(bed, north.id);
    const [, everyNorth] = await deliveriesOf(bed, every.id);
    expect(everyNorth?.eventId).toBe(northDelivery?.eventId);
    const bodies = await bodiesOf([northDelivery?.eventId ?? '']);
    expect(bodies.get(northDelivery?.eventId ?? '')).toMatchObject({
      id: northDelivery?.eventId,
      event: 'alert.raised',
      version: 1,
      cloud_id: bed.cloudId,
      site_id: bed.northId,
      data: { alert_type: 'DEV_UNREACHABLE', health_id: 'HEALTH_WARNING', device_id: 7, change: 'raised' },
    });
    await deliverDue(bed.deps);
    expect(bed.received).toHaveLength(5);
  });
});

describe('events from the fleet', () => {
  it('queues device.adopted when a device is adopted, and device.status_changed when its first heartbeat puts it online', async () => {
    const fleet = await hook(bed, `${bed.base}/ok`, { events: ['device.adopted', 'device.status_changed'] });
    const device = await createDevice(bed.t.database.db, bed.cloudId, bed.northId, {
      fw: '7.2.0-3988',
      productBrandId: 13,
    });
    const credential = await adoptDevice(bed.t, { sn: device.sn, mac: device.mac, cloudId: bed.cloudId });
    const answer = await sendHeartbeat(bed.t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
    expect(answer.statusCode).toBe(200);
    const queued = await deliveriesOf(bed, fleet.id);
    expect(queued.map((one) => one.event)).toEqual(['device.adopted', 'device.status_changed']);
    const bodies = await bodiesOf(queued.map((one) => one.eventId));
    expect(bodies.get(queued[0]?.eventId ?? '')).toMatchObject({
      site_id: bed.northId,
      data: { device_id: device.id, mac: device.mac, fw: '7.2.0-3988' },
    });
    expect(bodies.get(queued[1]?.eventId ?? '')).toMatchObject({
      data: { device_id: device.id, status_id: 'STATUS_ONLINE' },
    });
  });
});

describe('storage (docs/webhooks.md#storage)', () => {
  it('stores an event once for every webhook it reaches, and nothing for an event no webhook wants', async () => {
    const json = await hook(bed, `${bed.base}/ok`);
    const chat = await hook(bed, `${bed.base}/ok`, { format: 'chat' });
    const plain = await hook(bed, `${bed.base}/ok`);
    const { db } = bed.t.database;
    const stored = async () => (await db.select().from(webhookEvents)).map((row) => row.id);
    const before = await stored();
    // Wanted by none: device events, and alerts of another cloud.
    await db.transaction((tx) =>
      publishLive(tx, [
        liveDevice({
          cloud_id: bed.cloudId,
          site_id: bed.northId,
          device_id: 7,
          snvr_device_id: null,
          status_id: 'STATUS_OFFLINE',
          health_id: 'HEALTH_CRITICAL',
        }),
        { ...alertOn(bed, bed.northId, 'HEALTH_CRITICAL'), cloudId: bed.otherCloudId },
      ]),
    );
    expect(await stored()).toEqual(before);
    await db.transaction((tx) => publishLive(tx, [alertOn(bed, bed.southId, 'HEALTH_CRITICAL', 41)]));
    const added = (await stored()).filter((id) => !before.includes(id));
    expect(added).toHaveLength(1);
    const [one] = await db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.id, added[0] ?? ''));
    const deliveries = [json, chat, plain].map((webhook) => deliveriesOf(bed, webhook.id));
    expect((await Promise.all(deliveries)).flat().map((delivery) => delivery.eventId)).toEqual([
      one?.id,
      one?.id,
      one?.id,
    ]);
    await deliverDue(bed.deps);
    // Both JSON webhooks got the same id and the same body; the chat one a message made from it.
    const got = bed.received.map((request) => ({
      id: request.headers['x-console-event-id'],
      body: request.body,
    }));
    expect(new Set(got.map((request) => request.id))).toEqual(new Set([one?.id]));
    const jsonBodies = got.map((request) => JSON.parse(request.body)).filter((body) => 'id' in body);
    expect(jsonBodies).toEqual([one?.payload, one?.payload]);
    expect(jsonBodies[0]).toMatchObject({ id: one?.id, site_id: bed.southId, data: { alert_id: 41 } });
  });

  it('drops the events no delivery names any more, as a deleted webhook leaves them', async () => {
    const kept = await hook(bed, `${bed.base}/ok`);
    const deleted = await hook(bed, `${bed.base}/ok`);
    const both = await sendTest(bed, kept.id);
    const orphan = await sendTest(bed, deleted.id);
    const { db } = bed.t.database;
    await db.delete(webhooks).where(eq(webhooks.id, deleted.id));
    await dropExpiredDeliveries(db, new Date());
    const left = await bodiesOf([both.event_id, orphan.event_id]);
    expect([...left.keys()]).toEqual([both.event_id]);
  });
});

describe('the delivery log', () => {
  it('keeps deliveries 14 days, with their events', async () => {
    const webhook = await hook(bed, `${bed.base}/ok`);
    const old = await sendTest(bed, webhook.id);
    const young = await sendTest(bed, webhook.id);
    // The first as if sent 15 days ago: its event and delivery were made then.
    const { db } = bed.t.database;
    const then = new Date(Date.now() - 15 * 24 * HOUR);
    await db.update(webhookEvents).set({ createdAt: then }).where(eq(webhookEvents.id, old.event_id));
    await db
      .update(webhookDeliveries)
      .set({ createdAt: then })
      .where(eq(webhookDeliveries.id, old.delivery_id));
    await dropExpiredDeliveries(db, new Date());
    const log = await bed.t.app.inject({
      method: 'GET',
      url: webhooksPath(bed, `/${webhook.id}/deliveries`),
      headers: as(bed.owner),
    });
    expect((log.json() as WebhookDeliveryPage).items.map((item) => item.id)).toEqual([young.delivery_id]);
    expect([...(await bodiesOf([old.event_id, young.event_id])).keys()]).toEqual([young.event_id]);
  });
});
