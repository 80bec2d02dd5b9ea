// What each task type of docs/entities.md takes, who may start it, what it runs on and how long a device has to
// finish it. The server validates task parameters with these schemas; the web app builds its forms on them.
import { type Static, type TSchema, Type } from 'typebox';
import {
  type CloudPermission,
  type ProductType,
  type SitePermission,
  TASK_TYPES,
  type TaskType,
} from './domain.ts';
import {
  CameraAdoptParams,
  CameraProfileParams,
  CameraRecordingParams,
  CameraRemoveParams,
  CameraRenameParams,
} from './fleet/camera-tasks.ts';
import { DeviceFileName, FirmwareVersion, Mac } from './fleet/protocol.ts';
import { TroubleshootParamsSchema } from './fleet/troubleshoot.ts';
import { TunnelOpenParams } from './fleet/tunnel-protocol.ts';
import { type Access, can, isOwnerOrAdmin, sitePermissions } from './policy.ts';

const Empty = Type.Object({}, { additionalProperties: false });
const Interface = Type.String({ pattern: '^[A-Za-z0-9._-]{1,15}$', description: 'network interface' });
/** A change a gateway makes on the devices it manages: sections of their configuration and values to set. */
const ConfigChanges = Type.Record(
  Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
  Type.Record(
    Type.String({ maxLength: 40 }),
    Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]),
  ),
  {
    minProperties: 1,
    maxProperties: 20,
    additionalProperties: false,
    description: 'section -> option -> value',
  },
);
const strict = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** How a task goes batch by batch (core/task-machine.ts rolloutDecision). */
const ROLLOUT_CONTROLS = {
  canarySize: Type.Integer({
    minimum: 1,
    maximum: 100,
    default: 1,
    description: 'devices in the first batch',
  }),
  batchSize: Type.Integer({
    minimum: 1,
    maximum: 1000,
    description: 'devices in each batch after the canary',
  }),
  failureThresholdPct: Type.Integer({
    minimum: 0,
    maximum: 100,
    description: 'the rollout stops when more than this share of the devices touched failed',
  }),
};
export const RollingUpdateParams = strict({ version: FirmwareVersion, ...ROLLOUT_CONTROLS });
export type RollingUpdateParams = Static<typeof RollingUpdateParams>;

/** Where a task type may run: site devices of some families, smart NVRs, or both. */
type Targets = { families: readonly ProductType[] | 'all'; smartNvr: boolean };
const ALL_DEVICES: Targets = { families: 'all', smartNvr: false };

export type TaskDefinition = {
  params: TSchema;
  /** docs/roles.md: the site permission it needs on every target device's site. */
  permission: SitePermission;
  /** The cloud permission it needs on a smart NVR target. */
  smartNvrPermission: CloudPermission;
  targets: Targets;
  /** Seconds a device has from taking the task to reporting its result. */
  timeoutS: number;
  /**
   * Its result is a file the operator downloads: a packet capture, or a report or device file that may
   * carry the device's configuration (docs/security.md, "Task files").
   */
  file?: 'capture' | 'configuration';
};

const definition = (
  params: TSchema,
  permission: SitePermission,
  timeoutS: number,
  extra: Partial<TaskDefinition> = {},
): TaskDefinition => ({
  params,
  permission,
  smartNvrPermission: 'manage_snvr',
  targets: ALL_DEVICES,
  timeoutS,
  ...extra,
});

const MINUTE = 60;
const firmware = strict({ version: FirmwareVersion });
const withRecorders = (families: Targets['families']): Targets => ({ families, smartNvr: true });

const RECORDERS_ONLY: Partial<TaskDefinition> = { targets: { families: [], smartNvr: true } };

