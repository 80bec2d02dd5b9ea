// GET /apiv2/cloud/:cloudId/clients: one page of the cloud's, a site's or a device's wireless clients, and
// the address of the same list as a CSV file (GET .../clients/export).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientListResponse, ClientSort, SortOrder } from '../../../../core/api/clients.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import { apiGet, buildQuery } from '../../../platform/http.ts';
import { clientsKeys } from './keys.ts';

/** Whose clients: the whole cloud's (narrowed to a site when one is chosen), one site's or one device's. */
export type ClientScope = { readonly siteId?: number; readonly deviceId?: number };

export interface ClientListParams {
  readonly search: string;
  readonly offset: number;
  readonly sort: ClientSort;
  readonly order: SortOrder;
}

const listQuery = (scope: ClientScope, params: Omit<ClientListParams, 'offset'>) => ({
  site_id: scope.siteId,
  device_id: scope.deviceId,
  search: params.search === '' ? undefined : params.search,
  sort: params.sort,
  order: params.order,
});

export function getClients(cloudId: number, scope: ClientScope, params: ClientListParams) {
  return apiGet<ClientListResponse>(`/apiv2/cloud/${cloudId}/clients`, {
    ...listQuery(scope, params),
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

/** The list as a CSV file: every row the search, site or device and order match, not only the page shown. */
export const clientsExportHref = (
  cloudId: number,
  scope: ClientScope,
  params: Omit<ClientListParams, 'offset'>,
) => `/apiv2/cloud/${cloudId}/clients/export?${buildQuery(listQuery(scope, params))}`;

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
