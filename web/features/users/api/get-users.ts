// GET /apiv2/cloud/:cloudId/users: one page of the cloud's members (docs/navigation.md#routes users?search=, docs/roles.md manage_users).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { UserListResponse } from '../../../../core/api/users.ts';
import { apiGet } from '../../../platform/http.ts';
import type { ListPageParams } from '../../../platform/list-page/list-page-params.ts';
import { usersKeys } from './keys.ts';

export function getUsers(cloudId: number, params: ListPageParams): Promise<UserListResponse> {
  return apiGet<UserListResponse>(`/apiv2/cloud/${cloudId}/users`, {
    search: params.search === '' ? undefined : params.search,
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

export function usersQueryOptions(cloudId: number, params: ListPageParams) {
  return queryOptions({
    queryKey: usersKeys.list(cloudId, params.search, params.offset),
    queryFn: () => getUsers(cloudId, params),
  });
}

/** The page on screen stays while the next one loads; only callers with manage_users ask (enabled). */
export function useUsers(cloudId: number, params: ListPageParams, enabled: boolean) {
  return useQuery({ ...usersQueryOptions(cloudId, params), placeholderData: keepPreviousData, enabled });
}
