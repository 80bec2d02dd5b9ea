// Writes docs/agent-protocol.md from the agent API's own schemas and examples, so the document can never
// say something the server does not validate. `node scripts/agent-protocol-docs.ts` writes it; with
// --check it fails when the file is out of date (a test runs the same comparison).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { BAND_CHANNELS } from '../core/fleet/channels.ts';
import {
  AdoptedResponse,
  AdoptRequest,
  AGENT_BODY_LIMIT,
  AGENT_PROTOCOL_VERSION,
  AgentEvent,
  Command,
  CommandsResponse,
  ConfigChangeParams,
  EventsRequest,
  EventsResponse,
  HeartbeatRequest,
  HeartbeatResponse,
  HeartbeatTooEarlyResponse,
  PendingResponse,
  RESULT_FILE_LIMIT,
  RESULT_INLINE_LIMIT,
  RESULT_TEXT_LIMIT,
  TASK_REPORT_BODY_LIMIT,
  TaskReport,
  TaskReportResponse,
} from '../core/fleet/protocol.ts';
import * as examples from '../core/fleet/protocol-examples.ts';
import {
  DEFAULT_HEARTBEAT_INTERVAL_S,
  HEARTBEAT_MIN_GAP,
  MISSED_HEARTBEAT_LIMIT,
  STATUS_SWEEP_EVERY_S,
} from '../core/fleet/status.ts';
import {
  ConsoleTunnelMessage,
  DeviceTunnelMessage,
  TUNNEL_CLOSE,
  TUNNEL_FRAME_BYTES,
  TUNNEL_MAX_STREAMS,
  TunnelOpenParams,
} from '../core/fleet/tunnel-protocol.ts';
import { ACK_TIMEOUT_S, TASK_DEFINITIONS } from '../core/task-types.ts';

export const AGENT_PROTOCOL_DOC = fileURLToPath(new URL('../docs/agent-protocol.md', import.meta.url));

const kib = (bytes: number) =>
  bytes % 1024 === 0
    ? `${(bytes / 1024).toLocaleString('en')} KiB (${bytes.toLocaleString('en')} bytes)`
    : `${bytes.toLocaleString('en')} bytes`;
/** The share of an interval a heartbeat must keep after the last one, as the text says it. */
const minGap = HEARTBEAT_MIN_GAP === 0.5 ? 'half' : `${HEARTBEAT_MIN_GAP * 100} % of`;
const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;
const schema = (title: string, value: unknown) =>
  `<details><summary>${title}: JSON schema</summary>\n\n${json(value)}\n\n</details>`;

/** What a device does for each task type, and what it reports back. */
const TASK_NOTES: Record<string, [string, string]> = {
  TASK_REBOOT: ['reports success, then restarts (its next messages carry a reboot event)', ''],
  TASK_FACTORY_RESET: ['reports success, then restores its defaults and restarts', ''],
  TASK_CONFIG_CHANGE: [
    'checks `params.config`, its whole effective configuration document, and applies it whole or refuses it (see Configuration change); once applied, its heartbeats carry `params.hash` as `config.appliedHash`',
    '`config`: the document it now runs; a failure (refused, or reverted) keeps the previous document and hash, says why in `error` and raises DEV_CONFIG_FAILED',
  ],
  TASK_RECEIVED_CONFIG: ['sends the configuration it runs, changes made on the device included', '`config`'],
  TASK_FW_UPDATE: [
    'downloads `params.version` (progress), restarts on it',
    '`fw`: done only on the version sent; a failed boot reports the old one',
  ],
  TASK_FW_AUTO_UPDATE: ['as a firmware update, to the newest version of its family', '`fw`'],
  TASK_FW_ROLLING_UPDATE: ['as a firmware update; the console sends the batches in turn', '`fw`'],
  TASK_NETCAP: ['captures traffic on `params.interface` for `params.durationS`', '`file` (pcap)'],
  TASK_PACKET_DUMP: ['captures `params.packets` packets on `params.interface`', '`file` (pcap)'],
  TASK_REPORT: [
    'collects a tech-support report; with `params.file`, sends that one of the files it lists in its heartbeat',
    '`file`',
  ],
  TASK_TROUBLESHOOT: [
    'runs the tool `params.tool` names with its inputs (docs/tools.md#the-tools), reporting what it found so far with each `running` report',
    '`troubleshoot`: the findings, by `tool`; ping and traceroute also `lines`',
  ],
  TASK_SDWAN_CERT: ['renews its SD-WAN certificate (gateways)', ''],
  TASK_ADDON_SYNC_KEY: ["takes the add-on's sync key", ''],
  TASK_ADDON: ['installs or removes the add-on', ''],
  TASK_MANAGED_DEVICE_UPDATE: ['passes the changes to the devices behind it (gateways)', ''],
  TASK_MANAGED_DEVICE_FW_UPDATE: ['updates the firmware of the devices behind it (gateways)', ''],
  TASK_TUNNEL_OPEN: [
    'connects `GET /agent/v1/tunnel?tunnelId=` for `params.service` (see Tunnels), then reports success; failed when it cannot',
    '',
  ],
  TASK_ONVIF_SCAN_AND_COLLECT: [
    'scans for ONVIF cameras (smart NVRs)',
    '`cameras`: the cameras found that it does not record yet',
  ],
  TASK_CAMERA_ADOPT: [
    'adds the camera the scan found at `params.ip` as `params.name`, with an id of its own (smart NVRs)',
    '',
  ],
  TASK_CAMERA_REMOVE: ['removes camera `params.cameraId`: its heartbeats list it no more (smart NVRs)', ''],
  TASK_CAMERA_RENAME: ['names camera `params.cameraId` `params.name` (smart NVRs)', ''],
  TASK_CAMERA_RECORDING: [
    'starts (`params.enabled` true) or stops recording camera `params.cameraId` (smart NVRs)',
    '',
  ],
  TASK_CAMERA_PROFILE: [
    'records camera `params.cameraId` by `params.profile`, keeping `params.retentionDays` days (smart NVRs)',
    '',
  ],
};

