// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offConventionNames } from '../../core/api/wire-names.ts';
import { adoptDevice, event, heartbeat, sendEvents, sendHeartbeat } from '../fleet/test-fleet.ts';
import { createTaskCloud, startTask } from '../fleet/test-tasks.ts';
import { createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  assignSite,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { openStream } from './test-stream.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const reboot = () => event('reboot', { reason: 'power', uptimeS: 5 });

describe('GET /apiv2/events', () => {
  it("streams the alerts, tasks and device changes of the user's clouds, and only those", async () => {
    const mine = await createTaskCloud(t, 1);
    const theirs = await createTaskCloud(t, 1);
    const [device] = mine.devices;
    const [other] = theirs.devices;
    if (!device || !other) throw new Error('no devices');
    const stream = await openStream(baseUrl, mine.session.cookie);
    expect(stream.status).toBe(200);

    // Another cloud's alert first: it must not reach this stream.
    await sendHeartbeat(t, other.credential, heartbeat(1, { fw: '7.2.0-3988' }));
    await sendEvents(t, other.credential, 2, [reboot()]);
    await sendHeartbeat(t, device.credential, heartbeat(1, { fw: '7.2.0-3988' }));
    const online = await stream.next();
    expect(online).toMatchObject({
      event: 'device',
      data: { cloud_id: mine.cloud.id, device_id: device.id, status_id: 'STATUS_ONLINE' },
    });
    await sendEvents(t, device.credential, 2, [reboot()]);
    const alert = await stream.until((e) => e.event === 'alert');
    expect(alert.data).toMatchObject({
      cloud_id: mine.cloud.id,
      device_id: device.id,
      alert_type: 'DEV_REBOOT',
      change: 'raised',
    });

    const taskId = await startTask(t, mine.session, mine.cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
    });
    const task = await stream.until((e) => e.event === 'task');
    expect(task.data).toMatchObject({
      task_id: taskId,
      task_state: 'TASK_WAIT_ACK',
      stateCounts: { TASK_WAIT_ACK: 1 },
    });
    stream.close();
    // Each payload speaks the API's one casing (docs/api-conventions.md, One casing).
    for (const payload of [online, alert, task]) {
      expect(offConventionNames(payload.data, 'GET /apiv2/events')).toEqual([]);
    }

    // A browser that reconnects with the last id it saw gets what it missed.
    const again = await openStream(baseUrl, mine.session.cookie, online.id);
    const missed = [await again.next(), await again.next()];
    expect(missed.map((e) => e.event)).toEqual(['alert', 'task']);
    expect(missed[0]?.id).toBe(alert.id);
    again.close();
  });

  it("gives a Site User only their sites' events", async () => {
    const { cloud, site, devices } = await createTaskCloud(t, 1);
    const db = t.database.db;
    const other = await createSite(db, cloud.id);
    const elsewhere = await createDevice(db, cloud.id, other.id, { fw: '7.2.0-3988', productBrandId: 13 });
    const elsewhereCredential = await adoptDevice(t, elsewhere);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_USER');
    await assignSite(db, user.id, cloud.id, site.id, ['read_site', 'read_device']);
    const stream = await openStream(baseUrl, (await login(t.app, user.email, TEST_PASSWORD)).cookie);
    await sendEvents(t, elsewhereCredential, 1, [reboot()]);
    await sendEvents(t, devices[0]?.credential ?? '', 1, [reboot()]);
    const first = await stream.next();
    expect(first.data).toMatchObject({ site_id: site.id, device_id: devices[0]?.id });
    stream.close();
  });

  it('answers 401 without a session', async () => {
    const response = await fetch(`${baseUrl}/apiv2/events`);
    expect(response.status).toBe(401);
  });
});
