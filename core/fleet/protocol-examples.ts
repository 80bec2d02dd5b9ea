// One realistic example of every agent API message, shown in docs/agent-protocol.md and checked against
// the schemas by protocol-examples.test.ts.
import type { ConfigDocuments } from '../config/document.ts';
import type {
  AdoptedResponse,
  AdoptRequest,
  CommandsResponse,
  ConfigChangeParams,
  EventsRequest,
  HeartbeatRequest,
  HeartbeatResponse,
  PendingResponse,
  TaskReport,
  TaskReportResponse,
} from './protocol.ts';

export const adoptRequest: AdoptRequest = {
  sn: 'WA21000037',
  mac: '02:4c:10:00:00:01',
  productBrandId: 13,
  fw: '7.2.1-4012',
  mgmtdVersion: '2.4.1',
  onboardingKey: '5f0c8e2a9b7d4c1e8a3f6b2d9e0c7a41',
};

export const adoptedResponse: AdoptedResponse = {
  status: 'adopted',
  credential: '1042.mA8zJ2kq0xWcVt4u7yLbNnPq3sRe9fGh1iJk5oTz6dU',
  heartbeatIntervalS: 60,
};

export const pendingResponse: PendingResponse = { status: 'pending', retryAfterS: 60 };

const healthy = {
  timeSync: { synced: true, offsetMs: 3 },
  config: { applied: true, unsyncedFiles: [] },
  actionRequired: null,
};

export const accessPointHeartbeat: HeartbeatRequest = {
  seq: 1288,
  uptimeS: 864_312,
  fw: '7.2.1-4012',
  mgmtdVersion: '2.4.1',
  ip: '10.10.0.21',
  hostname: 'ap-hq-01',
  system: { cpuPct: 14.5, memPct: 41, tempC: 52, powerW: 11.8 },
  ...healthy,
  // It runs the document of the configuration change below, as the console sent it.
  config: {
    applied: true,
    appliedHash: '8c8b0e967ebbba4f2bd8bfa17303669562451ee0fe01c0ac7686c40e096aabfd',
    unsyncedFiles: [],
  },
  radios: [
    { band: '2.4', channel: 6, widthMhz: 20, txPowerDbm: 17, noiseDbm: -95, utilPct: 31 },
    { band: '5', channel: 149, widthMhz: 80, txPowerDbm: 20, noiseDbm: -101, utilPct: 12 },
  ],
  clients: [
    {
      mac: '3a:1f:22:90:00:01',
      ip: '192.168.10.45',
      hostname: 'laptop-anna',
      ssid: 'DemoNet',
      band: '5',
      rssi: -58,
      rxBytes: 1_204_332,
      txBytes: 208_120,
    },
  ],
};

export const switchHeartbeat: HeartbeatRequest = {
  seq: 5521,
  uptimeS: 3_110_400,
  fw: '2.2.0-760',
  mgmtdVersion: '1.5.0',
  ip: '10.10.0.2',
  hostname: 'sw-hq-01',
  system: { cpuPct: 8, memPct: 33, tempC: 47, powerW: 386.4, powerBudgetW: 370 },
  ...healthy,
  ports: [
    { port: 1, link: true, speedMbps: 1000, poeW: 15.4, errors: 0, rxBytes: 88_020_110, txBytes: 12_400_330 },
    { port: 2, link: false, speedMbps: 0, poeW: 0, errors: 0, rxBytes: 0, txBytes: 0 },
  ],
  lldp: [
    { localPort: '1', chassisId: '02:4c:10:00:00:01', portId: 'eth0', systemName: 'ap-hq-01' },
    { localPort: '24', chassisId: '02:4c:40:00:00:01', portId: '2', systemName: 'gw-hq' },
  ],
  files: [
    { name: 'messages.log', size: 48_211, modifiedAt: '2026-11-24T08:14:55Z' },
    { name: 'running-config.cfg', size: 6_120, modifiedAt: '2026-11-20T16:02:11Z' },
  ],
};

