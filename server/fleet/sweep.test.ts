// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { sweepStatuses } from './sweep.ts';
import {
  adoptDevice,
  alertsOf,
  createFleetCloud,
  deviceRow,
  heartbeat,
  sendHeartbeat,
} from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const later = (seconds: number) => new Date(Date.now() + seconds * 1000);

describe('the status sweep', () => {
  it('marks a device that missed one heartbeat SKIPPED_HB, then OFFLINE with DEV_UNREACHABLE; a heartbeat ends it', async () => {
    const { device } = await createFleetCloud(t);
    const credential = await adoptDevice(t, device);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));

    expect(await sweepStatuses(t.database.db, later(80))).toEqual([]);
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_ONLINE',
      health_id: 'HEALTH_NORMAL',
    });

    await sweepStatuses(t.database.db, later(95));
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_SKIPPED_HB',
      health_id: 'HEALTH_WARNING',
    });

    const raised = await sweepStatuses(t.database.db, later(215));
    expect(raised).toEqual([expect.objectContaining({ alertType: 'DEV_UNREACHABLE', deviceId: device.id })]);
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_OFFLINE',
      health_id: 'HEALTH_CRITICAL',
    });
    // Raised once: a later sweep finds nothing to do.
    expect(await sweepStatuses(t.database.db, later(400))).toEqual([]);

    await sendHeartbeat(t, credential, heartbeat(2, { fw: '7.2.0-3988' }));
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_ONLINE',
      health_id: 'HEALTH_NORMAL',
    });
    const alerts = await alertsOf(t, device.id);
    expect(alerts.map((a) => [a.alert_type, a.health_id, a.resolved])).toEqual([
      ['DEV_UNREACHABLE', 'HEALTH_CRITICAL', true],
    ]);
  });

  it('leaves devices that never reported alone and keeps a blocked one UNKNOWN', async () => {
    const { device } = await createFleetCloud(t);
    const silent = await createFleetCloud(t);
    const credential = await adoptDevice(t, device);
    await adoptDevice(t, silent.device);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988' }));
    await t.database.db.execute(sql`UPDATE devices SET blocked = true WHERE id = ${device.id}`);
    await sweepStatuses(t.database.db, later(600));
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_OFFLINE',
      health_id: 'HEALTH_UNKNOWN',
    });
    expect(await deviceRow(t, silent.device.id)).toMatchObject({
      status_id: 'STATUS_OFFLINE',
      health_id: 'HEALTH_UNKNOWN',
    });
    expect(await alertsOf(t, silent.device.id)).toEqual([]);
  });
});
