// GET /apiv2/cloud/:cloudId/clients/:clientId: one wireless client and where it has been.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientDetail } from '../../../../core/api/clients.ts';
import type { TimeRange } from '../../../../core/time-range.ts';
import { apiGet } from '../../../platform/http.ts';
import { clientsKeys } from './keys.ts';

export function getClient(cloudId: number, clientId: number, range: TimeRange | undefined) {
  return apiGet<ClientDetail>(`/apiv2/cloud/${cloudId}/clients/${clientId}`, { range });
}

export function clientQueryOptions(cloudId: number, clientId: number, range: TimeRange | undefined) {
  return queryOptions({
    queryKey: clientsKeys.client(cloudId, clientId, range),
    queryFn: () => getClient(cloudId, clientId, range),
    // The page says itself when the client is missing or hidden (a 404 is an answer here) or failed.
    meta: { errorPolicy: 'local' },
  });
}

/** Nothing is asked before the cloud is known; another range keeps the last answer on screen meanwhile. */
export function useClient(cloudId: number | null, clientId: number, range: TimeRange | undefined) {
  return useQuery({
    ...clientQueryOptions(cloudId ?? 0, clientId, range),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}
