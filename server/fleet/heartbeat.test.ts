// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { alertsOf, createAdoptedDevice, deviceRow, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /agent/v1/heartbeat', () => {
  it('sets the pace, marks the device online and healthy and stores what it reports', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    const response = await sendHeartbeat(t, credential, heartbeat(1, { ip: '10.9.9.9', hostname: 'ap-new' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ nextHeartbeatS: 60, commands: [] });
    expect(await deviceRow(t, device.id)).toMatchObject({
      status_id: 'STATUS_ONLINE',
      health_id: 'HEALTH_NORMAL',
      fw: '7.2.1-4012',
      ip: '10.9.9.9',
      hostname: 'ap-new',
    });
    const [agent] = await queryRows<{ seq: string; telemetry: { radios: unknown[] } }>(
      t.database.db,
      sql`SELECT seq, telemetry FROM device_agents WHERE device_id = ${device.id}`,
    );
    expect(Number(agent?.seq)).toBe(1);
    expect(agent?.telemetry.radios).toHaveLength(2);
  });

  it('raises FW_UPGRADED or FW_DOWNGRADED when the firmware changes, already resolved', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.1-4012' }));
    await sendHeartbeat(t, credential, heartbeat(2, { fw: '7.1.4-3920' }));
    await sendHeartbeat(t, credential, heartbeat(3, { fw: '7.1.4-3920' }));
    const alerts = await alertsOf(t, device.id);
    expect(alerts.map((a) => [a.alert_type, a.alert_data1, a.alert_data2, a.resolved])).toEqual([
      ['FW_UPGRADED', '7.2.0-3988', '7.2.1-4012', true],
      ['FW_DOWNGRADED', '7.2.1-4012', '7.1.4-3920', true],
    ]);
  });

  it('raises a condition alert once while it lasts, holds the health down and resolves it when it ends', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    const unsynced = { timeSync: { synced: false, offsetMs: 90_000 } };
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988', ...unsynced }));
    await sendHeartbeat(t, credential, heartbeat(2, { fw: '7.2.0-3988', ...unsynced }));
    expect((await deviceRow(t, device.id))?.health_id).toBe('HEALTH_WARNING');
    expect(await alertsOf(t, device.id)).toEqual([
      // The offset is kept in seconds, as its alert text reads it (core/alerts/alert-params.ts).
      expect.objectContaining({ alert_type: 'TIME_UNSYNCED', alert_data1: '90', resolved: false }),
    ]);
    await sendHeartbeat(t, credential, heartbeat(3, { fw: '7.2.0-3988' }));
    expect(await alertsOf(t, device.id)).toEqual([
      expect.objectContaining({ alert_type: 'TIME_UNSYNCED', resolved: true }),
    ]);
    expect((await deviceRow(t, device.id))?.health_id).toBe('HEALTH_NORMAL');
  });

  it('raises DEV_REBOOT when the uptime goes back, once per restart', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    await sendHeartbeat(t, credential, heartbeat(1, { fw: '7.2.0-3988', uptimeS: 5000 }));
    await sendHeartbeat(t, credential, heartbeat(2, { fw: '7.2.0-3988', uptimeS: 20 }));
    await sendHeartbeat(t, credential, heartbeat(3, { fw: '7.2.0-3988', uptimeS: 80 }));
    const alerts = await alertsOf(t, device.id);
    expect(alerts.map((a) => [a.alert_type, a.alert_data1, a.resolved])).toEqual([
      ['DEV_REBOOT', 'unexpected', true],
    ]);
  });

  it("keeps a former IP address and host name in the device's history", async () => {
    const { device, credential } = await createAdoptedDevice(t);
    await sendHeartbeat(t, credential, heartbeat(1, { ip: '10.1.1.1', hostname: 'ap-a' }));
    await sendHeartbeat(t, credential, heartbeat(2, { ip: '10.1.1.2', hostname: 'ap-a' }));
    const history = await queryRows<{ field: string; value: string }>(
      t.database.db,
      sql`SELECT field, value FROM object_history WHERE object_type = 'device' AND object_id = ${device.id} ORDER BY id`,
    );
    expect(history).toEqual([
      { field: 'ip', value: device.ip },
      { field: 'hostname', value: device.hostname },
      { field: 'ip', value: '10.1.1.1' },
    ]);
  });

  it('writes concurrent heartbeats of many devices in batches, each answered after its write', async () => {
    const devices = await Promise.all(Array.from({ length: 20 }, () => createAdoptedDevice(t)));
    const answers = await Promise.all(devices.map((d) => sendHeartbeat(t, d.credential, heartbeat(1))));
    expect(answers.map((a) => a.statusCode)).toEqual(devices.map(() => 200));
    const online = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM devices WHERE id = ANY(${`{${devices.map((d) => d.device.id).join(',')}}`}::int[])
        AND status_id = 'STATUS_ONLINE'`,
    );
    expect(online[0]?.n).toBe(20);
  });
});
