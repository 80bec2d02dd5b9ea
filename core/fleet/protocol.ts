// The device agent protocol (/agent/v1): what firmware sends and what the console answers. The server
// validates with these schemas and docs/agent-protocol.md is generated from them.
import { type Static, Type } from 'typebox';
import { closed } from '../api/closed.ts';
import { TASK_STATES, TASK_TYPES } from '../domain.ts';
import { TroubleshootResult } from './troubleshoot.ts';

export const AGENT_PROTOCOL_VERSION = 1;

/** Colon-separated lower- or upper-case hex pairs; the server stores lower case. */
export const Mac = Type.String({
  pattern: '^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){5}$',
  maxLength: 17,
  description: 'MAC address',
});
/** A time stamp; the length bound keeps a fraction of a second from growing without end. */
const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', maxLength: 40, ...(description ? { description } : {}) });
const Text = (maxLength: number, description?: string) =>
  Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });
const Num = (minimum: number, maximum: number, description?: string) =>
  Type.Number({ minimum, maximum, ...(description ? { description } : {}) });
const Int = (minimum: number, maximum: number, description?: string) =>
  Type.Integer({ minimum, maximum, ...(description ? { description } : {}) });
const Bytes = Int(0, Number.MAX_SAFE_INTEGER, 'bytes since the previous heartbeat');

export const BANDS = ['2.4', '5', '6', '60'] as const;
export type Band = (typeof BANDS)[number];
export const Band = Type.Enum(BANDS, { description: 'frequency band in GHz' });

/** Version-revision, as docs/entities.md writes firmware ("7.2.1-4012"). */
export const FirmwareVersion = Type.String({
  pattern: '^\\d{1,6}(\\.\\d{1,6}){0,3}-\\d{1,9}$',
  maxLength: 40,
});
const DaemonVersion = Type.String({ pattern: '^\\d{1,6}(\\.\\d{1,6}){0,3}$', maxLength: 30 });

// --- Adoption -------------------------------------------------------------------------------------------

/** How long an onboarding key may be as a device sends it (the console's own keys are 32 hex digits). */
export const ONBOARDING_KEY_MAX_LENGTH = 100;

export const AdoptRequest = Type.Object(
  {
    sn: Type.String({ pattern: '^[A-Za-z0-9-]{4,40}$', maxLength: 40, description: 'serial number' }),
    mac: Mac,
    productBrandId: Int(1, 100_000, 'product brand id of the catalogue'),
    fw: FirmwareVersion,
    mgmtdVersion: DaemonVersion,
    onboardingKey: Type.Optional(
      Type.String({
        maxLength: ONBOARDING_KEY_MAX_LENGTH,
        description:
          "the cloud's onboarding key, as its members read it on the Pending devices page (case, spaces and dashes do not matter)",
      }),
    ),
  },
  closed,
);
export type AdoptRequest = Static<typeof AdoptRequest>;

/** 200: the device proved a cloud that registered it (its key, or a member's approval) and gets its credential, this once. */
export const AdoptedResponse = Type.Object({
  status: Type.Literal('adopted'),
  credential: Type.String({ description: 'send as "Authorization: Bearer <credential>" from now on' }),
  heartbeatIntervalS: Type.Integer(),
});
export type AdoptedResponse = Static<typeof AdoptedResponse>;

/**
 * 202: no credential this time, whatever the reason (unknown, unregistered, waiting for approval, already
 * adopted, blocked): the device calls home again after retryAfterS.
 */
export const PendingResponse = Type.Object({
  status: Type.Literal('pending'),
  retryAfterS: Type.Integer(),
});
export type PendingResponse = Static<typeof PendingResponse>;

// --- Heartbeat ------------------------------------------------------------------------------------------

export const Radio = Type.Object(
  {
    band: Band,
    channel: Int(1, 233),
    widthMhz: Type.Enum([20, 40, 80, 160, 320, 2160]),
    txPowerDbm: Num(-10, 60),
    noiseDbm: Num(-130, 0),
    utilPct: Num(0, 100, 'channel utilisation'),
    retryPct: Type.Optional(Num(0, 100, 'frames sent again since the previous heartbeat, % of those sent')),
  },
  closed,
);
export type Radio = Static<typeof Radio>;

export const WirelessClient = Type.Object(
  {
    mac: Mac,
    ip: Type.Optional(Type.String({ format: 'ipv4', maxLength: 15 })),
    hostname: Type.Optional(Type.String({ maxLength: 64 })),
    ssid: Type.String({ maxLength: 32 }),
    band: Band,
    rssi: Int(-120, 0),
    rxBytes: Bytes,
    txBytes: Bytes,
  },
  closed,
);
export type WirelessClient = Static<typeof WirelessClient>;

