// POST /apiv2/cloud/:cloudId/search/find: Search Everywhere's matches (docs/validation.md, docs/api.md#the-calls).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SearchFind, SearchFindResult } from '../../../../core/api/search.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { searchKeys } from './keys.ts';

export function find(cloudId: number, body: SearchFind): Promise<SearchFindResult> {
  return apiPost<SearchFindResult>(`/apiv2/cloud/${cloudId}/search/find`, body);
}

export function findQueryOptions(cloudId: number, body: SearchFind) {
  return queryOptions({
    queryKey: searchKeys.find(cloudId, body),
    queryFn: () => find(cloudId, body),
    // The panel shows a failed search as a line of its own; the page goes on.
    meta: LOCAL_ERRORS,
  });
}

/** The matches of a search; idle while `body` is null (nothing searchable typed). */
export function useFind(cloudId: number, body: SearchFind | null) {
  return useQuery({
    ...findQueryOptions(cloudId, body ?? { query: '' }),
    enabled: body !== null,
    // The previous matches stay on screen while the next search runs.
    placeholderData: keepPreviousData,
  });
}
