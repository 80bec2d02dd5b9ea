// The query keys of a recorder's IP Cameras page; its queries and its changes take them from here.
import type { CameraFilter } from '../../../../core/api/cameras.ts';

export type CameraListParams = {
  readonly search: string;
  readonly filter: CameraFilter;
  readonly offset: number;
};

export const camerasKeys = {
  /** Everything the page shows of one recorder's cameras. */
  recorder: (cloudId: number, smartNvrId: number) => ['cameras', cloudId, smartNvrId] as const,
  list: (cloudId: number, smartNvrId: number, params: CameraListParams) =>
    [...camerasKeys.recorder(cloudId, smartNvrId), 'list', params] as const,
  camera: (cloudId: number, smartNvrId: number, cameraId: string) =>
    [...camerasKeys.recorder(cloudId, smartNvrId), 'camera', cameraId] as const,
  discovered: (cloudId: number, smartNvrId: number, offset: number) =>
    [...camerasKeys.recorder(cloudId, smartNvrId), 'discovered', offset] as const,
};