export const pointToPointHeartbeat: HeartbeatRequest = {
  seq: 902,
  uptimeS: 420_000,
  fw: '5.1.2-2210',
  mgmtdVersion: '2.4.1',
  system: { cpuPct: 21, memPct: 38, tempC: 61 },
  ...healthy,
  links: [{ peerMac: '02:4c:31:00:00:02', band: '60', up: false }],
};

export const gatewayHeartbeat: HeartbeatRequest = {
  seq: 77,
  uptimeS: 9_000,
  fw: '4.0.3-1311',
  mgmtdVersion: '2.4.1',
  system: { cpuPct: 35, memPct: 57 },
  ...healthy,
  wan: [
    {
      name: 'wan1',
      up: true,
      ip: '203.0.113.10',
      latencyMs: 9,
      lossPct: 0,
      rxBytes: 4_200_000,
      txBytes: 900_000,
    },
  ],
  managedDevices: [{ mac: '02:4c:40:00:01:01', name: 'Branch switch', reachable: false }],
};

export const recorderHeartbeat: HeartbeatRequest = {
  seq: 31,
  uptimeS: 1_200,
  fw: '2.3.4-1021',
  mgmtdVersion: '2.4.1',
  system: { cpuPct: 44, memPct: 62, tempC: 58 },
  timeSync: { synced: false, offsetMs: 94_000 },
  config: { applied: true, unsyncedFiles: [] },
  actionRequired: null,
  cameras: [
    {
      id: 'cam-1',
      name: 'Camera 01 Entrance',
      stream: 'streaming',
      bitrateKbps: 4200,
      model: 'P3265-LVE',
      ip: '192.168.50.11',
      firmware: '11.9.60',
      main: { codec: 'h265', width: 2560, height: 1440 },
      sub: { codec: 'h264', width: 640, height: 360 },
      recording: true,
      profile: 'continuous',
      retentionDays: 30,
      storageUsedBytes: 412_000_000_000,
      lastFrameAt: '2026-03-02T09:14:58Z',
    },
    { id: 'cam-3', name: 'Camera 03 Loading Dock', stream: 'failed', bitrateKbps: 0 },
  ],
  mediaSync: { ok: true, lagS: 12 },
};

export const heartbeatResponse: HeartbeatResponse = { nextHeartbeatS: 60, commands: [] };

/** A Wi-Fi 6 access point's whole document (core/config/document.ts), as a configuration change sends it. */
export const accessPointConfig: ConfigDocuments['wifi6'] = {
  general_locale: {
    country: 'US',
    time_zone: 'America/Chicago',
    ntp_servers: ['pool.ntp.org'],
    syslog: { enabled: false, host: null, port: 514 },
    snmp: { enabled: false, version: 'v2c', community: 'public' },
    management: { ssh: true, https: true, allowed_networks: ['10.0.0.0/8'] },
    admin_password: 'correct horse',
  },
  wifi6_wireless: {
    radios: [
      { band: '2.4', enabled: true, channel: 6, width_mhz: 20, tx_power_dbm: 'auto' },
      { band: '5', enabled: true, channel: 149, width_mhz: 80, tx_power_dbm: 20 },
    ],
    wlans: [
      {
        id: 'staff',
        ssid: 'DemoNet',
        enabled: true,
        hidden: false,
        bands: ['2.4', '5'],
        security: 'wpa2-psk',
        passphrase: 'a long passphrase',
        management_frame_protection: 'optional',
        radius_servers: [],
        vlan_id: 10,
        client_isolation: false,
        band_steering: true,
        rate_limit_kbps: null,
        schedule: null,
      },
    ],
  },
};

/** The configuration change's params: the document, its hash (protocol-examples.test.ts checks it) and revision. */
export const configChangeParams: ConfigChangeParams = {
  config: accessPointConfig,
  hash: '8c8b0e967ebbba4f2bd8bfa17303669562451ee0fe01c0ac7686c40e096aabfd',
  revision: 42,
};