export const SwitchPort = Type.Object(
  {
    port: Int(1, 128),
    link: Type.Boolean(),
    speedMbps: Int(0, 400_000),
    poeW: Num(0, 100),
    errors: Int(0, Number.MAX_SAFE_INTEGER, 'errors since the previous heartbeat'),
    rxBytes: Bytes,
    txBytes: Bytes,
  },
  closed,
);
export type SwitchPort = Static<typeof SwitchPort>;

/** A point-to-point or point-to-multipoint radio link, seen from this end. */
export const RadioLink = Type.Object(
  {
    peerMac: Mac,
    band: Type.Enum(['5', '6', '24', '60', '80'], { description: 'link band in GHz' }),
    up: Type.Boolean(),
    rssi: Type.Optional(Int(-120, 0)),
    snr: Type.Optional(Num(-20, 80)),
    capacityMbps: Type.Optional(Int(0, 100_000)),
    remoteRssi: Type.Optional(Int(-120, 0, 'the signal the peer hears from this end, dBm')),
    remoteSnr: Type.Optional(Num(-20, 80, 'the signal-to-noise ratio at the peer, dB')),
    mcs: Type.Optional(Int(0, 31, 'the modulation and coding scheme the link sends with')),
  },
  closed,
);
export type RadioLink = Static<typeof RadioLink>;

export const MeshPeer = Type.Object(
  {
    mac: Mac,
    rssi: Int(-120, 0),
    snr: Num(-20, 80),
    capacityMbps: Int(0, 100_000),
    hops: Int(0, 32, 'hops to the PoP'),
  },
  closed,
);

export const WanPort = Type.Object(
  {
    name: Text(32),
    up: Type.Boolean(),
    ip: Type.Optional(Type.String({ format: 'ipv4', maxLength: 15 })),
    latencyMs: Type.Optional(Num(0, 60_000)),
    lossPct: Type.Optional(Num(0, 100)),
    rxBytes: Bytes,
    txBytes: Bytes,
  },
  closed,
);

/**
 * A neighbour this device hears on one of its wired ports by LLDP (docs/topology.md): the console draws
 * the link between the two devices and marks it stale once the neighbour is no longer reported.
 */
export const LldpNeighbour = Type.Object(
  {
    localPort: Text(
      32,
      "this device's port the neighbour is on: a switch port's number, or an interface name",
    ),
    chassisId: Text(64, "the neighbour's chassis id: its MAC address for the console's devices"),
    portId: Text(64, "the neighbour's port this device is on"),
    systemName: Type.Optional(Type.String({ maxLength: 64, description: "the neighbour's system name" })),
  },
  closed,
);
export type LldpNeighbour = Static<typeof LldpNeighbour>;

/** A device a gateway manages behind it. */
export const ManagedDevice = Type.Object(
  {
    mac: Mac,
    name: Type.String({ maxLength: 64 }),
    reachable: Type.Boolean(),
  },
  closed,
);

/** The video codecs a camera's stream is encoded with. */
export const CAMERA_CODECS = ['h264', 'h265'] as const;
/** How a recorder records a camera: all the time, on motion, or on its schedule (docs/cameras.md). */
export const RECORDING_PROFILES = ['continuous', 'motion', 'schedule'] as const;
export type RecordingProfile = (typeof RECORDING_PROFILES)[number];
/** Days a recorder keeps a camera's footage, at most (docs/cameras.md). */
export const RETENTION_DAYS_MAX = 365;

/** One stream a camera sends: its codec and picture size. */
export const CameraStream = Type.Object(
  {
    codec: Type.Enum(CAMERA_CODECS),
    width: Int(16, 8192, 'pixels'),
    height: Int(16, 8192, 'pixels'),
  },
  closed,
);
export type CameraStream = Static<typeof CameraStream>;

/**
 * A camera a smart NVR records, with the id the recorder gave it (unique on that recorder). A recorder
 * lists every camera it has in every heartbeat: one left out was removed (docs/cameras.md).
 */
