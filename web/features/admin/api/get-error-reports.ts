// GET /apiv2/error-reports: the stored error reports, newest first, as one page of a list.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ErrorReportList, StoredErrorReport } from '../../../../core/api/error-reports.ts';
import { LIST_PAGE_SIZE, type ListPage } from '../../../../core/api/list-query.ts';
import { apiGet } from '../../../platform/http.ts';
import { adminKeys } from './keys.ts';

export function errorReportsQueryOptions(offset: number) {
  return queryOptions({
    queryKey: adminKeys.errorReports(offset),
    queryFn: () => apiGet<ErrorReportList>('/apiv2/error-reports', { offset, limit: LIST_PAGE_SIZE }),
  });
}

const asPage = ({ reports, total }: ErrorReportList): ListPage<StoredErrorReport> => ({
  items: reports,
  total,
  total_capped: false,
});

export function useErrorReports(offset: number) {
  return useQuery({ ...errorReportsQueryOptions(offset), select: asPage, placeholderData: keepPreviousData });
}
