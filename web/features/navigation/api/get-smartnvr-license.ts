// GET /apiv2/smartnvr/license: the smart NVR of the current cloud (X-Cloud-Id) holding a smart NVR license.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SmartNvrLicense } from '../../../../core/api/licenses.ts';
import { apiGet, getCurrentCloudId } from '../../../platform/http.ts';
import { navigationKeys } from './keys.ts';

export function getSmartNvrLicense(): Promise<SmartNvrLicense> {
  return apiGet<SmartNvrLicense>('/apiv2/smartnvr/license');
}

export function smartNvrLicenseQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: navigationKeys.smartNvrLicense(cloudId),
    queryFn: getSmartNvrLicense,
    staleTime: 5 * 60_000,
  });
}

/** Asks only when the cloud is the one the http client sends, so the answer is about this cloud. */
export function useSmartNvrLicense(cloudId: number | null, wanted: boolean) {
  return useQuery({
    ...smartNvrLicenseQueryOptions(cloudId ?? 0),
    enabled: wanted && cloudId !== null && getCurrentCloudId() === cloudId,
  });
}