export function renderAgentProtocolDoc(): string {
  const channels = Object.entries(BAND_CHANNELS)
    .map(([band, list]) => `| ${band} GHz | ${list.join(', ')} |`)
    .join('\n');
  return `# Device agent protocol (version ${AGENT_PROTOCOL_VERSION})

<!-- Generated by scripts/agent-protocol-docs.ts from core/fleet/protocol.ts and protocol-examples.ts: edit those. -->

Devices (access points, radios, mesh units, gateways, switches and smart NVRs) talk to the console over
HTTPS with JSON bodies under \`/agent/v1\`. The server validates every message with the schemas below;
docs/alert-rules.md says what the console makes of them. A field a schema does not name is refused, not
ignored (400 \`additionalProperties\`, its path naming it), and so is text with a NUL character or a lone
surrogate (400 \`nul_character\`, \`ill_formed_text\`): firmware sends only the fields of this version.

| call | auth | what for |
|---|---|---|
| \`POST /agent/v1/adopt\` | the cloud's onboarding key, in the body | a device calls home; one its cloud registered gets its credential, once |
| \`POST /agent/v1/heartbeat\` | \`Authorization: Bearer <credential>\` | status and telemetry; the answer sets the pace |
| \`POST /agent/v1/events\` | \`Authorization: Bearer <credential>\` | what happened between heartbeats |
| \`GET /agent/v1/commands?waitS=25\` | \`Authorization: Bearer <credential>\` | the command channel: tasks for the device, as soon as there are any |
| \`POST /agent/v1/commands/{id}\` | \`Authorization: Bearer <credential>\` | a task taken, its progress, its result |
| \`GET /agent/v1/tunnel?tunnelId={id}\` (WebSocket) | \`Authorization: Bearer <credential>\` | the tunnel the console asked for (Tunnels) |

Browser sessions are not credentials here, and device credentials are not sessions anywhere under
\`/apiv2\`. Bodies larger than their call's limit (see Sizes) are refused with 413 before they are read.
Every answer carries \`Cache-Control: no-store\`: no cache keeps a credential.

## Sizes

Every message is bounded in bytes, and each of its variable parts by the schemas below: every string by
\`maxLength\`, every list by \`maxItems\`, and a result's configuration document by the result's size.

| what | at most |
|---|---|
| the body of an adoption, a heartbeat or an events request | ${kib(AGENT_BODY_LIMIT)} |
| the body of a task report | ${kib(TASK_REPORT_BODY_LIMIT)} (its file, base64-encoded, and the rest) |
| a task report's \`result.file\` | ${kib(RESULT_FILE_LIMIT)} before encoding |
| a task report's \`result\` besides its file, as JSON | ${kib(RESULT_TEXT_LIMIT)}, or ${kib(RESULT_INLINE_LIMIT)} beside a file |

A result (besides its file) up to ${kib(RESULT_INLINE_LIMIT)} is kept in the task and shown in its detail; a
larger one is kept as the target's file \`result.json\`, which the operator downloads as any task file.

## Adoption

A device calls home with its serial number, MAC address, product brand id (the catalogue's model),
firmware and management daemon version, and the **onboarding key** of the cloud it belongs to: a secret
its label does not carry, which members who may register devices read on the cloud's Pending devices page
and enter on the device (or deliver through their provisioning). Case, spaces and dashes in the key do not
matter. A cloud can rotate its key: the old one stops working at once, adopted devices keep their
credentials.

- With the cloud's key, a device that cloud registered (same MAC address and serial number, into a site,
  or the recorder into the cloud) gets **200** with its credential \`<agent id>.<secret>\`. It is given
  **once**: the console keeps only the SHA-256 of the secret, and the device must store it. The device's
  model and versions become what it reported. A device the cloud has not registered waits in that cloud's
  pending list, where a member adopts it into a site.
- Without a key, or with one that is not a cloud's, MAC address and serial number never get a credential.
  The device waits in no cloud's list in particular; a cloud that registered it sees it, with the address
  it called from, and a member approves it: its next call **from that address** within the hour gets the
  credential.
- Every other call gets the same **202**, whatever the reason (unknown, waiting, already adopted, blocked,
  decommissioned): the device calls again after \`retryAfterS\`. A device that holds a credential and calls
  home again gets 202 too; a device that lost its credential is adopted again only after a member resets
  it (the device's dashboard), with the key or by approval again.
- When two clouds registered the same device, it adopts into the one whose key it presents (or the first
  whose approval matches its call).
- Calls home are limited per source address (an IPv6 address counts by its /64): past the limit the answer
  is **429** with \`Retry-After\`; wait that long. Heartbeats, events and the command channel have a far
  larger limit per address, so thousands of devices can share one NAT address.

${json(examples.adoptRequest)}

${json(examples.adoptedResponse)}

${json(examples.pendingResponse)}

${schema('Adoption request', AdoptRequest)}

${schema('200 answer', AdoptedResponse)}

${schema('202 answer', PendingResponse)}

## Heartbeats

Every heartbeat carries the device's whole current state: what holds now, not what changed. The answer's
\`nextHeartbeatS\` sets when the next one is due (${DEFAULT_HEARTBEAT_INTERVAL_S} s unless the console is
configured otherwise), and \`commands\` carries the work the console gives the device (tasks).

A heartbeat sent sooner than ${minGap} an interval after the last one the console took is refused with
**429**: nothing of it is kept, \`Retry-After\` says in how many seconds the next one is taken and the
body's \`nextHeartbeatS\` the pace. The first heartbeat after adoption is always taken, and so is the first
after the device restarted (its \`uptimeS\` went back and is shorter than the time since its last one).

| part | who sends it |
|---|---|
| \`uptimeS\`, \`fw\` (version-revision), \`mgmtdVersion\`, \`ip\`, \`hostname\`, \`system\`, \`timeSync\`, \`config\`, \`actionRequired\` | every device |
| \`radios\`, \`clients\` | access points and GLinq units (2.4 and 5 GHz, and 6 GHz on Wi-Fi 6E and 7 models), Wi-Fi mesh units (radios), 60 GHz mesh nodes |
| \`ports\`, \`system.powerW\` and \`powerBudgetW\` (PoE delivered and budget) | switches; gateways their WAN and LAN ports (WAN first) |
| \`links\` | point-to-point and point-to-multipoint radios, 60 GHz mesh nodes: \`peerMac\` is the radio at the other end, \`capacityMbps\` at most the PHY rate of the link's \`mcs\` |
| \`meshPeers\` | mesh units |
| \`wan\`, \`managedDevices\` | gateways |
| \`cameras\`, \`mediaSync\` | smart NVRs |
| \`lldp\` | devices with wired ports: switches, gateways, access points, radios (docs/topology.md) |

Byte counters (\`rxBytes\`, \`txBytes\`) and port \`errors\` count since the previous heartbeat. A radio's
channel must be one of its band's, or the heartbeat is refused (400 \`channel_not_in_band\`):

| band | channels |
|---|---|
${channels}

### Access point
${json(examples.accessPointHeartbeat)}

### Switch drawing more PoE power than its budget
${json(examples.switchHeartbeat)}

### Point-to-point radio whose 60 GHz link is down
${json(examples.pointToPointHeartbeat)}

### Gateway with a managed device that does not answer
${json(examples.gatewayHeartbeat)}

### Smart NVR with a failed stream and its clock unsynchronised
${json(examples.recorderHeartbeat)}

### Answer
${json(examples.heartbeatResponse)}

${schema('Heartbeat', HeartbeatRequest)}

${schema('Answer', HeartbeatResponse)}

${schema('429 answer', HeartbeatTooEarlyResponse)}

## Events

Things that happen between heartbeats. They are stored, with the alerts they raise, before the answer is
sent: a 200 means the console has them. A condition an event reports (a failed configuration, a link
down, a failed stream, ...) must also show in the heartbeats while it lasts: the first heartbeat that no
longer shows it resolves its alert.

${json(examples.eventsRequest)}

${json(examples.eventsResponse)}

${schema('Event', AgentEvent)}

${schema('Events request', EventsRequest)}

${schema('Answer', EventsResponse)}

## Tasks

An operator's task reaches the device through the **command channel**: the device keeps
\`GET /agent/v1/commands?waitS=25\` open (a long poll; up to 30 s). The answer comes at once when tasks
wait for the device, the moment one is created for it, or with none after \`waitS\` (up to a fifth
sooner, at random, so that devices that asked together ask again spread out); the device then asks again. The heartbeat answer's \`commands\` carries the same list, for a device that does not hold
the channel open. A command may arrive twice (channel and heartbeat): run each \`id\` once.

The device reports on each command with \`POST /agent/v1/commands/{id}\`: \`running\` as soon as it
takes it (the console stops waiting for it: a device that takes nothing within ${ACK_TIMEOUT_S / 60} minutes is
TASK_TIMEOUT), \`running\` with \`progress\` as it goes, then \`success\` or \`failed\` with an
\`error\` and, for some types, a \`result\`. The answer says where the task stands on the console: on
\`TASK_CANCELED\` or \`TASK_TIMEOUT\` the device stops work on it. Reports need no sequence number:
a report the task's state no longer allows changes nothing. Each type has until its timeout, from the
moment the device took it, to report its result:

| type | timeout | the device | result |
|---|---|---|---|
${Object.entries(TASK_DEFINITIONS)
  .map(
    ([type, definition]) =>
      `| \`${type}\` | ${definition.timeoutS / 60} min | ${TASK_NOTES[type]?.[0] ?? ''} | ${TASK_NOTES[type]?.[1] ?? ''} |`,
  )
  .join('\n')}

