// How the IP Cameras page writes a camera's values (docs/cameras.md#the-page).
import type { TFunction } from 'i18next';
import type { CameraItem, CameraStreamInfo, CameraStreamState } from '../../../../core/api/cameras.ts';
import type { RecordingProfile } from '../../../../core/fleet/protocol.ts';

export const STATUS_KEYS = {
  streaming: 'cameras.status.streaming',
  failed: 'cameras.status.failed',
  idle: 'cameras.status.idle',
} as const satisfies Record<CameraStreamState, string>;

export const PROFILE_KEYS = {
  continuous: 'cameras.profile.continuous',
  motion: 'cameras.profile.motion',
  schedule: 'cameras.profile.schedule',
} as const satisfies Record<RecordingProfile, string>;

const CODECS = { h264: 'H.264', h265: 'H.265' } as const;

/** "H.265 2560×1440", or that the recorder has not said. */
export function streamText(t: TFunction, stream: CameraStreamInfo | null): string {
  if (!stream) return t('cameras.value.unknown');
  return `${CODECS[stream.codec]} ${stream.width}×${stream.height}`;
}

/** Off, or when it records and how many days it keeps. */
export function recordingText(t: TFunction, camera: CameraItem): string {
  if (camera.recording === null) return t('cameras.value.unknown');
  if (!camera.recording) return t('cameras.recording.off');
  const profile = camera.recording_profile
    ? t(PROFILE_KEYS[camera.recording_profile])
    : t('cameras.recording.on');
  return camera.retention_days === null
    ? profile
    : t('cameras.recording.value', { profile, days: camera.retention_days });
}
