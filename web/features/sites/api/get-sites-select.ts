// GET /apiv2/cloud/:cloudId/sites-select: the site picker's list (docs/api.md#the-calls, docs/constants.md: at most 100 sites).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SitesSelectResponse } from '../../../../core/api/sites.ts';
import { SITE_LIST_MAX } from '../../../../core/constants.ts';
import { SITE_INCLUDE_IDS_MAX } from '../../../../core/limits.ts';
import { apiGet } from '../../../platform/http.ts';
import { sitesKeys } from './keys.ts';

export interface SitesSelectParams {
  /** Part of the name or location; '' lists the first sites. */
  readonly filter: string;
  /** Listed whatever the limit and filter (the current site). */
  readonly includeId: number | null;
  /** More sites listed whatever the limit and filter (a grouping's chosen sites, at most 100). */
  readonly includeIds?: readonly number[];
}

function includedIds({ includeId, includeIds = [] }: SitesSelectParams): string | undefined {
  const ids = includeId === null ? includeIds : [includeId, ...includeIds];
  return ids.length === 0 ? undefined : ids.slice(0, SITE_INCLUDE_IDS_MAX).join(',');
}

export function getSitesSelect(cloudId: number, params: SitesSelectParams): Promise<SitesSelectResponse> {
  return apiGet<SitesSelectResponse>(`/apiv2/cloud/${cloudId}/sites-select`, {
    limit: SITE_LIST_MAX,
    filter: params.filter === '' ? undefined : params.filter,
    includeIds: includedIds(params),
  });
}

export function sitesSelectQueryOptions(cloudId: number, params: SitesSelectParams) {
  return queryOptions({
    queryKey: sitesKeys.select(cloudId, params),
    queryFn: () => getSitesSelect(cloudId, params),
  });
}

export function useSitesSelect(cloudId: number, params: SitesSelectParams) {
  return useQuery({ ...sitesSelectQueryOptions(cloudId, params), placeholderData: keepPreviousData });
}