A result file is sent base64-encoded in \`result.file\`, at most ${RESULT_FILE_LIMIT / 1024 / 1024} MiB; the rest of a
result at most ${RESULT_TEXT_LIMIT / 1024} KiB as JSON, kept as the file \`result.json\` past ${RESULT_INLINE_LIMIT / 1024} KiB (see Sizes).

${json(examples.commandsResponse)}

### Configuration change

A \`TASK_CONFIG_CHANGE\` command's \`params\` are the device's whole effective configuration document
(\`config\`: its kind's, docs/configuration.md, General and locale and the kind's own section), \`hash\`, the
SHA-256 of the document's canonical JSON (every object's keys in order, no spaces) in lower-case hex, and
\`revision\`, the console's revision of it. The console has validated the document; the device still checks
it against what its hardware takes and refuses it whole (\`failed\`, \`error\` saying why) when it cannot run
it: a channel its radio does not have, a width wider than its radio, more WLANs on a radio than it takes, a
document without its kind's section. A refused document changes nothing: the device keeps running its
previous document. A device that applied the document but then lost contact with the console reverts to
its previous document and reports \`failed\` as well.

The device reports the hash of the document it runs, as the console sent it, in every heartbeat as
\`config.appliedHash\` (none before the console first configured it), and \`config.applied: false\` with
\`config.error\` while the last document it was sent failed. When its running document is changed on the
device itself, it keeps \`appliedHash\` (the hash names what the console sent) and lists the changed files in
\`config.unsyncedFiles\` until it next applies a document from the console. \`TASK_RECEIVED_CONFIG\` returns
the document it runs, those changes included.

${schema('Configuration change params', ConfigChangeParams)}

${Object.entries(examples.taskReports)
  .map(([name, body]) => `${name}:\n\n${json(body)}`)
  .join('\n\n')}

${json(examples.taskReportResponse)}

${schema('Command', Command)}

${schema('Commands answer', CommandsResponse)}

${schema('Task report', TaskReport)}

${schema('Answer', TaskReportResponse)}

## Tunnels

A device keeps no port open: when the console needs the device's own web page (remote web access,
docs/remote-access.md) or a recorder's media, it sends \`TASK_TUNNEL_OPEN\` with \`tunnelId\` and \`service\`.
The device connects a WebSocket to \`GET /agent/v1/tunnel?tunnelId={tunnelId}\` with its credential in
\`Authorization\`, and reports the task \`success\` once the connection is open (\`failed\`, with an
\`error\`, when it cannot). The console takes the connection only for the device's own tunnel while it waits
for it: a missing or wrong credential is refused with 401, another device's tunnel, one already open or one
closed with 403, before the WebSocket opens.

**Services, never ports.** The console names a service and the device maps it to a listener of its own:
\`web\` (its own web page) on every family, \`media\` on smart NVRs only. A device refuses to connect for a
service it does not serve, and answers an \`error\` to a request for another service than its tunnel's.

**Framing.** Text frames carry JSON control messages; binary frames carry bodies as a 4-byte big-endian
stream id followed by at most ${kib(TUNNEL_FRAME_BYTES)} of the body. Only the console opens streams (ids it
chooses), at most ${TUNNEL_MAX_STREAMS} at once: it sends \`request\` with the method, the path and query, and
the headers (names in lower case; a header that repeats, such as \`set-cookie\`, has its values joined by a
newline), then the body's frames, then \`end\`. The device answers \`response\` with the status and headers,
the body's frames and \`end\`, or \`error\` when it cannot serve the request. \`cancel\` tells the device to stop
a stream (the browser went away). A device that sends a \`request\`, a malformed message or a frame of a
stream it was not asked for is disconnected (close code ${TUNNEL_CLOSE.protocol}).

The console closes the tunnel (close code ${TUNNEL_CLOSE.closed}) when a member closes it, at its expiry,
or after it carried nothing for a while; a device whose tunnel ends does not connect it again on its own:
the console asks again when it needs it.

${Object.entries(examples.tunnelMessages)
  .map(([name, body]) => `${name}:\n\n${json(body)}`)
  .join('\n\n')}

${schema('Task parameters', TunnelOpenParams)}

${schema('Console to device', ConsoleTunnelMessage)}

${schema('Device to console', DeviceTunnelMessage)}

## Sequence numbers

Every heartbeat and every events request carries \`seq\`, one counter per device for both: each message
must carry a number greater than the last one the console took. A replayed or out-of-order message is
refused with 400 \`stale_sequence\` and changes nothing; its message says the last number taken, so a
device that lost its counter can continue from it. Send one message at a time and wait for its answer.

## Status

The console marks a device \`STATUS_SKIPPED_HB\` once a heartbeat is more than half an interval late
(1.5 intervals after the last one), and \`STATUS_OFFLINE\` after ${MISSED_HEARTBEAT_LIMIT} missed
(${MISSED_HEARTBEAT_LIMIT}.5 intervals), which raises \`DEV_UNREACHABLE\`. A sweep checks every
${STATUS_SWEEP_EVERY_S} s (or every interval, when that is shorter). When the console itself was down,
every reporting device gets one more interval and a half from its start before it is judged.

## Errors

| status | body | when | what the device does |
|---|---|---|---|
| 400 | \`{ "errors": [{ errorCode, location, path, message }] }\` | a malformed body, a field the schema does not name, a channel outside its band, a stale sequence number | fix the message; after \`stale_sequence\`, continue from the number given |
| 401 | \`{ "message" }\` | no credential, a wrong one, or one that was reset, or of a device that was removed, blocked or decommissioned | forget the credential and call home again |
| 413 | \`{ "message" }\` | a body over its call's limit, or a task result over its own (see Sizes) | send less (fewer clients or ports, a smaller result) |
| 429 | \`{ "message" }\` | too many requests from the device's address | wait as long as \`Retry-After\` says |
| 429 | \`{ "message", "nextHeartbeatS" }\` | a heartbeat sooner than ${minGap} an interval after the last one | wait \`Retry-After\` seconds, then keep the pace \`nextHeartbeatS\` |
| 5xx | \`{ "message", "incidentId" }\` | the console could not store the message | send again later, waiting longer each time |

${Object.entries(examples.errorExamples)
  .map(([status, body]) => `${status}:\n\n${json(body)}`)
  .join('\n\n')}

## Changing this protocol

This is version ${AGENT_PROTOCOL_VERSION}. Changes are additive (new optional fields, new event types the
console ignores until it knows them); anything else is a new version under a new path.
`;
}

if (import.meta.main) {
  const rendered = renderAgentProtocolDoc();
  if (process.argv.includes('--check')) {
    if (readFileSync(AGENT_PROTOCOL_DOC, 'utf8') !== rendered) {
      console.error('docs/agent-protocol.md is out of date: run node scripts/agent-protocol-docs.ts');
      process.exit(1);
    }
  } else {
    writeFileSync(AGENT_PROTOCOL_DOC, rendered);
  }
}