export const Camera = Type.Object(
  {
    id: Text(64, "the recorder's own id of the camera"),
    name: Text(64),
    stream: Type.Enum(['streaming', 'failed', 'idle']),
    bitrateKbps: Int(0, 1_000_000),
    model: Type.Optional(Text(64)),
    ip: Type.Optional(Type.String({ format: 'ipv4', maxLength: 15 })),
    firmware: Type.Optional(Text(40, "the camera's own firmware version")),
    main: Type.Optional(CameraStream),
    sub: Type.Optional(CameraStream),
    recording: Type.Optional(Type.Boolean({ description: 'the recorder records this camera' })),
    profile: Type.Optional(Type.Enum(RECORDING_PROFILES, { description: 'when it records' })),
    retentionDays: Type.Optional(Int(1, RETENTION_DAYS_MAX, 'days footage is kept')),
    storageUsedBytes: Type.Optional(Int(0, Number.MAX_SAFE_INTEGER, "bytes of this camera's footage kept")),
    lastFrameAt: Type.Optional(DateTime('when the recorder last took a frame from it')),
  },
  closed,
);
export type Camera = Static<typeof Camera>;

/** A file name on the device, as a switch lists it and TASK_REPORT fetches it: no directories. */
export const DeviceFileName = Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$', maxLength: 100 });

/** A file a switch keeps (management daemon 1.5.0 or newer): logs, configurations, crash dumps. */
export const DeviceFile = Type.Object(
  {
    name: DeviceFileName,
    size: Int(0, Number.MAX_SAFE_INTEGER, 'bytes'),
    modifiedAt: DateTime(),
  },
  closed,
);
export type DeviceFile = Static<typeof DeviceFile>;

/** SHA-256 of a configuration document's canonical JSON, in lower-case hex, as the console computes it. */
const ConfigHash = (description: string) =>
  Type.String({ pattern: '^[0-9a-f]{64}$', minLength: 64, maxLength: 64, description });

export const HeartbeatRequest = Type.Object(
  {
    seq: Int(1, Number.MAX_SAFE_INTEGER, 'one more than the last message this device sent'),
    uptimeS: Int(0, 10 * 365 * 86_400),
    fw: FirmwareVersion,
    mgmtdVersion: DaemonVersion,
    ip: Type.Optional(Type.String({ format: 'ipv4', maxLength: 15 })),
    hostname: Type.Optional(Type.String({ maxLength: 64, pattern: '^[A-Za-z0-9.-]*$' })),
    system: Type.Object(
      {
        cpuPct: Num(0, 100),
        memPct: Num(0, 100),
        tempC: Type.Optional(Num(-60, 150)),
        powerW: Type.Optional(Num(0, 10_000, 'power drawn (a switch: PoE delivered)')),
        powerBudgetW: Type.Optional(Num(0, 10_000, 'the power budget powerW must stay within')),
      },
      closed,
    ),
    timeSync: Type.Object({ synced: Type.Boolean(), offsetMs: Type.Optional(Num(-1e9, 1e9)) }, closed),
    config: Type.Object(
      {
        applied: Type.Boolean({ description: 'false while the last configuration failed to apply' }),
        error: Type.Optional(Type.String({ maxLength: 200 })),
        appliedHash: Type.Optional(
          ConfigHash('the hash of the configuration document the device runs, as the console sent it'),
        ),
        unsyncedFiles: Type.Array(Text(100), {
          maxItems: 50,
          description: 'configuration files changed on the device outside the console',
        }),
      },
      closed,
    ),
    actionRequired: Type.Union([Text(200), Type.Null()], {
      description: 'what an operator must do on site (a reason code), or null',
    }),
    radios: Type.Optional(Type.Array(Radio, { maxItems: 8 })),
    clients: Type.Optional(Type.Array(WirelessClient, { maxItems: 1000 })),
    ports: Type.Optional(Type.Array(SwitchPort, { maxItems: 128 })),
    files: Type.Optional(
      Type.Array(DeviceFile, {
        maxItems: 100,
        description:
          'the files a switch keeps (management daemon 1.5.0 or newer); TASK_REPORT with a file fetches one',
      }),
    ),
    links: Type.Optional(Type.Array(RadioLink, { maxItems: 64 })),
    meshPeers: Type.Optional(Type.Array(MeshPeer, { maxItems: 64 })),
    wan: Type.Optional(Type.Array(WanPort, { maxItems: 8 })),
    managedDevices: Type.Optional(Type.Array(ManagedDevice, { maxItems: 256 })),
    lldp: Type.Optional(
      Type.Array(LldpNeighbour, {
        maxItems: 256,
        description: 'the LLDP neighbours heard on its wired ports now (docs/topology.md)',
      }),
    ),
    cameras: Type.Optional(Type.Array(Camera, { maxItems: 64 })),
    mediaSync: Type.Optional(
      Type.Object(
        {
          ok: Type.Boolean(),
          lagS: Int(0, 10 * 365 * 86_400),
          error: Type.Optional(Text(200)),
          cameraId: Type.Optional(
            Text(64, "the camera whose recordings do not reach storage, when it is one camera's"),
          ),
        },
        closed,
      ),
    ),
    storage: Type.Optional(
      Type.Object(
        {
          usedBytes: Int(0, Number.MAX_SAFE_INTEGER, 'bytes in use'),
          totalBytes: Int(0, Number.MAX_SAFE_INTEGER, 'bytes the storage holds'),
        },
        { ...closed, description: "a recorder's recording storage (docs/telemetry.md)" },
      ),
    ),
  },
  closed,
);
export type HeartbeatRequest = Static<typeof HeartbeatRequest>;

