// GET /apiv2/cloud/:cloudId/license-status: plan dates, suspension and license use (docs/entities.md License status).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LicenseStatus } from '../../../../core/api/clouds.ts';
import { apiGet } from '../../../platform/http.ts';
import { cloudsKeys } from './keys.ts';

export function getLicenseStatus(cloudId: number): Promise<LicenseStatus> {
  return apiGet<LicenseStatus>(`/apiv2/cloud/${cloudId}/license-status`);
}

export function licenseStatusQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: cloudsKeys.licenseStatus(cloudId),
    queryFn: () => getLicenseStatus(cloudId),
    staleTime: 5 * 60_000,
  });
}

export function useLicenseStatus(cloudId: number | null) {
  return useQuery({ ...licenseStatusQueryOptions(cloudId ?? 0), enabled: cloudId !== null });
}
