// POST /apiv2/cloud/:cloudId/devices/:deviceId/config/apply: sends the device's draft to it as a task.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplyDeviceConfigBody, ApplyResult } from '../../../../core/api/config.ts';
import { apiPost } from '../../../platform/http.ts';
import { configKeys } from './keys.ts';

export function applyDeviceConfig(
  cloudId: number,
  deviceId: number,
  body: ApplyDeviceConfigBody,
): Promise<ApplyResult> {
  return apiPost<ApplyResult>(`/apiv2/cloud/${cloudId}/devices/${deviceId}/config/apply`, body);
}

export function useApplyDeviceConfig(cloudId: number, deviceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyDeviceConfigBody) => applyDeviceConfig(cloudId, deviceId, body),
    // The device's document and revisions move, and so does its place in its site's devices' progress.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all(cloudId) }),
  });
}
