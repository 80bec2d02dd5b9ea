// Reports' calls (docs/reports.md#the-calls) under /apiv2/cloud/:cloudId: schedules, runs and the archive.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type {
  ReportOptions,
  ReportRun,
  ReportRunPage,
  ReportSchedule,
  ReportScheduleBody,
  ReportSchedulePage,
  RunReportBody,
} from '../../../../core/api/reports.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../platform/http.ts';
import { reportKeys } from './keys.ts';

const cloudPath = (cloudId: number) => `/apiv2/cloud/${cloudId}`;
/** While a run waits or is being made, the archive is asked again at this pace. */
export const RUNS_REFRESH_MS = 3000;

/** A ready file's address: the browser downloads it (the server sends it as an attachment). */
export const reportFileHref = (cloudId: number, runId: number) =>
  `${cloudPath(cloudId)}/reports/${runId}/file`;

export function useReportSchedules(cloudId: number | null, offset: number) {
  return useQuery({
    queryKey: reportKeys.schedules(cloudId ?? 0, offset),
    queryFn: () =>
      apiGet<ReportSchedulePage>(`${cloudPath(cloudId ?? 0)}/report-schedules`, {
        offset,
        limit: LIST_PAGE_SIZE,
      }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useReportRuns(cloudId: number | null, offset: number) {
  return useQuery({
    queryKey: reportKeys.runs(cloudId ?? 0, offset),
    queryFn: () =>
      apiGet<ReportRunPage>(`${cloudPath(cloudId ?? 0)}/reports`, { offset, limit: LIST_PAGE_SIZE }),
    enabled: cloudId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.items.some((run) => run.state === 'pending' || run.state === 'running')
        ? RUNS_REFRESH_MS
        : false,
  });
}

export function useReportOptions(cloudId: number, siteSearch: string) {
  return useQuery({
    queryKey: reportKeys.options(cloudId, siteSearch),
    queryFn: () =>
      apiGet<ReportOptions>(
        `${cloudPath(cloudId)}/report-options`,
        siteSearch ? { site_search: siteSearch } : {},
      ),
    placeholderData: keepPreviousData,
  });
}

export type ReportSave =
  | { readonly kind: 'schedule'; readonly scheduleId: number | null; readonly body: ReportScheduleBody }
  | { readonly kind: 'run'; readonly body: RunReportBody };

/** Keeps a schedule (new or changed) or queues a report run once. */
export function useSaveReport(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (save: ReportSave): Promise<ReportSchedule | ReportRun> =>
      save.kind === 'run'
        ? apiPost<ReportRun>(`${cloudPath(cloudId)}/reports`, save.body)
        : save.scheduleId === null
          ? apiPost<ReportSchedule>(`${cloudPath(cloudId)}/report-schedules`, save.body)
          : apiPut<ReportSchedule>(`${cloudPath(cloudId)}/report-schedules/${save.scheduleId}`, save.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(cloudId) }),
  });
}

export type ReportAction =
  | { readonly kind: 'runSchedule'; readonly scheduleId: number }
  | { readonly kind: 'deleteSchedule'; readonly scheduleId: number }
  | { readonly kind: 'deleteRun'; readonly runId: number };

export function useReportAction(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: LOCAL_ERRORS,
    mutationFn: (action: ReportAction): Promise<unknown> => {
      switch (action.kind) {
        case 'runSchedule':
          return apiPost<ReportRun>(`${cloudPath(cloudId)}/report-schedules/${action.scheduleId}/run`);
        case 'deleteSchedule':
          return apiDelete(`${cloudPath(cloudId)}/report-schedules/${action.scheduleId}`);
        case 'deleteRun':
          return apiDelete(`${cloudPath(cloudId)}/reports/${action.runId}`);
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all(cloudId) }),
  });
}