/**
 * A TASK_CONFIG_CHANGE command's params: the device's whole effective configuration document (its kind's,
 * core/config/document.ts CONFIG_DOCUMENTS[config_type]), its hash and the console's revision. The device
 * applies the document whole or not at all, and from then on reports the hash as `config.appliedHash`.
 */
export const ConfigChangeParams = Type.Object(
  {
    config: Type.Record(Type.String(), Type.Unknown(), {
      description:
        "the whole configuration document to run: General and locale and the kind's own section (docs/configuration.md)",
    }),
    hash: ConfigHash("SHA-256 of the document's canonical JSON (object keys sorted, no spaces)"),
    revision: Type.Integer({ minimum: 1, description: "the console's revision of the document" }),
  },
  { description: 'a device ignores parameters it does not know' },
);
export type ConfigChangeParams = Static<typeof ConfigChangeParams>;

/** A task the console gives the device (docs/entities.md task types); its id is the one to report on. */
export const Command = Type.Object({
  id: Type.Integer({ description: 'the task target: report progress and the result to /commands/{id}' }),
  taskId: Type.Integer(),
  type: Type.Enum(TASK_TYPES),
  params: Type.Record(Type.String(), Type.Unknown(), {
    description:
      "the task's parameters; a configuration change's are `config`, `hash` and `revision` (Configuration change)",
  }),
  timeoutS: Type.Integer({ description: 'seconds from taking the task to reporting its result' }),
});
export type Command = Static<typeof Command>;

export const HeartbeatResponse = Type.Object({
  nextHeartbeatS: Type.Integer({ description: 'send the next heartbeat this many seconds from now' }),
  commands: Type.Array(Command, {
    description: 'tasks waiting for the device (the command channel may have given them already)',
  }),
});
export type HeartbeatResponse = Static<typeof HeartbeatResponse>;

/** 429: the heartbeat came sooner than half an interval after the last one; nothing of it was stored. */
/** 429: too soon for the device's pace (with the pace), or too many requests from its address (without). */
export const HeartbeatTooEarlyResponse = Type.Object({
  message: Type.String(),
  nextHeartbeatS: Type.Optional(
    Type.Integer({
      description:
        'the pace: send heartbeats this many seconds apart (Retry-After says when the next one is taken)',
    }),
  ),
});

// --- Events ---------------------------------------------------------------------------------------------

const event = <T extends string, D extends Parameters<typeof Type.Object>[0]>(type: T, data: D) =>
  Type.Object(
    {
      type: Type.Literal(type),
      at: DateTime('when it happened, by the device clock'),
      data: Type.Object(data, closed),
    },
    closed,
  );

export const AgentEvent = Type.Union([
  event('reboot', {
    reason: Type.Enum(['power', 'watchdog', 'user', 'firmware', 'crash']),
    uptimeS: Int(0, 10 * 365 * 86_400, 'uptime when the event was sent: tells which boot it is about'),
  }),
  event('config_failed', { error: Text(200) }),
  event('channel_changed', { band: Band, from: Int(1, 200), to: Int(1, 200), reason: Text(40) }),
  event('firmware_changed', { from: FirmwareVersion, to: FirmwareVersion }),
  event('bootbank_revert', { failed: FirmwareVersion, running: FirmwareVersion }),
  event('link_60g_down', { peerMac: Mac }),
  event('stream_failed', { cameraId: Text(64), cameraName: Text(64), error: Text(200) }),
  event('media_sync_failed', {
    error: Text(200),
    cameraId: Type.Optional(
      Text(64, "the camera whose recordings do not reach storage, when it is one camera's"),
    ),
    cameraName: Type.Optional(Text(64)),
  }),
  event('managed_device_unreachable', { mac: Mac, name: Type.String({ maxLength: 64 }) }),
  event('wan_failover', {
    from: Text(32, 'the WAN port that carried the traffic'),
    to: Text(32, 'the WAN port that carries it now'),
  }),
  event('action_required', { reason: Text(200) }),
]);
export type AgentEvent = Static<typeof AgentEvent>;
export type AgentEventType = AgentEvent['type'];

