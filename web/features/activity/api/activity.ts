// The activity history: GET /apiv2/cloud/:cloudId/alerts and /tasks (one page each, filtered), a task's
// targets (GET .../tasks/:taskId) and acknowledging alerts.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcknowledgeBody,
  AlertHistory,
  AlertHistoryState,
  AlertMutes,
  CreateMuteBody,
  TaskHistory,
  TaskStatus,
} from '../../../../core/api/activity.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { TaskDetail } from '../../../../core/api/tasks.ts';
import type { AlertType, HealthId, TaskType } from '../../../../core/domain.ts';
import { apiGet, apiPost, buildQuery, type QueryData } from '../../../platform/http.ts';
import { type HistoryRange, historyFrom } from '../../../platform/list-page/history-filter.tsx';
import { activityKeys } from './keys.ts';

/** The health choices of the alert history; 'problems' is docs/navigation.md#routes's HEALTH_CRITICAL+HEALTH_WARNING. */
export const HEALTH_FILTERS = {
  all: [],
  problems: ['HEALTH_CRITICAL', 'HEALTH_WARNING'],
  critical: ['HEALTH_CRITICAL'],
  warning: ['HEALTH_WARNING'],
} as const satisfies Record<string, readonly HealthId[]>;
export type HealthFilter = keyof typeof HEALTH_FILTERS;

/**
 * Which part of the cloud a history covers: one site, device or smart NVR, or the whole cloud; the cloud
 * dashboard's as far as the active site grouping narrows it.
 */
export type HistoryScope = { siteId?: number; deviceId?: number; smartNvrId?: number; grouping?: 'active' };

export type AlertFilters = HistoryScope & {
  state: AlertHistoryState | 'all';
  health: HealthFilter;
  type: AlertType | 'all';
  range: HistoryRange;
};

/** The status choices, each docs/navigation.md#routes status query ('finished' and 'inProgress' are the panel's links). */
export const STATUS_FILTERS = {
  all: [],
  finished: ['SUCCESS', 'FAIL', 'TIMEOUT'],
  inProgress: ['RUNNING', 'PENDING'],
  success: ['SUCCESS'],
  fail: ['FAIL'],
  timeout: ['TIMEOUT'],
  running: ['RUNNING'],
  pending: ['PENDING'],
} as const satisfies Record<string, readonly TaskStatus[]>;
export type StatusFilter = keyof typeof STATUS_FILTERS;

export type TaskFilters = HistoryScope & {
  status: StatusFilter;
  type: TaskType | 'all';
  range: HistoryRange;
  id: number | null;
};

/** A history's scope as the alert and task history calls filter by it. */
export const scopeQuery = ({ siteId, deviceId, smartNvrId, grouping }: HistoryScope): QueryData => ({
  site_id: siteId,
  device_id: deviceId,
  snvr_device_id: smartNvrId,
  grouping,
});

const alertQuery = (filters: AlertFilters): QueryData => ({
  ...scopeQuery(filters),
  state: filters.state === 'all' ? undefined : filters.state,
  health: filters.health === 'all' ? undefined : HEALTH_FILTERS[filters.health].join('+'),
  type: filters.type === 'all' ? undefined : filters.type,
  from: historyFrom(filters.range),
});

const taskQuery = (filters: TaskFilters): QueryData => ({
  ...scopeQuery(filters),
  status: filters.status === 'all' ? undefined : STATUS_FILTERS[filters.status].join('+'),
  type: filters.type === 'all' ? undefined : filters.type,
  id: filters.id ?? undefined,
  from: historyFrom(filters.range),
});

/** One page of the history; a dashboard asks for its first few rows only. */
export function useAlertHistory(
  cloudId: number,
  filters: AlertFilters,
  offset: number,
  limit = LIST_PAGE_SIZE,
) {
  return useQuery({
    queryKey: activityKeys.alertPage(cloudId, filters, offset, limit),
    queryFn: () =>
      apiGet<AlertHistory>(`/apiv2/cloud/${cloudId}/alerts`, {
        ...alertQuery(filters),
        offset,
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One page of the history; a dashboard asks for its first few rows only. */
export function useTaskHistory(
  cloudId: number,
  filters: TaskFilters,
  offset: number,
  limit = LIST_PAGE_SIZE,
) {
  return useQuery({
    queryKey: activityKeys.taskPage(cloudId, filters, offset, limit),
    queryFn: () =>
      apiGet<TaskHistory>(`/apiv2/cloud/${cloudId}/tasks`, {
        ...taskQuery(filters),
        offset,
        limit,
      }),
    placeholderData: keepPreviousData,
  });
}

/** The CSV file of everything the filters match (the time range counted from now). */
export const alertExportHref = (cloudId: number, filters: AlertFilters) =>
  `/apiv2/cloud/${cloudId}/alerts/export?${buildQuery(alertQuery(filters))}`;
export const taskExportHref = (cloudId: number, filters: TaskFilters) =>
  `/apiv2/cloud/${cloudId}/tasks/export?${buildQuery(taskQuery(filters))}`;

/** Targets shown at a time in a task's detail. */
export const TARGETS_PAGE_SIZE = 50;

export function useTaskDetail(cloudId: number, taskId: number, offset: number) {
  return useQuery({
    queryKey: activityKeys.task(cloudId, taskId, offset),
    queryFn: () =>
      apiGet<TaskDetail>(`/apiv2/cloud/${cloudId}/tasks/${taskId}`, { offset, limit: TARGETS_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
}

/** Afterwards the history and the alert panel are read again. */
export function useAcknowledgeAlerts(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AcknowledgeBody) =>
      apiPost<{ acknowledged: number }>(`/apiv2/cloud/${cloudId}/alerts/acknowledge`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.alerts(cloudId) }),
  });
}

export function useAlertMutes(cloudId: number) {
  return useQuery({
    queryKey: activityKeys.mutes(cloudId),
    queryFn: () => apiGet<AlertMutes>(`/apiv2/cloud/${cloudId}/alert-mutes`),
  });
}

/** Opening or ending a window changes which alerts are muted: the history is read again with the windows. */
export function useChangeMutes(cloudId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: activityKeys.alerts(cloudId) });
  return {
    open: useMutation({
      mutationFn: (body: CreateMuteBody) =>
        apiPost<{ id: number }>(`/apiv2/cloud/${cloudId}/alert-mutes`, body),
      onSuccess,
    }),
    end: useMutation({
      mutationFn: (muteId: number) => apiPost(`/apiv2/cloud/${cloudId}/alert-mutes/${muteId}/end`),
      onSuccess,
    }),
  };
}
