// GET /apiv2/cloud/:cloudId/addons/advertisement: the promotional videos (docs/api.md#the-calls).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Advertisement } from '../../../../core/api/clouds.ts';
import { apiGet } from '../../../platform/http.ts';
import { cloudsKeys } from './keys.ts';

export function getAdvertisement(cloudId: number): Promise<Advertisement> {
  return apiGet<Advertisement>(`/apiv2/cloud/${cloudId}/addons/advertisement`);
}

export function advertisementQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: cloudsKeys.advertisement(cloudId),
    queryFn: () => getAdvertisement(cloudId),
    staleTime: 60 * 60_000,
  });
}

/** Only asked for when the caller may see promotions. */
export function useAdvertisement(cloudId: number | null, enabled: boolean) {
  return useQuery({ ...advertisementQueryOptions(cloudId ?? 0), enabled: enabled && cloudId !== null });
}
