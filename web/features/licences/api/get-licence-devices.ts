// GET /apiv2/cloud/:cloudId/licenses/devices: a page of the devices holding a licence, or holding none.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenceDevices, LicenceDevicesQuery } from '../../../../core/api/cloud-management.ts';
import { apiGet } from '../../../platform/http.ts';

export type LicenceDevicesParams = Pick<LicenceDevicesQuery, 'holding' | 'offset' | 'site_id'>;

export function getLicenceDevices(cloudId: number, params: LicenceDevicesParams): Promise<LicenceDevices> {
  return apiGet<LicenceDevices>(`/apiv2/cloud/${cloudId}/licenses/devices`, params);
}

export function licenceDevicesQueryOptions(cloudId: number, params: LicenceDevicesParams) {
  return queryOptions({
    queryKey: ['clouds', cloudId, 'licence-devices', params] as const,
    queryFn: () => getLicenceDevices(cloudId, params),
    placeholderData: keepPreviousData,
  });
}

export function useLicenceDevices(cloudId: number, params: LicenceDevicesParams) {
  return useQuery(licenceDevicesQueryOptions(cloudId, params));
}
