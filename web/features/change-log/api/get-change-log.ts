// GET /apiv2/cloud/:cloudId/change-log (one page, filtered) and the address of its CSV export.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChangeLogResponse } from '../../../../core/api/change-log.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { AuditObjectType } from '../../../../core/audit.ts';
import { apiGet, buildQuery } from '../../../platform/http.ts';
import { type HistoryRange, historyFrom } from '../../../platform/list-page/history-filter.tsx';
import { changeLogKeys } from './keys.ts';

export interface ChangeLogFilters {
  readonly range: HistoryRange;
  readonly person: { readonly id: number; readonly label: string } | null;
  readonly objectType: AuditObjectType | null;
  /** One object's records (with its type), and the name to show for it. */
  readonly object: { readonly id: string; readonly label: string } | null;
}

const query = (filters: ChangeLogFilters) => ({
  from: historyFrom(filters.range),
  person: filters.person?.id,
  object_type: filters.objectType ?? undefined,
  object_id: filters.object?.id,
});

export function useChangeLog(cloudId: number, filters: ChangeLogFilters, offset: number) {
  return useQuery({
    queryKey: changeLogKeys.page(cloudId, filters, offset),
    queryFn: () =>
      apiGet<ChangeLogResponse>(`/apiv2/cloud/${cloudId}/change-log`, {
        ...query(filters),
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export const changeLogExportHref = (cloudId: number, filters: ChangeLogFilters) =>
  `/apiv2/cloud/${cloudId}/change-log/export?${buildQuery(query(filters))}`;
