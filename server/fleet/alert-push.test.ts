// @vitest-environment node
// Alerts the fleet raises reach the members with push alerts on, through the stand-in push service.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readConfig } from '../config.ts';
import { createContext } from '../context.ts';
import { alertMutes, alerts } from '../db/schema/activity.ts';
import { memberships } from '../db/schema/clouds.ts';
import { saveSubscription } from '../features/push/repository.ts';
import {
  type PushServiceStandIn,
  startPushService,
  subscribeBrowser,
} from '../features/push/test-push-service.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { addMember, createUser } from '../test/factories.ts';
import { createAlertPusher } from './alert-push.ts';
import type { NewAlert } from './new-alert.ts';
import { adoptDevice, createFleetCloud, event, heartbeat, sendEvents, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
let service: PushServiceStandIn;
beforeAll(async () => {
  t = await createTestApp({}, { PUSH_SERVICE_HOSTS: '127.0.0.1' });
  service = await startPushService();
});
afterAll(async () => {
  await service.close();
  await t.close();
});

describe('alerts raised by devices', () => {
  it('are pushed to members with push alerts on, once the alert is stored', async () => {
    const db = t.database.db;
    const { cloud, device } = await createFleetCloud(t);
    const watching = await createUser(db);
    const quiet = await createUser(db);
    await addMember(db, watching.id, cloud.id, 'ROLE_ADMIN');
    await addMember(db, quiet.id, cloud.id, 'ROLE_ADMIN');
    await db
      .update(memberships)
      .set({ pushAlerts: true })
      .where(and(eq(memberships.userId, watching.id), eq(memberships.cloudId, cloud.id)));
    const browsers = [subscribeBrowser(service, 'watching'), subscribeBrowser(service, 'quiet')];
    await saveSubscription(db, watching.id, browsers[0]?.subscription as never);
    await saveSubscription(db, quiet.id, browsers[1]?.subscription as never);

    const credential = await adoptDevice(t, device);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
    await sendEvents(t, credential, 2, [event('action_required', { reason: 'replace the fan' })]);
    await vi.waitFor(() => expect(service.received).toHaveLength(1));
    const push = service.received[0];
    expect(push?.path).toBe(browsers[0]?.path);
    expect(JSON.parse(browsers[0]?.decrypt(push?.body ?? Buffer.alloc(0)) ?? '{}')).toMatchObject({
      title: 'Action required',
    });
  });

  it('are kept but pushed to nobody within a maintenance window for their type', async () => {
    const db = t.database.db;
    const { cloud, device } = await createFleetCloud(t);
    const watching = await createUser(db);
    await addMember(db, watching.id, cloud.id, 'ROLE_ADMIN');
    await db
      .update(memberships)
      .set({ pushAlerts: true })
      .where(and(eq(memberships.userId, watching.id), eq(memberships.cloudId, cloud.id)));
    const browser = subscribeBrowser(service, 'maintenance');
    await saveSubscription(db, watching.id, browser.subscription as never);
    await db
      .insert(alertMutes)
      .values({ cloudId: cloud.id, alertType: 'DEV_REQ_ACTION', endsAt: new Date(Date.now() + 3_600_000) });
    const before = service.received.length;

    const credential = await adoptDevice(t, device);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
    await sendEvents(t, credential, 2, [
      event('action_required', { reason: 'replace the fan' }),
      event('reboot', { reason: 'power', uptimeS: 12 }),
    ]);
    await t.app.fleet.idle();
    const pushed = service.received.slice(before).filter((push) => push.path === browser.path);
    expect(pushed.map((push) => JSON.parse(browser.decrypt(push.body)).title)).toEqual(['Device rebooted']);
    const stored = await db
      .select({ type: alerts.alertType })
      .from(alerts)
      .where(eq(alerts.deviceId, device.id));
    expect(stored.map((row) => row.type).sort()).toEqual(['DEV_REBOOT', 'DEV_REQ_ACTION']);
  });
});

describe('a mass outage', () => {
  it("hands over more alerts than a call's arguments or a statement's parameters hold, and reads them", async () => {
    const { cloud } = await createFleetCloud(t);
    const logged: unknown[] = [];
    const log = {
      error: (details: object) => logged.push(details),
      warn: (details: object) => logged.push(details),
    };
    const pusher = createAlertPusher(createContext(t.database, readConfig({ DEMO: '0' }), 'test'), log);
    const alerts: NewAlert[] = Array.from({ length: 200_000 }, (_, n) => ({
      id: 1_000_000 + n,
      cloudId: cloud.id,
      siteId: null,
      deviceId: null,
      smartNvrId: null,
      alertType: 'DEV_UNREACHABLE',
    }));
    pusher.push(alerts);
    await pusher.idle();
    expect(logged).toEqual([]);
  });
});
