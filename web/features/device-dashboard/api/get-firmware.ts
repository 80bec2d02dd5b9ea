// GET /apiv2/cloud/:cloudId/firmware: the firmware releases a product can be updated to, newest first.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Static } from 'typebox';
import type { FirmwareCatalogueResponse } from '../../../../core/api/tasks.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { deviceDashboardKeys } from './keys.ts';

export type FirmwareCatalogue = Static<typeof FirmwareCatalogueResponse>;

export function getFirmware(cloudId: number, productBrandId: number): Promise<FirmwareCatalogue> {
  return apiGet<FirmwareCatalogue>(`/apiv2/cloud/${cloudId}/firmware`, { product_brand_id: productBrandId });
}

export function firmwareQueryOptions(cloudId: number, productBrandId: number) {
  return queryOptions({
    queryKey: deviceDashboardKeys.firmware(cloudId, productBrandId),
    // The firmware dialog shows its own failure, with a retry.
    meta: LOCAL_ERRORS,
    queryFn: () => getFirmware(cloudId, productBrandId),
    staleTime: 10 * 60_000,
  });
}

export function useFirmware(cloudId: number, productBrandId: number) {
  return useQuery(firmwareQueryOptions(cloudId, productBrandId));
}