export const commandsResponse: CommandsResponse = {
  commands: [
    {
      id: 50211,
      taskId: 812,
      type: 'TASK_FW_UPDATE',
      params: { version: '7.3.0-4105' },
      timeoutS: 1800,
    },
    {
      id: 50212,
      taskId: 813,
      type: 'TASK_CONFIG_CHANGE',
      params: configChangeParams,
      timeoutS: 300,
    },
  ],
};

export const taskReports: Record<string, TaskReport> = {
  taken: { state: 'running', progress: 0 },
  progress: { state: 'running', progress: 60 },
  firmwareDone: { state: 'success', result: { fw: '7.3.0-4105' } },
  bootFailed: {
    state: 'failed',
    error: 'Boot of 7.3.0-4105 failed; back on 7.2.1-4012',
    result: { fw: '7.2.1-4012' },
  },
  configRefused: {
    state: 'failed',
    error:
      'Refused: 5 GHz channel 169 is not one this radio can use; still running the previous configuration',
  },
  configReverted: {
    state: 'failed',
    error: 'Lost contact with the console after applying; reverted to the previous configuration',
  },
  pingDone: {
    state: 'success',
    result: {
      lines: [
        '64 bytes from 8.8.8.8: icmp_seq=1 ttl=117 time=11.2 ms',
        '1 packets transmitted, 1 received, 0% packet loss',
      ],
    },
  },
  fileFetched: {
    state: 'success',
    result: {
      file: {
        name: 'messages.log',
        contentType: 'text/plain',
        base64: 'Tm92IDI0IDA4OjE0OjU1IHBvcnQgMiBsaW5rIGRvd24K',
      },
    },
  },
};

export const taskReportResponse: TaskReportResponse = { state: 'TASK_RUNNING' };

export const eventsRequest: EventsRequest = {
  seq: 1289,
  events: [
    { type: 'reboot', at: '2026-11-24T08:15:02Z', data: { reason: 'watchdog', uptimeS: 31 } },
    {
      type: 'channel_changed',
      at: '2026-11-24T08:15:40Z',
      data: { band: '5', from: 100, to: 149, reason: 'radar' },
    },
    { type: 'config_failed', at: '2026-11-24T08:16:00Z', data: { error: 'vlan 4095 is reserved' } },
  ],
};

export const eventsResponse = { stored: 3 };

export const errorExamples = {
  400: {
    errors: [
      {
        errorCode: 'stale_sequence',
        location: 'body',
        path: '/seq',
        message:
          'must be greater than 1289, the last sequence number taken (a replayed or out-of-order message)',
      },
    ],
  },
  401: { message: 'Unknown or revoked device credential.' },
  413: { message: 'Request body is too large' },
  429: { message: 'Too many requests. Try again later.' },
  503: { message: 'Sorry, there was an error while processing your request.', incidentId: '6f1c2f9e-…' },
};

/** A tunnel's messages (docs/agent-protocol.md, Tunnels), in the order they pass; checked by tunnel-protocol.test.ts. */
export const tunnelMessages = {
  'the command that asks for it': {
    id: 91_204,
    taskId: 30_551,
    type: 'TASK_TUNNEL_OPEN',
    params: { tunnelId: 812, service: 'web' },
    timeoutS: 120,
  },
  'console -> device: a request': {
    t: 'request',
    stream: 1,
    service: 'web',
    method: 'POST',
    path: '/login',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
  },
  'console -> device: its body is complete (after one binary frame of 29 bytes)': { t: 'end', stream: 1 },
  'device -> console: the answer': {
    t: 'response',
    stream: 1,
    status: 303,
    headers: { location: './', 'set-cookie': 'device_session=6c1f…; Path=/; HttpOnly' },
  },
  'device -> console: its body is complete': { t: 'end', stream: 1 },
  'console -> device: the browser went away': { t: 'cancel', stream: 2 },
  'device -> console: a stream it could not serve': { t: 'error', stream: 3, error: 'No such page' },
} as const;
