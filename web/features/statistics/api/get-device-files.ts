// GET /apiv2/cloud/:cloudId/devices/:deviceId/files: the files a switch keeps, each with its latest fetch.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceFilesResponse } from '../../../../core/api/metrics.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { apiGet } from '../../../platform/http.ts';
import { statisticsKeys } from './keys.ts';

// The switch lists its files every minute; a fetch under way is followed more closely.
const STALE_MS = 60_000;
const FETCHING_MS = 2_000;

const fetching = (data: DeviceFilesResponse | undefined) =>
  data?.files.some((file) => file.last_fetch !== null && !isFinished(file.last_fetch.state)) ?? false;

export function deviceFilesQueryOptions(cloudId: number, deviceId: number) {
  return queryOptions({
    queryKey: statisticsKeys.files(cloudId, deviceId),
    queryFn: () => apiGet<DeviceFilesResponse>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/files`),
    staleTime: STALE_MS,
    refetchInterval: (query) => (fetching(query.state.data) ? FETCHING_MS : STALE_MS),
  });
}

export function useDeviceFiles(cloudId: number | null, deviceId: number) {
  return useQuery({ ...deviceFilesQueryOptions(cloudId ?? 0, deviceId), enabled: cloudId !== null });
}
