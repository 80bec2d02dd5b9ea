// GET .../smartnvrs/:smartNvrId/cameras, .../cameras/:cameraId and .../discovered-cameras: a recorder's
// cameras, one of them, and those its latest scan found (docs/cameras.md).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CameraItem,
  CameraListResponse,
  DiscoveredCameraListResponse,
} from '../../../../core/api/cameras.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { ACTIVE_TASK_STATES } from '../../../../core/domain.ts';
import { apiGet } from '../../../platform/http.ts';
import { type CameraListParams, camerasKeys } from './keys.ts';

/** The page reads the cameras again this often: a change shows once the recorder's next heartbeat listed it. */
const REFRESH_MS = 15_000;
/** While a scan runs, its findings are asked for this often. */
const SCAN_REFRESH_MS = 3_000;

const recorderPath = (cloudId: number, smartNvrId: number) =>
  `/apiv2/cloud/${cloudId}/smartnvrs/${smartNvrId}`;

export function useCameras(cloudId: number | null, smartNvrId: number, params: CameraListParams) {
  return useQuery({
    queryKey: camerasKeys.list(cloudId ?? 0, smartNvrId, params),
    queryFn: () =>
      apiGet<CameraListResponse>(`${recorderPath(cloudId ?? 0, smartNvrId)}/cameras`, {
        search: params.search === '' ? undefined : params.search,
        filter: params.filter,
        offset: params.offset,
        limit: LIST_PAGE_SIZE,
      }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

/** The camera an address picks (`?camera=`), whichever page of the list it is on. */
export function useCamera(cloudId: number | null, smartNvrId: number, cameraId: string | null) {
  return useQuery({
    queryKey: camerasKeys.camera(cloudId ?? 0, smartNvrId, cameraId ?? ''),
    queryFn: () =>
      apiGet<CameraItem>(
        `${recorderPath(cloudId ?? 0, smartNvrId)}/cameras/${encodeURIComponent(cameraId ?? '')}`,
      ),
    enabled: cloudId !== null && cameraId !== null,
    refetchInterval: REFRESH_MS,
    retry: false,
  });
}

export function useDiscoveredCameras(cloudId: number | null, smartNvrId: number, offset: number) {
  return useQuery({
    queryKey: camerasKeys.discovered(cloudId ?? 0, smartNvrId, offset),
    queryFn: () =>
      apiGet<DiscoveredCameraListResponse>(`${recorderPath(cloudId ?? 0, smartNvrId)}/discovered-cameras`, {
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const state = query.state.data?.last_scan?.task_state;
      return state && (ACTIVE_TASK_STATES as readonly string[]).includes(state)
        ? SCAN_REFRESH_MS
        : REFRESH_MS;
    },
  });
}
