// POST /apiv2/cloud/:cloudId/devices/import: registers the devices of a CSV file, with a report per row.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportDevicesResponse } from '../../../../core/api/device-registration.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function importDevices(cloudId: number, csv: string): Promise<ImportDevicesResponse> {
  return apiPost<ImportDevicesResponse>(`/apiv2/cloud/${cloudId}/devices/import`, { csv });
}

/** The import page shows a refused file itself; the device list is read again. */
export function useImportDevices(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importDevices(cloudId, csv),
    meta: LOCAL_ERRORS,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: devicesKeys.lists(cloudId) }),
  });
}
