import { describe, expect, it } from 'vitest';
import type { AlertType } from '../domain.ts';
import { INITIAL_AGENT_STATE } from './agent-state.ts';
import { EVENT_ALERTS } from './alert-rules.ts';
import type { AgentEvent, HeartbeatRequest } from './protocol.ts';
import { applyEvents, applyHeartbeat, type DeviceBefore, type Outcome } from './rules.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const seconds = (s: number) => new Date(NOW.getTime() + s * 1000);

const deviceBefore = (fields: Partial<DeviceBefore> = {}): DeviceBefore => ({
  state: INITIAL_AGENT_STATE,
  statusId: 'STATUS_ONLINE',
  reported: true,
  blocked: false,
  decomm: false,
  fw: '3.4.0-1822',
  mgmtdVersion: '2.4.1',
  ip: '10.0.0.2',
  hostname: 'pmp-01',
  ...fields,
});

const report = (fields: Partial<HeartbeatRequest> = {}): HeartbeatRequest => ({
  seq: 1,
  uptimeS: 1000,
  fw: '3.4.0-1822',
  mgmtdVersion: '2.4.1',
  ip: '10.0.0.2',
  hostname: 'pmp-01',
  system: { cpuPct: 20, memPct: 30, tempC: 50 },
  timeSync: { synced: true },
  config: { applied: true, unsyncedFiles: [] },
  actionRequired: null,
  ...fields,
});

/** Applies heartbeats one after the other, as the server does, and returns each outcome. */
function run(reports: HeartbeatRequest[], start = deviceBefore()): Outcome[] {
  let device = start;
  return reports.map((next, index) => {
    const outcome = applyHeartbeat(device, next, seconds(index * 60));
    device = { ...device, state: outcome.state, statusId: outcome.statusId, ...outcome.changed };
    return outcome;
  });
}

const mac = '02:00:00:00:00:0a';
// Every condition a heartbeat reports: the report that shows it and the alert it raises.
const CONDITIONS: [AlertType, Partial<HeartbeatRequest>, string, (string | null)[]][] = [
  ['TIME_UNSYNCED', { timeSync: { synced: false, offsetMs: -4000 } }, '', ['4', null, null]],
  [
    'POWER_CONSUMPTION',
    { system: { cpuPct: 1, memPct: 1, powerW: 371.25, powerBudgetW: 370 } },
    '',
    ['371.3', '370', null],
  ],
  [
    'DEV_CONFIG_FAILED',
    { config: { applied: false, error: 'bad vlan', unsyncedFiles: [] } },
    '',
    ['bad vlan', null, null],
  ],
  [
    'UCI_FILE_SYNC',
    { config: { applied: true, unsyncedFiles: ['network', 'wireless'] } },
    '',
    ['network, wireless', null, null],
  ],
  ['DEV_REQ_ACTION', { actionRequired: 'accept the license' }, '', ['accept the license', null, null]],
  [
    'LINK_60G_DOWN',
    { links: [{ peerMac: mac.toUpperCase(), band: '60', up: false }] },
    mac,
    [mac, null, null],
  ],
  [
    'STREAM_FAILED',
    { cameras: [{ id: 'cam-3', name: 'Dock', stream: 'failed', bitrateKbps: 0 }] },
    'cam-3',
    ['Dock', null, null],
  ],
  [
    'MEDIA_SYNC_FAILURE',
    { mediaSync: { ok: false, lagS: 600, error: 'disk full' } },
    '',
    ['disk full', null, null],
  ],
  [
    'DEV_MANAGE_DEVICE_UNREACHABLE',
    { managedDevices: [{ mac, name: 'Cam switch', reachable: false }] },
    mac,
    ['Cam switch', mac, null],
  ],
];

describe('condition alerts from heartbeats', () => {
  for (const [type, shows, key, data] of CONDITIONS) {
    it(`${type}: raised once while the condition lasts, resolved when it ends`, () => {
      const [first, second, third] = run([report(shows), report(shows), report()]);
      expect(first?.raise).toEqual([{ type, key, data }]);
      expect(first?.health).not.toBe('HEALTH_NORMAL');
      expect(second?.raise).toEqual([]);
      expect(second?.resolve).toEqual([]);
      expect(third?.resolve).toEqual([{ type, key }]);
      expect(third?.health).toBe('HEALTH_NORMAL');
    });
  }

  it("a media sync failure that is one camera's is keyed by that camera and names it", () => {
    const cameras = [{ id: 'cam-3', name: 'Dock', stream: 'streaming' as const, bitrateKbps: 2000 }];
    const [outcome] = run([
      report({ cameras, mediaSync: { ok: false, lagS: 600, error: 'disk full', cameraId: 'cam-3' } }),
    ]);
    expect(outcome?.raise).toEqual([
      { type: 'MEDIA_SYNC_FAILURE', key: 'cam-3', data: ['disk full', 'Dock', null] },
    ]);
  });

  it('a 60 GHz link that is up, or a link of another band that is down, raises nothing', () => {
    const [outcome] = run([
      report({
        links: [
          { peerMac: mac, band: '60', up: true },
          { peerMac: mac, band: '5', up: false },
        ],
      }),
    ]);
    expect(outcome?.raise).toEqual([]);
  });
});

