// GET /apiv2/cloud/:cloudId: the cloud with billing and the caller's membership (docs/entities.md Cloud, docs/api.md#the-calls).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Cloud } from '../../../../core/api/clouds.ts';
import { apiGet } from '../../../platform/http.ts';
import { cloudsKeys } from './keys.ts';

export function getCloud(cloudId: number): Promise<Cloud> {
  return apiGet<Cloud>(`/apiv2/cloud/${cloudId}`);
}

export function cloudQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: cloudsKeys.cloud(cloudId),
    queryFn: () => getCloud(cloudId),
    staleTime: 5 * 60_000,
  });
}

export function useCloud(cloudId: number | null) {
  return useQuery({ ...cloudQueryOptions(cloudId ?? 0), enabled: cloudId !== null });
}
