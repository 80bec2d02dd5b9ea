// History's calls (docs/guest-access.md#history): a page of the guests' sessions after a cursor, the CSV
// export's address for the same filters, and disconnecting a guest.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DisconnectAnswer,
  DisconnectBody,
  SessionExportQuery,
  SessionList,
  SessionListQuery,
} from '../../../../core/api/guest-sessions.ts';
import { apiGet, apiPost, buildQuery } from '../../../platform/http.ts';
import { guestHistoryKeys } from './keys.ts';

/** Open sessions count up and end: the list is read again every 15 seconds. */
const REFRESH_MS = 15_000;

const url = (cloudId: number) => `/apiv2/cloud/${cloudId}/authport/sessions`;

export function useSessions(cloudId: number, query: Partial<SessionListQuery>) {
  return useQuery({
    queryKey: guestHistoryKeys.list(cloudId, query),
    queryFn: () => apiGet<SessionList>(url(cloudId), query),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
}

export function sessionsExportHref(cloudId: number, query: SessionExportQuery): string {
  return `${url(cloudId)}/export?${buildQuery(query)}`;
}

export function useDisconnect(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisconnectBody) => apiPost<DisconnectAnswer>(`${url(cloudId)}/disconnect`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guestHistoryKeys.all(cloudId) }),
  });
}
