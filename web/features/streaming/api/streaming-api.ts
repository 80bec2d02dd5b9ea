// Streaming's calls (docs/streaming.md): the recorder's cameras, starting and ending a view, exporting a
// clip, and the video access log.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CameraListResponse } from '../../../../core/api/cameras.ts';
import { LIST_LIMIT_MAX } from '../../../../core/api/list-query.ts';
import type {
  ClipExport,
  ExportBody,
  StartViewBody,
  StreamView,
  VideoAccessPage,
} from '../../../../core/api/streaming.ts';
import { apiDelete, apiGet, apiPost } from '../../../platform/http.ts';
import { streamingKeys } from './keys.ts';

const recorderPath = (cloudId: number, smartNvrId: number) =>
  `/apiv2/cloud/${cloudId}/smartnvrs/${smartNvrId}`;

/** The recorder's cameras by name: the first page of the largest size a list call answers. */
export function useStreamingCameras(cloudId: number, smartNvrId: number) {
  return useQuery({
    queryKey: streamingKeys.cameras(cloudId, smartNvrId),
    queryFn: () =>
      apiGet<CameraListResponse>(`${recorderPath(cloudId, smartNvrId)}/cameras`, { limit: LIST_LIMIT_MAX }),
    enabled: cloudId > 0 && smartNvrId > 0,
  });
}

export const startView = (cloudId: number, smartNvrId: number, cameraId: string, body: StartViewBody) =>
  apiPost<StreamView>(
    `${recorderPath(cloudId, smartNvrId)}/cameras/${encodeURIComponent(cameraId)}/views`,
    body,
  );

export const endView = (cloudId: number, smartNvrId: number, viewId: number) =>
  apiDelete<null>(`${recorderPath(cloudId, smartNvrId)}/views/${viewId}`);

export const exportClip = (cloudId: number, smartNvrId: number, cameraId: string, body: ExportBody) =>
  apiPost<ClipExport>(
    `${recorderPath(cloudId, smartNvrId)}/cameras/${encodeURIComponent(cameraId)}/exports`,
    body,
  );

export const ACCESS_LOG_PAGE = 20;

export function useVideoAccessLog(cloudId: number, smartNvrId: number, offset: number) {
  return useQuery({
    queryKey: streamingKeys.accessLog(cloudId, smartNvrId, offset),
    queryFn: () =>
      apiGet<VideoAccessPage>(`${recorderPath(cloudId, smartNvrId)}/video-access`, {
        offset,
        limit: ACCESS_LOG_PAGE,
      }),
    placeholderData: keepPreviousData,
  });
}
