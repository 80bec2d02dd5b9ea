// GET /apiv2/cloud/:cloudId/clients/:clientId/stays: one page of a wireless client's connection history.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientStaysResponse } from '../../../../core/api/clients.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { TimeRange } from '../../../../core/time-range.ts';
import { apiGet } from '../../../platform/http.ts';
import { clientsKeys } from './keys.ts';

export function getClientStays(
  cloudId: number,
  clientId: number,
  range: TimeRange | undefined,
  offset: number,
) {
  return apiGet<ClientStaysResponse>(`/apiv2/cloud/${cloudId}/clients/${clientId}/stays`, {
    range,
    offset,
    limit: LIST_PAGE_SIZE,
  });
}

/** Another page or period keeps the last one on screen while it loads; nothing is asked before the cloud is known. */
export function useClientStays(
  cloudId: number | null,
  clientId: number,
  range: TimeRange | undefined,
  offset: number,
) {
  return useQuery({
    queryKey: clientsKeys.stays(cloudId ?? 0, clientId, range, offset),
    queryFn: () => getClientStays(cloudId ?? 0, clientId, range, offset),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}
