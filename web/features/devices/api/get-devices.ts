// GET /apiv2/cloud/:cloudId/devices: one page of the device list (docs/navigation.md#routes devices?search=).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DeviceFilterQuery, DeviceListResponse } from '../../../../core/api/devices.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { DeviceSort } from '../../../../core/device-list.ts';
import { apiGet, buildQuery } from '../../../platform/http.ts';
import type { ListPageParams } from '../../../platform/list-page/list-page-params.ts';
import { devicesKeys } from './keys.ts';

export type DeviceListParams = ListPageParams & {
  readonly filters?: DeviceFilterQuery;
  readonly sort?: DeviceSort;
};

const listQuery = (params: Omit<DeviceListParams, 'offset'>) => ({
  ...params.filters,
  sort: params.sort,
  search: params.search === '' ? undefined : params.search,
});

export function getDevices(cloudId: number, params: DeviceListParams): Promise<DeviceListResponse> {
  return apiGet<DeviceListResponse>(`/apiv2/cloud/${cloudId}/devices`, {
    ...listQuery(params),
    offset: params.offset,
    limit: LIST_PAGE_SIZE,
  });
}

export function devicesQueryOptions(cloudId: number, params: DeviceListParams) {
  return queryOptions({
    queryKey: devicesKeys.list(cloudId, params),
    queryFn: () => getDevices(cloudId, params),
  });
}

/** The page on screen stays while the next one loads. */
export function useDevices(cloudId: number, params: DeviceListParams) {
  return useQuery({ ...devicesQueryOptions(cloudId, params), placeholderData: keepPreviousData });
}

/** The CSV file of every device the list's search, filters and order match. */
export const devicesExportHref = (cloudId: number, params: Omit<DeviceListParams, 'offset'>) =>
  `/apiv2/cloud/${cloudId}/devices/export?${buildQuery(listQuery(params))}`;
