// A smart NVR's cameras (docs/cameras.md): the IP Cameras page's list, one camera, the cameras its ONVIF
// scan found, and the changes, each of which is a task to the recorder. Shared by server and web app.
import { type Static, type TSchema, Type } from 'typebox';
import { ALERT_PARAMS, type AlertDefinition } from '../alerts/alert-params.ts';
import { CameraId, CameraName, RetentionDays } from '../fleet/camera-tasks.ts';
import { CAMERA_CODECS, RECORDING_PROFILES } from '../fleet/protocol.ts';
import { closed } from './closed.ts';
import { ListPage, ListQuery } from './list-query.ts';
import { TaskSchema } from './tasks.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** What the list shows of a camera's stream: sending, failed, or idle. */
export const CAMERA_STREAM_STATES = ['streaming', 'failed', 'idle'] as const;
export type CameraStreamState = (typeof CAMERA_STREAM_STATES)[number];
/** The list's status filter: a stream state, or whether the recorder records it. */
export const CAMERA_FILTERS = ['all', ...CAMERA_STREAM_STATES, 'recording', 'not_recording'] as const;
export type CameraFilter = (typeof CAMERA_FILTERS)[number];

export const RecorderParams = Type.Object({ cloudId: Id, smartNvrId: Id }, closed);
export type RecorderParams = Static<typeof RecorderParams>;
export const CameraParams = Type.Object({ cloudId: Id, smartNvrId: Id, cameraId: CameraId }, closed);
export type CameraParams = Static<typeof CameraParams>;
export const DiscoveredCameraParams = Type.Object({ cloudId: Id, smartNvrId: Id, discoveredId: Id }, closed);

export const CameraListQuery = Type.Object(
  { ...ListQuery.properties, filter: Type.Enum(CAMERA_FILTERS, { default: 'all' }) },
  closed,
);
export type CameraListQuery = Static<typeof CameraListQuery>;

export const CameraStreamInfo = Type.Object({
  codec: Type.Enum(CAMERA_CODECS),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type CameraStreamInfo = Static<typeof CameraStreamInfo>;

/** A camera as the recorder last reported it; what the recorder has not said is null. */
export const CameraItem = Type.Object({
  /** The recorder's own id of the camera. */
  id: Type.String(),
  name: Type.String(),
  model: Nullable(Type.String()),
  ip: Nullable(Type.String()),
  firmware: Nullable(Type.String()),
  main: Nullable(CameraStreamInfo),
  sub: Nullable(CameraStreamInfo),
  status: Type.Enum(CAMERA_STREAM_STATES),
  bitrate_kbps: Type.Integer(),
  recording: Nullable(Type.Boolean()),
  recording_profile: Nullable(Type.Enum(RECORDING_PROFILES)),
  retention_days: Nullable(Type.Integer()),
  storage_used_bytes: Nullable(Type.Integer()),
  last_frame_at: Nullable(Type.String()),
  /** When a heartbeat of the recorder last listed it. */
  last_seen_at: Type.String(),
});
export type CameraItem = Static<typeof CameraItem>;

/**
 * GET .../smartnvrs/{smartNvrId}/cameras: one page of the recorder's cameras by name, whether the recorder
 * reports now, and whether the caller may change them (manage_snvr).
 */
export const CameraListResponse = Type.Object({
  ...ListPage(CameraItem).properties,
  recorder: Type.Object({ id: Type.Integer(), name: Type.String(), online: Type.Boolean() }),
  can_manage: Type.Boolean(),
});
export type CameraListResponse = Static<typeof CameraListResponse>;

export const DiscoveredCamera = Type.Object({
  id: Type.Integer(),
  ip: Type.String(),
  manufacturer: Type.String(),
  model: Type.String(),
  name: Type.String(),
  found_at: Type.String(),
});
export type DiscoveredCamera = Static<typeof DiscoveredCamera>;

/** The recorder's latest ONVIF scan: its task and where it stands; null when none was run. */
export const CameraScan = Type.Object({
  task_id: Type.Integer(),
  task_state: TaskSchema.properties.task_state,
  execute_at: Type.String(),
});

/** GET .../discovered-cameras: the cameras the latest scan found that the recorder does not record, by address. */
export const DiscoveredCameraListQuery = Type.Object(
  { offset: ListQuery.properties.offset, limit: ListQuery.properties.limit },
  closed,
);
export type DiscoveredCameraListQuery = Static<typeof DiscoveredCameraListQuery>;
export const DiscoveredCameraListResponse = Type.Object({
  ...ListPage(DiscoveredCamera).properties,
  last_scan: Nullable(CameraScan),
});
export type DiscoveredCameraListResponse = Static<typeof DiscoveredCameraListResponse>;

/** POST .../discovered-cameras/{discoveredId}/adopt: the name to give it (the one it reported when left out). */
export const AdoptCameraBody = Type.Object({ name: Type.Optional(CameraName) }, closed);
export type AdoptCameraBody = Static<typeof AdoptCameraBody>;
export const RenameCameraBody = Type.Object({ name: CameraName }, closed);
export type RenameCameraBody = Static<typeof RenameCameraBody>;
export const CameraRecordingBody = Type.Object({ enabled: Type.Boolean() }, closed);
export type CameraRecordingBody = Static<typeof CameraRecordingBody>;
export const CameraProfileBody = Type.Object(
  { profile: Type.Enum(RECORDING_PROFILES), retention_days: RetentionDays },
  closed,
);
export type CameraProfileBody = Static<typeof CameraProfileBody>;
/** Each change call answers the task it created (201). */
export const CameraTaskResponse = Type.Object({ task: TaskSchema });
export type CameraTaskResponse = Static<typeof CameraTaskResponse>;

/** The alerts about a recorder's cameras, which link to its IP Cameras page (docs/cameras.md#alerts). */
export const CAMERA_ALERT_TYPES = ['STREAM_FAILED', 'MEDIA_SYNC_FAILURE'] as const;

/**
 * The camera an alert is about: a failed stream's, or a media sync failure's when it is one camera's (the
 * key is the recorder's camera id); null for the recorder's own and for other alerts.
 */
export function alertCameraId(alertType: string, alertKey: string | null): string | null {
  return (CAMERA_ALERT_TYPES as readonly string[]).includes(alertType) && alertKey ? alertKey : null;
}

type CameraAlert = {
  readonly alert_type: string;
  readonly alert_data_1: string | null;
  readonly alert_data_2: string | null;
  readonly alert_data_3: string | null;
};

/** What a camera alert calls its camera: its `camera` parameter (core/alerts/alert-params.ts), else the id. */
export function alertCameraName(alert: CameraAlert, cameraId: string): string {
  const definition = (ALERT_PARAMS as Readonly<Record<string, AlertDefinition>>)[alert.alert_type];
  const index = definition?.params.findIndex((param) => param?.name === 'camera') ?? -1;
  return [alert.alert_data_1, alert.alert_data_2, alert.alert_data_3][index] ?? cameraId;
}
