// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { createAdoptedDevice, deviceRow, event, heartbeat, sendEvents, sendHeartbeat } from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const agentOf = async (deviceId: number) =>
  (
    await queryRows<{ seq: string; version: number; last_heartbeat_at: Date }>(
      t.database.db,
      sql`SELECT seq, version, last_heartbeat_at FROM device_agents WHERE device_id = ${deviceId}`,
    )
  )[0];

describe('hostile input to the agent API changes nothing', () => {
  it('refuses a missing, malformed or wrong credential with 401', async () => {
    const { device, credential } = await createAdoptedDevice(t, 5);
    const before = await agentOf(device.id);
    const [id] = credential.split('.');
    for (const authorization of [
      undefined,
      'Basic abc',
      `Bearer ${id}.short`,
      `Bearer ${id}.${'A'.repeat(43)}`,
      `Bearer 999999.${'A'.repeat(43)}`,
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/agent/v1/heartbeat',
        headers: authorization ? { authorization } : {},
        payload: heartbeat(6),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.stringMatching(/credential/) });
    }
    expect(await agentOf(device.id)).toEqual(before);
  });

  it('refuses the credential of a device decommissioned, blocked or deleted since, at once', async () => {
    for (const change of [sql`decomm = true`, sql`blocked = true`, sql`deleted_at = now()`]) {
      const { device, credential } = await createAdoptedDevice(t, 5);
      await t.database.db.execute(sql`UPDATE devices SET ${change} WHERE id = ${device.id}`);
      expect((await sendHeartbeat(t, credential, heartbeat(6))).statusCode).toBe(401);
      expect(
        (await sendEvents(t, credential, 6, [event('action_required', { reason: 'x' })])).statusCode,
      ).toBe(401);
    }
  });

  it('refuses a replayed or out-of-order message with stale_sequence', async () => {
    const { device, credential } = await createAdoptedDevice(t, 5);
    const before = await agentOf(device.id);
    for (const seq of [5, 4]) {
      const replay = await sendHeartbeat(t, credential, heartbeat(seq, { timeSync: { synced: false } }));
      expect(replay.statusCode).toBe(400);
      expect(replay.json().errors).toEqual([
        expect.objectContaining({ errorCode: 'stale_sequence', path: '/seq' }),
      ]);
      const events = await sendEvents(t, credential, seq, [event('config_failed', { error: 'bad vlan' })]);
      expect(events.statusCode).toBe(400);
    }
    expect(await agentOf(device.id)).toEqual(before);
    expect((await deviceRow(t, device.id))?.health_id).toBe('HEALTH_NORMAL');
    const stored = await queryRows(t.database.db, sql`SELECT id FROM alerts WHERE device_id = ${device.id}`);
    expect(stored).toEqual([]);
  });

  it('refuses malformed bodies with the 400 list', async () => {
    const { device, credential } = await createAdoptedDevice(t, 5);
    const before = await agentOf(device.id);
    const cases: [unknown, string][] = [
      [{ ...heartbeat(6), system: { cpuPct: 250, memPct: 10 } }, '/system/cpuPct'],
      [{ ...heartbeat(6), fw: '<script>' }, '/fw'],
      [{ ...heartbeat(6), seq: -1 }, '/seq'],
      [
        heartbeat(6, {
          radios: [{ band: '5', channel: 6, widthMhz: 20, txPowerDbm: 1, noiseDbm: -90, utilPct: 1 }],
        }),
        '/radios/0/channel',
      ],
    ];
    for (const [body, path] of cases) {
      const response = await sendHeartbeat(t, credential, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.map((e: { path: string }) => e.path)).toContain(path);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/agent/v1/heartbeat',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      payload: '{"seq": 6,',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().errors[0].errorCode).toBe('invalid_json');
    const badEvent = await sendEvents(t, credential, 6, [{ type: 'meltdown', at: 'now', data: {} } as never]);
    expect(badEvent.statusCode).toBe(400);
    expect(await agentOf(device.id)).toEqual(before);
  });

  it('refuses an oversized body before reading it', async () => {
    const { device, credential } = await createAdoptedDevice(t, 5);
    const before = await agentOf(device.id);
    const response = await sendHeartbeat(t, credential, { ...heartbeat(6), padding: 'x'.repeat(300 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/i);
    expect(await agentOf(device.id)).toEqual(before);
  });
});