export const EventsRequest = Type.Object(
  {
    seq: Int(1, Number.MAX_SAFE_INTEGER, 'one more than the last message this device sent'),
    events: Type.Array(AgentEvent, { minItems: 1, maxItems: 50 }),
  },
  closed,
);
export type EventsRequest = Static<typeof EventsRequest>;

export const EventsResponse = Type.Object({ stored: Type.Integer() });

// --- Commands -------------------------------------------------------------------------------------------

export const CommandsQuery = Type.Object(
  {
    waitS: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 30,
        default: 25,
        description: 'hold the answer this long while there is nothing to do',
      }),
    ),
  },
  closed,
);

export const CommandsResponse = Type.Object({ commands: Type.Array(Command) });
export type CommandsResponse = Static<typeof CommandsResponse>;

/** The largest result file a device uploads with its report (a capture, a tech-support report). */
export const RESULT_FILE_LIMIT = 4 * 1024 * 1024;
/** The largest result a report carries besides its file, as JSON. */
export const RESULT_TEXT_LIMIT = 256 * 1024;
/**
 * A result (besides its file) up to this size, as JSON, is kept in the task and shown in its detail; a
 * larger one is kept as the target's file result.json.
 */
export const RESULT_INLINE_LIMIT = 4 * 1024;

export const TaskResult = Type.Object(
  {
    fw: Type.Optional(FirmwareVersion),
    lines: Type.Optional(
      Type.Array(Type.String({ maxLength: 200 }), {
        maxItems: 100,
        description: 'ping or traceroute output',
      }),
    ),
    troubleshoot: Type.Optional(TroubleshootResult),
    config: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'the configuration document now applied (bounded by the size of a result, RESULT_TEXT_LIMIT)',
      }),
    ),
    cameras: Type.Optional(
      Type.Array(
        Type.Object(
          {
            ip: Type.String({ format: 'ipv4', maxLength: 15 }),
            manufacturer: Text(64),
            model: Text(64),
            name: Text(64),
          },
          closed,
        ),
        { maxItems: 256 },
      ),
    ),
    file: Type.Optional(
      Type.Object(
        {
          name: Type.String({ pattern: '^[A-Za-z0-9._-]{1,100}$', maxLength: 100 }),
          contentType: Type.String({ pattern: '^[a-z]+/[a-z0-9.+-]+$', maxLength: 100 }),
          base64: Type.String({ maxLength: Math.ceil(RESULT_FILE_LIMIT / 3) * 4, contentEncoding: 'base64' }),
        },
        closed,
      ),
    ),
  },
  closed,
);
export type TaskResult = Static<typeof TaskResult>;

export const TaskReport = Type.Object(
  {
    state: Type.Enum(['running', 'success', 'failed'], {
      description: 'running: taken, or progress; success and failed end it',
    }),
    progress: Type.Optional(Int(0, 100, 'percent done')),
    error: Type.Optional(Text(200, 'why it failed')),
    result: Type.Optional(TaskResult),
  },
  closed,
);
export type TaskReport = Static<typeof TaskReport>;

export const TaskReportResponse = Type.Object({
  state: Type.Enum(TASK_STATES, {
    description: 'the task as the console now holds it: a device stops work on TASK_CANCELED or TASK_TIMEOUT',
  }),
});
export type TaskReportResponse = Static<typeof TaskReportResponse>;

/** The largest body the agent API reads (a task report: besides its file). */
export const AGENT_BODY_LIMIT = 256 * 1024;
/** The largest task report: a result file, base64-encoded, and the rest of a message. */
export const TASK_REPORT_BODY_LIMIT = Math.ceil(RESULT_FILE_LIMIT / 3) * 4 + AGENT_BODY_LIMIT;

/** UTF-8 bytes of a result besides its file, as JSON: what RESULT_TEXT_LIMIT and RESULT_INLINE_LIMIT bound. */
export function resultTextBytes(result: TaskResult | undefined): number {
  const { file: _file, ...rest } = result ?? {};
  return Object.keys(rest).length === 0 ? 0 : new TextEncoder().encode(JSON.stringify(rest)).length;
}
