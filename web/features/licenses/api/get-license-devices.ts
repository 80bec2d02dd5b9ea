// GET /apiv2/cloud/:cloudId/licenses/devices: a page of the devices holding a license, or holding none.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseDevices, LicenseDevicesQuery } from '../../../../core/api/cloud-management.ts';
import { apiGet } from '../../../platform/http.ts';
import { licensesKeys } from './keys.ts';

export type LicenseDevicesParams = Pick<LicenseDevicesQuery, 'holding' | 'offset' | 'site_id'>;

export function getLicenseDevices(cloudId: number, params: LicenseDevicesParams): Promise<LicenseDevices> {
  return apiGet<LicenseDevices>(`/apiv2/cloud/${cloudId}/licenses/devices`, params);
}

export function licenseDevicesQueryOptions(cloudId: number, params: LicenseDevicesParams) {
  return queryOptions({
    queryKey: licensesKeys.devices(cloudId, params),
    queryFn: () => getLicenseDevices(cloudId, params),
    placeholderData: keepPreviousData,
  });
}

export function useLicenseDevices(cloudId: number, params: LicenseDevicesParams) {
  return useQuery(licenseDevicesQueryOptions(cloudId, params));
}
