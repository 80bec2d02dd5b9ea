// GET /apiv2/clouds: the caller's clouds and pending invitations (docs/api.md#the-calls), for the cloud menu.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CloudList } from '../../../../core/api/clouds.ts';
import { apiGet } from '../../../platform/http.ts';
import { cloudsKeys } from './keys.ts';

export function getClouds(): Promise<CloudList> {
  return apiGet<CloudList>('/apiv2/clouds');
}

export function cloudListQueryOptions() {
  return queryOptions({
    queryKey: cloudsKeys.list(),
    queryFn: getClouds,
  });
}

export function useCloudList(enabled = true) {
  return useQuery({ ...cloudListQueryOptions(), enabled });
}
