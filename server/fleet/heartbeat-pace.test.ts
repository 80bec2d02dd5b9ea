// @vitest-environment node
// A device that sends heartbeats faster than the console's pace is told to wait, and nothing of them is kept.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createAdoptedDevice, heartbeat, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { HEARTBEAT_PACE: '1' });
});
afterAll(() => t.close());

type AgentRow = { seq: string; version: number; telemetry: { uptimeS: number } | null; samples: number };

const agentOf = async (deviceId: number) =>
  (
    await queryRows<AgentRow>(
      t.database.db,
      sql`SELECT a.seq, a.version, a.telemetry,
        (SELECT count(*)::int FROM device_metrics m WHERE m.agent_id = a.id) AS samples
      FROM device_agents a WHERE a.device_id = ${deviceId}`,
    )
  )[0];

/** As if `seconds` had passed since the device's last heartbeat was taken. */
const later = (deviceId: number, seconds: number) =>
  t.database.db.execute(sql`
    UPDATE device_agents SET last_heartbeat_at = last_heartbeat_at - make_interval(secs => ${seconds})
    WHERE device_id = ${deviceId}`);

const client = {
  mac: '3a:00:00:00:00:01',
  ssid: 'Lobby',
  band: '5' as const,
  rssi: -50,
  rxBytes: 1,
  txBytes: 1,
};

describe('the heartbeat pace', () => {
  it('answers a heartbeat sent sooner than half an interval with 429, Retry-After and the pace, and keeps nothing of it', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    expect((await sendHeartbeat(t, credential, heartbeat(1))).statusCode).toBe(200);
    const before = await agentOf(device.id);

    const early = await sendHeartbeat(t, credential, heartbeat(2, { uptimeS: 2000, clients: [client] }));
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('30');
    expect(early.json()).toEqual({ message: expect.stringMatching(/every 60 s/), nextHeartbeatS: 60 });
    expect(await agentOf(device.id)).toEqual(before);
    const clients = await queryRows(
      t.database.db,
      sql`SELECT id FROM wireless_clients WHERE device_id = ${device.id}`,
    );
    expect(clients).toEqual([]);

    // 20 s later it still waits the rest of the half interval.
    await later(device.id, 20);
    const still = await sendHeartbeat(t, credential, heartbeat(2));
    expect(still.statusCode).toBe(429);
    expect(Number(still.headers['retry-after'])).toBe(10);
  });

  it('takes heartbeats sent at the interval, each one', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    for (let seq = 1; seq <= 4; seq += 1) {
      const answer = await sendHeartbeat(t, credential, heartbeat(seq));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().nextHeartbeatS).toBe(60);
      await later(device.id, 60);
    }
    expect(Number((await agentOf(device.id))?.seq)).toBe(4);
  });

  it('takes the first heartbeat after adoption and the first after the device restarted, at once', async () => {
    const { device, credential } = await createAdoptedDevice(t);
    expect((await sendHeartbeat(t, credential, heartbeat(1, { uptimeS: 5000 }))).statusCode).toBe(200);
    const restarted = await sendHeartbeat(t, credential, heartbeat(2, { uptimeS: 0 }));
    expect(restarted.statusCode).toBe(200);
    expect((await agentOf(device.id))?.telemetry?.uptimeS).toBe(0);
    // Its uptime now grows again: the next one keeps the pace.
    expect((await sendHeartbeat(t, credential, heartbeat(3, { uptimeS: 1 }))).statusCode).toBe(429);
  });

  it('paces each device on its own', async () => {
    const first = await createAdoptedDevice(t);
    const second = await createAdoptedDevice(t);
    expect((await sendHeartbeat(t, first.credential, heartbeat(1))).statusCode).toBe(200);
    expect((await sendHeartbeat(t, first.credential, heartbeat(2))).statusCode).toBe(429);
    expect((await sendHeartbeat(t, second.credential, heartbeat(1))).statusCode).toBe(200);
  });
});
