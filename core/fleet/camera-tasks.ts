// The parameters of the tasks that change a smart NVR's cameras (docs/cameras.md): camelCase, as every
// agent-protocol parameter. The recorder carries each out and its next heartbeat lists the camera as it is.
import { type Static, Type } from 'typebox';
import { RECORDING_PROFILES, RETENTION_DAYS_MAX } from './protocol.ts';

const strict = <T extends Parameters<typeof Type.Object>[0]>(properties: T) =>
  Type.Object(properties, { additionalProperties: false });

/** The recorder's own id of one of its cameras. */
export const CameraId = Type.String({ minLength: 1, maxLength: 64, description: "the recorder's camera id" });
/** The longest name of a camera. */
export const CAMERA_NAME_MAX_LENGTH = 64;
/** A camera's name as people read it; spaces at either end are not kept. */
export const CameraName = Type.String({
  minLength: 1,
  maxLength: CAMERA_NAME_MAX_LENGTH,
  pattern: '^\\S(.*\\S)?$',
  description: 'the name shown for the camera',
});
export const CameraIp = Type.String({ format: 'ipv4', maxLength: 15, description: "the camera's address" });
export const RetentionDays = Type.Integer({
  minimum: 1,
  maximum: RETENTION_DAYS_MAX,
  description: 'days its footage is kept',
});

/** Adds a camera the ONVIF scan found at `ip`, under `name`. */
export const CameraAdoptParams = strict({ ip: CameraIp, name: CameraName });
export type CameraAdoptParams = Static<typeof CameraAdoptParams>;
/** Removes the camera: the recorder stops recording it (its footage ages out as its retention says). */
export const CameraRemoveParams = strict({ cameraId: CameraId });
export type CameraRemoveParams = Static<typeof CameraRemoveParams>;
export const CameraRenameParams = strict({ cameraId: CameraId, name: CameraName });
export type CameraRenameParams = Static<typeof CameraRenameParams>;
/** Starts or stops recording the camera. */
export const CameraRecordingParams = strict({ cameraId: CameraId, enabled: Type.Boolean() });
export type CameraRecordingParams = Static<typeof CameraRecordingParams>;
/** When the recorder records the camera and how long it keeps the footage. */
export const CameraProfileParams = strict({
  cameraId: CameraId,
  profile: Type.Enum(RECORDING_PROFILES),
  retentionDays: RetentionDays,
});
export type CameraProfileParams = Static<typeof CameraProfileParams>;
