// GET /apiv2/cloud/:cloudId/pending-devices: devices that called home unregistered, latest first.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingDevicesResponse } from '../../../../core/api/device-registration.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function getPendingDevices(cloudId: number, offset: number): Promise<PendingDevicesResponse> {
  return apiGet<PendingDevicesResponse>(`/apiv2/cloud/${cloudId}/pending-devices`, {
    offset,
    limit: LIST_PAGE_SIZE,
  });
}

export function pendingDevicesQueryOptions(cloudId: number, offset: number) {
  return queryOptions({
    queryKey: devicesKeys.pendingPage(cloudId, offset),
    queryFn: () => getPendingDevices(cloudId, offset),
  });
}

/** The page on screen stays while the next one loads. */
export function usePendingDevices(cloudId: number, offset: number) {
  return useQuery({ ...pendingDevicesQueryOptions(cloudId, offset), placeholderData: keepPreviousData });
}
