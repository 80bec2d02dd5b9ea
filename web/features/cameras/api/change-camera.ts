// The changes of a recorder's cameras (docs/cameras.md#changes): each starts a task to the recorder and
// answers it; the page reads the cameras again once the task is made.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdoptCameraBody, CameraProfileBody, CameraTaskResponse } from '../../../../core/api/cameras.ts';
import { apiDelete, apiPost, apiPut } from '../../../platform/http.ts';
import { camerasKeys } from './keys.ts';

export type CameraChange =
  | { readonly kind: 'scan' }
  | { readonly kind: 'adopt'; readonly discoveredId: number; readonly body: AdoptCameraBody }
  | { readonly kind: 'rename'; readonly cameraId: string; readonly name: string }
  | { readonly kind: 'recording'; readonly cameraId: string; readonly enabled: boolean }
  | { readonly kind: 'profile'; readonly cameraId: string; readonly body: CameraProfileBody }
  | { readonly kind: 'remove'; readonly cameraId: string };

export function changeCamera(cloudId: number, smartNvrId: number, change: CameraChange) {
  const base = `/apiv2/cloud/${cloudId}/smartnvrs/${smartNvrId}`;
  const camera = (id: string) => `${base}/cameras/${encodeURIComponent(id)}`;
  switch (change.kind) {
    case 'scan':
      return apiPost<CameraTaskResponse>(`${base}/camera-scans`);
    case 'adopt':
      return apiPost<CameraTaskResponse>(
        `${base}/discovered-cameras/${change.discoveredId}/adopt`,
        change.body,
      );
    case 'rename':
      return apiPut<CameraTaskResponse>(`${camera(change.cameraId)}/name`, { name: change.name });
    case 'recording':
      return apiPut<CameraTaskResponse>(`${camera(change.cameraId)}/recording`, { enabled: change.enabled });
    case 'profile':
      return apiPut<CameraTaskResponse>(`${camera(change.cameraId)}/recording-profile`, change.body);
    case 'remove':
      return apiDelete<CameraTaskResponse>(camera(change.cameraId));
  }
}

export function useChangeCamera(cloudId: number, smartNvrId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CameraChange) => changeCamera(cloudId, smartNvrId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: camerasKeys.recorder(cloudId, smartNvrId) }),
  });
}
