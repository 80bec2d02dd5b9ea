import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { TASK_TYPES, type TaskType } from '../core/domain.ts';
import { type Command, TaskReport } from '../core/fleet/protocol.ts';
import { createDevice } from './device.ts';
import { generateFleet } from './identity.ts';
import { createPlaces } from './places.ts';
import { DEFAULT_RATES, type Rates } from './rates.ts';
import { runCommand } from './tasks.ts';

// The server's own validator settings (server/validation.ts), formats included.
const validReport = addFormats.default(new Ajv({ allErrors: true, coerceTypes: false })).compile(TaskReport);
const QUIET = Object.fromEntries(Object.keys(DEFAULT_RATES).map((name) => [name, 0])) as Rates;
const instant = { speed: 0, sleep: async () => {} };

/** A device of the family, with every rate at zero unless given. */
function deviceOf(productType: string, rates: Partial<Rates> = {}) {
  const [first] = generateFleet(5, 40);
  const identity = generateFleet(5, 40).find((candidate) => candidate.productType === productType) ?? {
    ...(first as NonNullable<typeof first>),
    // The generated fleets hold no recorder: one as the demo seeds it.
    productType: 'smartnvr' as const,
    productBrandId: 190,
  };
  return createDevice(identity, 5, { ...QUIET, ...rates }, createPlaces()(identity.place));
}

const PARAMS: Partial<Record<TaskType, Record<string, unknown>>> = {
  TASK_FW_UPDATE: { version: '9.0.0-1' },
  TASK_FW_AUTO_UPDATE: { version: '9.0.0-1' },
  TASK_FW_ROLLING_UPDATE: { version: '9.0.0-1', canarySize: 1, batchSize: 1, failureThresholdPct: 0 },
  // The tasks run on a gateway: its document (config.test.ts has the checks firmware makes).
  TASK_CONFIG_CHANGE: {
    config: { sdwan_group: { gateways: [], wan_mode: 'failover', tunnels: [] } },
    hash: 'c'.repeat(64),
    revision: 3,
  },
  TASK_NETCAP: { interface: 'eth0', durationS: 1 },
  TASK_PACKET_DUMP: { interface: 'eth0', packets: 5 },
  TASK_TROUBLESHOOT: { tool: 'ping', host: '8.8.8.8', count: 2 },
  TASK_MANAGED_DEVICE_FW_UPDATE: { macs: ['02:00:00:00:00:01'], version: '9.0.0-1' },
  TASK_ADDON: { addonId: 'authport', action: 'install' },
  TASK_ADDON_SYNC_KEY: { addonId: 'authport' },
  // A recorder's camera tasks (sim/cameras.test.ts follows each into the next heartbeat).
  TASK_CAMERA_ADOPT: { ip: '192.168.50.19', name: 'Camera Lobby' },
  TASK_CAMERA_REMOVE: { cameraId: 'cam-1' },
  TASK_CAMERA_RENAME: { cameraId: 'cam-1', name: 'Gate' },
  TASK_CAMERA_RECORDING: { cameraId: 'cam-1', enabled: false },
  TASK_CAMERA_PROFILE: { cameraId: 'cam-1', profile: 'schedule', retentionDays: 7 },
};
/** Types that run on recorders only. */
const RECORDER_TASKS: ReadonlySet<TaskType> = new Set([
  'TASK_ONVIF_SCAN_AND_COLLECT',
  'TASK_CAMERA_ADOPT',
  'TASK_CAMERA_REMOVE',
  'TASK_CAMERA_RENAME',
  'TASK_CAMERA_RECORDING',
  'TASK_CAMERA_PROFILE',
]);

async function run(
  device: ReturnType<typeof deviceOf>,
  type: TaskType,
  answer = () => 'TASK_RUNNING',
  params = PARAMS[type] ?? {},
) {
  const reports: TaskReport[] = [];
  const command: Command = { id: 7, taskId: 3, type, params, timeoutS: 300 };
  await runCommand(
    device,
    command,
    async (report) => {
      reports.push(report);
      return answer();
    },
    instant,
  );
  return reports;
}

