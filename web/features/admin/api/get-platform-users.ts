// GET /apiv2/admin/users: one page of everyone on the platform, found by part of a name or email.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserList } from '../../../../core/api/admin.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { adminKeys } from './keys.ts';

export function platformUsersQueryOptions(search: string, offset: number) {
  return queryOptions({
    queryKey: adminKeys.users(search, offset),
    queryFn: () =>
      apiGet<AdminUserList>('/apiv2/admin/users', {
        search: search === '' ? undefined : search,
        offset,
        limit: LIST_PAGE_SIZE,
      }),
  });
}

/** The page on screen stays while the next one loads. */
export function usePlatformUsers(search: string, offset: number) {
  return useQuery({ ...platformUsersQueryOptions(search, offset), placeholderData: keepPreviousData });
}