describe('event alerts', () => {
  const events = (list: AgentEvent[], device = deviceBefore()) => applyEvents(device, list, NOW);
  const at = NOW.toISOString();

  it('CHANNEL_CHANGED and BOOTBANK_REVERT are stored resolved and leave health alone', () => {
    const outcome = events([
      { type: 'channel_changed', at, data: { band: '5', from: 36, to: 100, reason: 'dfs' } },
      { type: 'bootbank_revert', at, data: { failed: '3.5.0-1900', running: '3.4.0-1822' } },
    ]);
    expect(outcome.raise).toEqual([
      { type: 'CHANNEL_CHANGED', key: '5', data: ['36', '100', '5'] },
      { type: 'BOOTBANK_REVERT', key: '', data: ['3.5.0-1900', '3.4.0-1822', null] },
    ]);
    expect(outcome.raise.every((alert) => EVENT_ALERTS.has(alert.type))).toBe(true);
    expect(outcome.state.conditions).toEqual([]);
    expect(outcome.health).toBe('HEALTH_NORMAL');
  });

  it('condition events open the condition once; the next heartbeat without it resolves it', () => {
    const list: AgentEvent[] = [
      { type: 'link_60g_down', at, data: { peerMac: mac } },
      { type: 'link_60g_down', at, data: { peerMac: mac } },
      { type: 'stream_failed', at, data: { cameraId: 'c1', cameraName: 'Gate', error: 'timeout' } },
      { type: 'media_sync_failed', at, data: { error: 'nas offline', cameraId: 'c1', cameraName: 'Gate' } },
      { type: 'managed_device_unreachable', at, data: { mac, name: '' } },
      { type: 'config_failed', at, data: { error: 'x' } },
      { type: 'action_required', at, data: { reason: 'y' } },
    ];
    const outcome = events(list);
    expect(outcome.raise.map((alert) => alert.type)).toEqual([
      'LINK_60G_DOWN',
      'STREAM_FAILED',
      'MEDIA_SYNC_FAILURE',
      'DEV_MANAGE_DEVICE_UNREACHABLE',
      'DEV_CONFIG_FAILED',
      'DEV_REQ_ACTION',
    ]);
    expect(outcome.health).toBe('HEALTH_CRITICAL');
    const [after] = run([report()], deviceBefore({ state: outcome.state }));
    expect(after?.resolve).toHaveLength(6);
    expect(after?.state.conditions).toEqual([]);
  });

  it('FW_UPGRADED and FW_DOWNGRADED compare version and revision with the known firmware', () => {
    const change = (from: string, to: string) =>
      events([{ type: 'firmware_changed', at, data: { from, to } }], deviceBefore({ fw: from })).raise;
    expect(change('3.4.0-1822', '3.4.0-1830')).toEqual([
      { type: 'FW_UPGRADED', key: '', data: ['3.4.0-1822', '3.4.0-1830', null] },
    ]);
    expect(change('3.10.0-1', '3.9.9-9999')[0]?.type).toBe('FW_DOWNGRADED');
    expect(change('3.4.0-1822', '3.4.0-1822')).toEqual([]);
    // A device that never reported firmware has nothing to compare with.
    expect(
      events(
        [{ type: 'firmware_changed', at, data: { from: '1.0-1', to: '2.0-1' } }],
        deviceBefore({ fw: '' }),
      ).raise,
    ).toEqual([]);
  });

  it('DEV_REBOOT: once per restart, from the event or from the uptime going back, with the uptime before it', () => {
    const rebooted = events([{ type: 'reboot', at, data: { reason: 'power', uptimeS: 30 } }]);
    // No heartbeat before it: how long it had been up is not known.
    expect(rebooted.raise).toEqual([{ type: 'DEV_REBOOT', key: '', data: ['power', null, null] }]);
    const device = deviceBefore({ state: { ...rebooted.state, uptimeS: 9000 } });
    // The first heartbeat of the same boot, a minute later.
    expect(applyHeartbeat(device, report({ uptimeS: 90 }), seconds(60)).raise).toEqual([]);
    // A restart an hour later that sent no event.
    expect(applyHeartbeat(device, report({ uptimeS: 5 }), seconds(3600)).raise).toEqual([
      { type: 'DEV_REBOOT', key: '', data: ['unexpected', '9000', null] },
    ]);
  });
});

describe('status and device fields', () => {
  it('a heartbeat makes the device online and resolves DEV_UNREACHABLE when it was offline', () => {
    const outcome = applyHeartbeat(deviceBefore({ statusId: 'STATUS_OFFLINE' }), report(), NOW);
    expect(outcome.statusId).toBe('STATUS_ONLINE');
    expect(outcome.resolve).toEqual([{ type: 'DEV_UNREACHABLE', key: '' }]);
    expect(applyHeartbeat(deviceBefore({ statusId: 'STATUS_SKIPPED_HB' }), report(), NOW).resolve).toEqual(
      [],
    );
  });

  it('reports changed fields and keeps former IP addresses and host names', () => {
    const outcome = applyHeartbeat(
      deviceBefore(),
      report({ ip: '10.0.0.3', hostname: 'pmp-01', mgmtdVersion: '2.5.0' }),
      NOW,
    );
    expect(outcome.changed).toEqual({ ip: '10.0.0.3', mgmtdVersion: '2.5.0' });
    expect(outcome.formerly).toEqual([{ field: 'ip', value: '10.0.0.2' }]);
    // An address the device leaves out is kept as it was.
    expect(applyHeartbeat(deviceBefore(), report({ ip: undefined }), NOW).changed).toEqual({});
  });
});
