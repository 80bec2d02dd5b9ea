// @vitest-environment node
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import {
  alertsOf,
  createAdoptedDevice,
  deviceRow,
  event,
  heartbeat,
  sendEvents,
  sendHeartbeat,
} from './test-fleet.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /agent/v1/events', () => {
  it('stores the events before acknowledging them', async () => {
    const { device, credential } = await createAdoptedDevice(t, 1);
    const events = [
      event('channel_changed', { band: '5', from: 36, to: 149, reason: 'radar' }),
      event('config_failed', { error: 'vlan 4095 is reserved' }),
    ];
    const response = await sendEvents(t, credential, 2, events);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ stored: 2 });
    const stored = await queryRows<{ type: string; seq: string; data: object }>(
      t.database.db,
      sql`SELECT e.type, e.seq, e.data FROM device_events e JOIN device_agents a ON a.id = e.agent_id
        WHERE a.device_id = ${device.id} ORDER BY e.id`,
    );
    expect(stored.map((e) => [e.type, Number(e.seq), e.data])).toEqual([
      ['channel_changed', 2, { band: '5', from: 36, to: 149, reason: 'radar' }],
      ['config_failed', 2, { error: 'vlan 4095 is reserved' }],
    ]);
  });

  it('raises the alerts events stand for; a condition alert stays open until a heartbeat shows it ended', async () => {
    const { device, credential } = await createAdoptedDevice(t, 1);
    await sendEvents(t, credential, 2, [
      event('channel_changed', { band: '5', from: 36, to: 149, reason: 'radar' }),
      event('action_required', { reason: 'replace the power supply' }),
    ]);
    expect((await deviceRow(t, device.id))?.health_id).toBe('HEALTH_WARNING');
    // Sent again, an open condition raises nothing new.
    await sendEvents(t, credential, 3, [event('action_required', { reason: 'replace the power supply' })]);
    await sendHeartbeat(
      t,
      credential,
      heartbeat(4, { fw: '7.2.0-3988', actionRequired: 'replace the power supply' }),
    );
    let alerts = await alertsOf(t, device.id);
    expect(
      alerts.map((a) => [a.alert_type, a.alert_data1, a.alert_data2, a.alert_data3, a.resolved]),
    ).toEqual([
      // From, to and band, as the alert's definition orders them (core/alerts/alert-params.ts).
      ['CHANNEL_CHANGED', '36', '149', '5', true],
      ['DEV_REQ_ACTION', 'replace the power supply', null, null, false],
    ]);
    await sendHeartbeat(t, credential, heartbeat(5, { fw: '7.2.0-3988' }));
    alerts = await alertsOf(t, device.id);
    expect(alerts.map((a) => a.resolved)).toEqual([true, true]);
    expect((await deviceRow(t, device.id))?.health_id).toBe('HEALTH_NORMAL');
  });

  it('raises DEV_REBOOT once for a restart, whether the event or a heartbeat tells first', async () => {
    const { device, credential } = await createAdoptedDevice(t, 1);
    await sendEvents(t, credential, 2, [event('reboot', { reason: 'power', uptimeS: 12 })]);
    await sendHeartbeat(t, credential, heartbeat(3, { fw: '7.2.0-3988', uptimeS: 40 }));
    // The next restart comes ten minutes into this boot.
    await t.database.db.execute(sql`
      UPDATE device_agents SET state = jsonb_set(state, '{rebootRaisedAt}',
        to_jsonb(to_char((now() - interval '10 minutes') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')))
      WHERE device_id = ${device.id}`);
    await sendHeartbeat(t, credential, heartbeat(4, { fw: '7.2.0-3988', uptimeS: 10 }));
    await sendEvents(t, credential, 5, [event('reboot', { reason: 'watchdog', uptimeS: 15 })]);
    const alerts = await alertsOf(t, device.id);
    expect(alerts.map((a) => [a.alert_type, a.alert_data1])).toEqual([
      ['DEV_REBOOT', 'power'],
      ['DEV_REBOOT', 'unexpected'],
    ]);
  });

  it('compares a firmware change with the firmware the console knows, so the next heartbeat adds nothing', async () => {
    const { device, credential } = await createAdoptedDevice(t, 1);
    await sendEvents(t, credential, 2, [event('firmware_changed', { from: '7.2.0-3988', to: '7.2.1-4012' })]);
    await sendHeartbeat(t, credential, heartbeat(3, { fw: '7.2.1-4012' }));
    expect((await alertsOf(t, device.id)).map((a) => a.alert_type)).toEqual(['FW_UPGRADED']);
    expect((await deviceRow(t, device.id))?.fw).toBe('7.2.1-4012');
  });
});
