// GET /apiv2/cloud/:cloudId/clients: one page of a site's or a device's wireless clients.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientListResponse, ClientSort, SortOrder } from '../../../../core/api/clients.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { clientsKeys } from './keys.ts';

/** Whose clients: one site's or one device's. */
export type ClientScope = { readonly siteId: number } | { readonly deviceId: number };

export interface ClientListParams {
  readonly search: string;
  readonly offset: number;
  readonly sort: ClientSort;
  readonly order: SortOrder;
}

export function getClients(cloudId: number, scope: ClientScope, params: ClientListParams) {
  return apiGet<ClientListResponse>(`/apiv2/cloud/${cloudId}/clients`, {
    ...('siteId' in scope ? { site_id: scope.siteId } : { device_id: scope.deviceId }),
    search: params.search === '' ? undefined : params.search,
    sort: params.sort,
    order: params.order,
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

export function clientsQueryOptions(cloudId: number, scope: ClientScope, params: ClientListParams) {
  return queryOptions({
    queryKey: clientsKeys.list(cloudId, scope, params),
    queryFn: () => getClients(cloudId, scope, params),
  });
}

/** The page on screen stays while the next one loads; nothing is asked before the cloud is known. */
export function useClients(cloudId: number | null, scope: ClientScope, params: ClientListParams) {
  return useQuery({
    ...clientsQueryOptions(cloudId ?? 0, scope, params),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}
