// GET /apiv2/cloud/:cloudId/addons: the add-on catalogue and which add-ons the cloud has.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Addons } from '../../../../core/api/cloud-management.ts';
import { apiGet } from '../../../platform/http.ts';
import { licensesKeys } from './keys.ts';

export function getAddons(cloudId: number): Promise<Addons> {
  return apiGet<Addons>(`/apiv2/cloud/${cloudId}/addons`);
}

export function addonsQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: licensesKeys.addons(cloudId),
    queryFn: () => getAddons(cloudId),
  });
}

export function useAddons(cloudId: number) {
  return useQuery(addonsQueryOptions(cloudId));
}
