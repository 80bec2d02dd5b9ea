// GET and PUT /apiv2/user/list-columns/:list: the columns the user chose for a list, remembered per user.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListColumnsResponse } from '../../../../core/api/device-bulk.ts';
import type { ColumnListName } from '../../../../core/device-list.ts';
import { apiGet, apiPut } from '../../../platform/http.ts';
import { devicesKeys } from './keys.ts';

export function listColumnsQueryOptions(list: ColumnListName) {
  return queryOptions({
    queryKey: devicesKeys.columns(list),
    queryFn: () => apiGet<ListColumnsResponse>(`/apiv2/user/list-columns/${list}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useListColumns(list: ColumnListName) {
  return useQuery(listColumnsQueryOptions(list));
}

/** The choice shows at once and is saved in the background; a failure puts the saved one back. */
export function useSaveListColumns(list: ColumnListName) {
  const queryClient = useQueryClient();
  const { queryKey } = listColumnsQueryOptions(list);
  return useMutation({
    mutationFn: (columns: readonly string[]) =>
      apiPut<ListColumnsResponse>(`/apiv2/user/list-columns/${list}`, { columns }),
    onMutate: (columns) => {
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, { columns: [...columns] });
      return { previous };
    },
    onError: (_error, _columns, context) => queryClient.setQueryData(queryKey, context?.previous),
  });
}
