// GET /apiv2/admin/clouds: one page of the platform's clouds, found by id or part of the name.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCloudList } from '../../../../core/api/admin.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { adminKeys } from './keys.ts';

export function platformCloudsQueryOptions(search: string, offset: number) {
  return queryOptions({
    queryKey: adminKeys.clouds(search, offset),
    queryFn: () =>
      apiGet<AdminCloudList>('/apiv2/admin/clouds', {
        search: search === '' ? undefined : search,
        offset,
        limit: LIST_PAGE_SIZE,
      }),
  });
}

export function usePlatformClouds(search: string, offset: number) {
  return useQuery({ ...platformCloudsQueryOptions(search, offset), placeholderData: keepPreviousData });
}
