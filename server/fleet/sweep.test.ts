// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { fleetJobs } from './jobs.ts';
import type { NewAlert } from './new-alert.ts';
import { sweepStatuses } from './sweep.ts';
import {
  adoptDevice,
  alertsOf,
  createAdoptedDevice,
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

describe('the status sweep at a mass outage', () => {
  it('moves more due devices than one chunk holds, chunk by chunk, and raises each alert once', async () => {
    const fleet = await Promise.all(Array.from({ length: 7 }, () => createAdoptedDevice(t, 1)));
    const ids = fleet.map(({ device }) => device.id);
    const statuses = async () =>
      (await Promise.all(ids.map((id) => deviceRow(t, id)))).map((row) => row?.status_id);

    await sweepStatuses(t.database.db, later(95), { chunk: 2, concurrency: 2 });
    expect(await statuses()).toEqual(ids.map(() => 'STATUS_SKIPPED_HB'));

    const handed: NewAlert[][] = [];
    const raised = await sweepStatuses(t.database.db, later(215), {
      chunk: 2,
      concurrency: 2,
      onAlerts: (alerts) => handed.push(alerts),
    });
    expect(await statuses()).toEqual(ids.map(() => 'STATUS_OFFLINE'));
    const ours = raised.filter((alert) => ids.includes(alert.deviceId ?? 0));
    expect(ours.map((alert) => [alert.alertType, alert.deviceId]).sort()).toEqual(
      ids.map((id) => ['DEV_UNREACHABLE', id]).sort(),
    );
    // Each chunk's alerts were handed over once it committed, no more than a chunk at a time.
    expect(handed.flat().sort((a, b) => a.id - b.id)).toEqual([...raised].sort((a, b) => a.id - b.id));
    expect(Math.max(...handed.map((alerts) => alerts.length))).toBeLessThanOrEqual(2);
    expect(await sweepStatuses(t.database.db, later(400), { chunk: 2 })).toEqual([]);
    for (const id of ids)
      expect((await alertsOf(t, id)).map((a) => a.alert_type)).toEqual(['DEV_UNREACHABLE']);
  });

  it('judges nobody until an interval and a half after the console started', async () => {
    const { device } = await createAdoptedDevice(t, 1);
    const startedAt = later(3600);
    const [sweep] = fleetJobs(t.database.db, { notify: () => {} }, 60, { startedAt });
    if (sweep?.name !== 'fleet-status-sweep') throw new Error('no status sweep');
    await sweep.run(new Date(startedAt.getTime() + 80_000));
    expect((await deviceRow(t, device.id))?.status_id).toBe('STATUS_ONLINE');
    await sweep.run(new Date(startedAt.getTime() + 95_000));
    expect((await deviceRow(t, device.id))?.status_id).toBe('STATUS_OFFLINE');
  });
});