describe('tasks on simulated devices', () => {
  it('every type is taken, then ends, with reports the console accepts', async () => {
    // A tunnel needs a console to connect to: server/features/tunnels/tunnel-protocol.test.ts opens them.
    for (const type of TASK_TYPES.filter((type) => type !== 'TASK_TUNNEL_OPEN')) {
      const reports = await run(deviceOf(RECORDER_TASKS.has(type) ? 'smartnvr' : 'gateway'), type);
      expect(reports[0], type).toEqual({ state: 'running', progress: 0 });
      expect(reports.at(-1)?.state, type).toBe('success');
      for (const report of reports)
        expect(validReport(report), `${type} ${JSON.stringify(validReport.errors)}`).toBe(true);
    }
  });

  it('a switch with management daemon 1.5.0 or newer lists its files and sends the one asked for', async () => {
    const [first] = generateFleet(5, 40);
    if (!first) throw new Error('no fleet');
    const switchOf = (mgmtdVersion: string) => {
      const identity = { ...first, productType: 'switch' as const, productBrandId: 96, mgmtdVersion };
      return createDevice(identity, 5, QUIET, createPlaces()(identity.place));
    };
    const device = switchOf('1.6.3');
    const listed = device.step(60).heartbeat?.files ?? [];
    expect(listed.map((file) => file.name).sort()).toEqual([
      'boot.log',
      'messages.log',
      'running-config.cfg',
    ]);

    const fetched = (await run(device, 'TASK_REPORT', undefined, { file: 'running-config.cfg' })).at(-1);
    expect(fetched?.state).toBe('success');
    const sent = Buffer.from(fetched?.result?.file?.base64 ?? '', 'base64').toString();
    expect(JSON.parse(sent)).toEqual(device.config);
    expect(listed.find((file) => file.name === 'running-config.cfg')?.size).toBe(Buffer.byteLength(sent));

    const missing = (await run(device, 'TASK_REPORT', undefined, { file: 'core.dump' })).at(-1);
    expect(missing).toEqual({ state: 'failed', error: 'No such file on the device: core.dump' });
    // An older daemon keeps no files: it lists none and has none to send.
    const older = switchOf('1.4.9');
    expect(older.step(60).heartbeat?.files).toBeUndefined();
    expect((await run(older, 'TASK_REPORT', undefined, { file: 'boot.log' })).at(-1)?.state).toBe('failed');
  });

  it('a firmware update comes back on the new version and says so in its next messages', async () => {
    const device = deviceOf('wifi');
    const before = device.fw;
    const reports = await run(device, 'TASK_FW_UPDATE');
    expect(reports.map((r) => r.progress ?? r.state)).toEqual([0, 20, 50, 80, 'success']);
    expect(reports.at(-1)?.result).toEqual({ fw: '9.0.0-1' });
    const { events, heartbeat } = device.step(60);
    expect(heartbeat?.fw).toBe('9.0.0-1');
    expect(events.map((event) => [event.type, event.data])).toEqual([
      ['firmware_changed', { from: before, to: '9.0.0-1' }],
      ['reboot', { reason: 'firmware', uptimeS: 60 }],
    ]);
  });

  it('a firmware that fails to boot leaves the device on its old version, with a bootbank revert', async () => {
    const device = deviceOf('wifi', { fwBootFail: 1 });
    const before = device.fw;
    const reports = await run(device, 'TASK_FW_UPDATE');
    expect(reports.at(-1)).toEqual({
      state: 'failed',
      error: `Boot of 9.0.0-1 failed; back on ${before}`,
      result: { fw: before },
    });
    const { events, heartbeat } = device.step(60);
    expect(heartbeat?.fw).toBe(before);
    expect(events[0]).toMatchObject({
      type: 'bootbank_revert',
      data: { failed: '9.0.0-1', running: before },
    });
  });

  it('a reboot reports success, goes silent while it restarts, then reports a user reboot from uptime 0', async () => {
    const device = deviceOf('switch');
    await runCommand(
      device,
      { id: 1, taskId: 1, type: 'TASK_REBOOT', params: {}, timeoutS: 300 },
      async () => 'TASK_RUNNING',
      {
        speed: 1,
        sleep: async () => {},
      },
    );
    expect(device.step(60)).toEqual({ events: [], heartbeat: null });
    const restarted = deviceOf('switch');
    await run(restarted, 'TASK_REBOOT');
    const { events, heartbeat } = restarted.step(60);
    expect(events).toEqual([
      expect.objectContaining({ type: 'reboot', data: { reason: 'user', uptimeS: 60 } }),
    ]);
    expect(heartbeat?.uptimeS).toBe(60);
  });

  it('stops working on a task the console canceled', async () => {
    const reports = await run(deviceOf('wifi'), 'TASK_FW_UPDATE', () => 'TASK_CANCELED');
    expect(reports).toEqual([{ state: 'running', progress: 0 }]);
  });

  it('leaves a capture as a pcap file', async () => {
    const [, done] = await run(deviceOf('wifi'), 'TASK_NETCAP');
    const file = done?.result?.file;
    expect(file).toMatchObject({ contentType: 'application/vnd.tcpdump.pcap' });
    expect(Buffer.from(file?.base64 ?? '', 'base64').readUInt32LE(0)).toBe(0xa1b2c3d4);
  });
});