export const TASK_DEFINITIONS: Readonly<Record<TaskType, TaskDefinition>> = {
  TASK_REBOOT: definition(Empty, 'change_device_state', 5 * MINUTE, { targets: withRecorders('all') }),
  TASK_FACTORY_RESET: definition(Empty, 'change_device_state', 10 * MINUTE),
  // Made by applying a configuration revision (docs/configuration.md#applying); each target's command
  // carries that device's document.
  TASK_CONFIG_CHANGE: definition(
    strict({ revision: Type.Integer({ minimum: 1 }), ...ROLLOUT_CONTROLS }),
    'change_device_config',
    5 * MINUTE,
  ),
  // Reading the running configuration makes the device work and leaves a task in everyone's history: a
  // live action, not a read (docs/security.md, "Tasks").
  TASK_RECEIVED_CONFIG: definition(Empty, 'live_actions', 2 * MINUTE),
  TASK_FW_UPDATE: definition(firmware, 'firmware', 30 * MINUTE, { targets: withRecorders('all') }),
  TASK_FW_AUTO_UPDATE: definition(Empty, 'firmware', 30 * MINUTE, { targets: withRecorders('all') }),
  TASK_FW_ROLLING_UPDATE: definition(RollingUpdateParams, 'firmware', 30 * MINUTE),
  TASK_NETCAP: definition(
    strict({ interface: Interface, durationS: Type.Integer({ minimum: 1, maximum: 600 }) }),
    'live_actions',
    15 * MINUTE,
    { file: 'capture' },
  ),
  TASK_PACKET_DUMP: definition(
    strict({ interface: Interface, packets: Type.Integer({ minimum: 1, maximum: 100_000 }) }),
    'live_actions',
    15 * MINUTE,
    { file: 'capture' },
  ),
  // A tech-support report, or with `file` one of the files a switch keeps (core/navigation/versions.ts).
  TASK_REPORT: definition(strict({ file: Type.Optional(DeviceFileName) }), 'export_data', 10 * MINUTE, {
    targets: withRecorders('all'),
    file: 'configuration',
  }),
  // One of the troubleshooting tools, each with its own inputs (docs/tools.md); tools other than ping and
  // traceroute also need the support tools flag.
  TASK_TROUBLESHOOT: definition(TroubleshootParamsSchema, 'live_actions', 5 * MINUTE),
  TASK_SDWAN_CERT: definition(Empty, 'change_device_config', 5 * MINUTE, {
    targets: { families: ['gateway'], smartNvr: false },
  }),
  TASK_ADDON_SYNC_KEY: definition(
    strict({ addonId: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }) }),
    'change_device_config',
    2 * MINUTE,
  ),
  TASK_ADDON: definition(
    strict({
      addonId: Type.String({ pattern: '^[a-z0-9-]{1,40}$' }),
      action: Type.Enum(['install', 'remove']),
    }),
    'change_device_config',
    10 * MINUTE,
  ),
  TASK_MANAGED_DEVICE_UPDATE: definition(
    strict({ macs: Type.Array(Mac, { minItems: 1, maxItems: 256 }), changes: ConfigChanges }),
    'change_device_config',
    10 * MINUTE,
    { targets: { families: ['gateway'], smartNvr: false } },
  ),
  TASK_MANAGED_DEVICE_FW_UPDATE: definition(
    strict({ macs: Type.Array(Mac, { minItems: 1, maxItems: 256 }), version: FirmwareVersion }),
    'firmware',
    60 * MINUTE,
    { targets: { families: ['gateway'], smartNvr: false } },
  ),
  // Runs on recorders only (manage_snvr); the site permission is the one a scan would need on a site.
  TASK_ONVIF_SCAN_AND_COLLECT: definition(Empty, 'live_actions', 10 * MINUTE, {
    targets: { families: [], smartNvr: true },
  }),
  // Opened from remote web access or by the console for a recorder's media (docs/remote-access.md), never
  // as a task of its own: the task API refuses it.
  TASK_TUNNEL_OPEN: definition(TunnelOpenParams, 'live_actions', 2 * MINUTE, {
    targets: withRecorders('all'),
  }),
  // A recorder's cameras (docs/cameras.md): recorders only (manage_snvr); the site permission is the one
  // such a change would need on a site.
  TASK_CAMERA_ADOPT: definition(CameraAdoptParams, 'change_device_config', 5 * MINUTE, RECORDERS_ONLY),
  TASK_CAMERA_REMOVE: definition(CameraRemoveParams, 'change_device_config', 5 * MINUTE, RECORDERS_ONLY),
  TASK_CAMERA_RENAME: definition(CameraRenameParams, 'change_device_config', 2 * MINUTE, RECORDERS_ONLY),
  TASK_CAMERA_RECORDING: definition(
    CameraRecordingParams,
    'change_device_config',
    2 * MINUTE,
    RECORDERS_ONLY,
  ),
  TASK_CAMERA_PROFILE: definition(CameraProfileParams, 'change_device_config', 2 * MINUTE, RECORDERS_ONLY),
};

/** A device or recorder that has not taken its task within this time is TIMEOUT. */
export const ACK_TIMEOUT_S = 60 * MINUTE;

/** Whether a task type runs on a device of this family (a smart NVR's family is smartnvr). */
export function runsOn(type: TaskType, productType: ProductType): boolean {
  const { targets } = TASK_DEFINITIONS[type];
  if (productType === 'smartnvr') return targets.smartNvr;
  return targets.families === 'all' || targets.families.includes(productType);
}

/** The task types an operator may start on a device of a site and family (docs/roles.md site permissions). */
export function allowedTasks(access: Access, siteId: number | null, productType: ProductType): TaskType[] {
  if (siteId === null) return [];
  const granted = sitePermissions(access, siteId);
  return TASK_TYPES.filter(
    (type) => granted.has(TASK_DEFINITIONS[type].permission) && runsOn(type, productType),
  );
}

/** Where a task's target is: the site of its device (null when on none), or a smart NVR. */
export type TargetPlace = { siteId: number | null; smartNvr: boolean };

/** The type's permission where one target is; a device on no site is for owners and administrators. */
function mayActAt(access: Access, type: TaskType, place: TargetPlace): boolean {
  const definition = TASK_DEFINITIONS[type];
  if (place.smartNvr) return can(access, definition.smartNvrPermission);
  if (place.siteId === null) return isOwnerOrAdmin(access);
  return sitePermissions(access, place.siteId).has(definition.permission);
}

/**
 * Cancelling, pausing or resuming a task needs the permission its type needs on every target, as starting
 * it did (docs/security.md, "Tasks"); a task left without targets is for owners and administrators.
 */
export function mayChangeTask(access: Access, type: TaskType, places: readonly TargetPlace[]): boolean {
  if (places.length === 0) return isOwnerOrAdmin(access);
  return places.every((place) => mayActAt(access, type, place));
}

/**
 * Downloading the file a target left needs export_data where the target is, and view_sensitive_config too
 * when the file may carry the device's configuration; a recorder's file needs manage_snvr.
 */
export function mayDownloadTaskFile(access: Access, type: TaskType, place: TargetPlace): boolean {
  if (place.smartNvr) return can(access, 'manage_snvr');
  if (place.siteId === null) return isOwnerOrAdmin(access);
  const granted = sitePermissions(access, place.siteId);
  if (!granted.has('export_data')) return false;
  return TASK_DEFINITIONS[type].file !== 'configuration' || granted.has('view_sensitive_config');
}
