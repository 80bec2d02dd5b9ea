import { describe, expect, it } from 'vitest';
import type { StatusId } from '../domain.ts';
import { isBandChannel } from './channels.ts';
import { compareFirmware } from './firmware.ts';
import { deviceHealth, type HealthInput } from './health.ts';
import { heartbeatDeadlines, heartbeatWaitS, isOnline, sweptStatus } from './status.ts';

const AT = new Date('2026-11-24T12:00:00Z');
const after = (s: number) => new Date(AT.getTime() + s * 1000);

describe('status', () => {
  const deadlines = heartbeatDeadlines(AT, 60);

  it('stays online within an interval and a half, skips one heartbeat, then goes offline after the limit', () => {
    const table: [StatusId, number, StatusId][] = [
      ['STATUS_ONLINE', 89, 'STATUS_ONLINE'],
      ['STATUS_ONLINE', 91, 'STATUS_SKIPPED_HB'],
      ['STATUS_SKIPPED_HB', 209, 'STATUS_SKIPPED_HB'],
      ['STATUS_SKIPPED_HB', 211, 'STATUS_OFFLINE'],
      // A sweep that comes late moves an online device straight to offline.
      ['STATUS_ONLINE', 3600, 'STATUS_OFFLINE'],
      ['STATUS_OFFLINE', 10, 'STATUS_OFFLINE'],
    ];
    for (const [from, s, to] of table)
      expect(sweptStatus(from, deadlines, after(s)), `${from} +${s}s`).toBe(to);
  });

  it('takes a heartbeat half an interval after the last one, the first one, and the first after a restart', () => {
    const last = { at: AT, uptimeS: 5000 };
    const table: [string, { at: Date | null; uptimeS: number | null }, number, number, number][] = [
      ['first after adoption', { at: null, uptimeS: null }, 10, 0, 0],
      ['at the interval', last, 5060, 60, 0],
      ['at half the interval', last, 5030, 30, 0],
      ['sooner: waits the rest of the half', last, 5002, 2.5, 28],
      ['restarted since: uptime went back and is shorter than the gap', last, 3, 5, 0],
      ['uptime went back but longer than the gap: not a restart since', last, 400, 5, 25],
      ['uptime unknown', { at: AT, uptimeS: null }, 3, 5, 25],
    ];
    for (const [what, previous, uptimeS, s, wait] of table)
      expect(heartbeatWaitS(previous, uptimeS, new Date(AT.getTime() + s * 1000), 60), what).toBe(wait);
  });

  it('docs/entities.md: online is not blocked, not decommissioned and ONLINE or SKIPPED_HB', () => {
    const device = { blocked: false, decomm: false, statusId: 'STATUS_ONLINE' as StatusId };
    expect(isOnline(device)).toBe(true);
    expect(isOnline({ ...device, statusId: 'STATUS_SKIPPED_HB' })).toBe(true);
    expect(isOnline({ ...device, statusId: 'STATUS_OFFLINE' })).toBe(false);
    expect(isOnline({ ...device, blocked: true })).toBe(false);
    expect(isOnline({ ...device, decomm: true })).toBe(false);
  });
});

describe('health', () => {
  const input = (fields: Partial<HealthInput>): HealthInput => ({
    blocked: false,
    decomm: false,
    statusId: 'STATUS_ONLINE',
    reported: true,
    conditions: [],
    strained: false,
    ...fields,
  });
  it('follows status, open alerts and strain', () => {
    expect(deviceHealth(input({}))).toBe('HEALTH_NORMAL');
    expect(deviceHealth(input({ reported: false }))).toBe('HEALTH_UNKNOWN');
    expect(deviceHealth(input({ blocked: true, statusId: 'STATUS_OFFLINE' }))).toBe('HEALTH_UNKNOWN');
    expect(deviceHealth(input({ decomm: true }))).toBe('HEALTH_UNKNOWN');
    expect(deviceHealth(input({ statusId: 'STATUS_OFFLINE' }))).toBe('HEALTH_CRITICAL');
    expect(deviceHealth(input({ statusId: 'STATUS_SKIPPED_HB' }))).toBe('HEALTH_WARNING');
    expect(deviceHealth(input({ strained: true }))).toBe('HEALTH_WARNING');
    expect(deviceHealth(input({ conditions: ['TIME_UNSYNCED|'] }))).toBe('HEALTH_WARNING');
    expect(deviceHealth(input({ conditions: ['TIME_UNSYNCED|', 'LINK_60G_DOWN|02:00:00:00:00:01'] }))).toBe(
      'HEALTH_CRITICAL',
    );
  });
});

describe('bands, channels and firmware', () => {
  it('maps each band to its channels', () => {
    expect(isBandChannel('2.4', 11)).toBe(true);
    expect(isBandChannel('2.4', 36)).toBe(false);
    expect(isBandChannel('5', 149)).toBe(true);
    expect(isBandChannel('5', 38)).toBe(false);
    expect(isBandChannel('60', 2)).toBe(true);
    expect(isBandChannel('60', 7)).toBe(false);
  });
  it('orders firmware by version, then revision', () => {
    expect(compareFirmware('7.2.1-4012', '7.2.0-9999')).toBeGreaterThan(0);
    expect(compareFirmware('7.2.1-4012', '7.2.1-4013')).toBeLessThan(0);
    expect(compareFirmware('7.10.0-1', '7.9.0-1')).toBeGreaterThan(0);
    expect(compareFirmware('7.2.1-4012', '7.2.1-4012')).toBe(0);
    expect(compareFirmware('beta', '7.2.1-4012')).toBeNull();
  });
});
