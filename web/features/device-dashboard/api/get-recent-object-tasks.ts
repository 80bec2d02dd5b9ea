// GET /apiv2/cloud/:cloudId/tasks for one device or recorder: the newest tasks that touched it.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TaskHistory } from '../../../../core/api/activity.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { activityKeys, scopeQuery } from '../../activity/index.ts';
import type { DashboardScope } from './get-open-alerts.ts';

/** Tasks a dashboard lists; the rest are on the object's Activity page. */
export const DASHBOARD_TASKS = 5;

export function getRecentObjectTasks(cloudId: number, scope: DashboardScope): Promise<TaskHistory> {
  return apiGet<TaskHistory>(`/apiv2/cloud/${cloudId}/tasks`, {
    ...scopeQuery(scope),
    offset: 0,
    limit: DASHBOARD_TASKS,
  });
}

// Under the task history's key, so live task events and a task started here refresh it.
export function recentObjectTasksQueryOptions(cloudId: number, scope: DashboardScope) {
  return queryOptions({
    queryKey: activityKeys.objectTasks(cloudId, scope),
    // The dashboard shows its own loading, failed and not-found states.
    meta: LOCAL_ERRORS,
    queryFn: () => getRecentObjectTasks(cloudId, scope),
  });
}

export function useRecentObjectTasks(cloudId: number | null, scope: DashboardScope) {
  return useQuery({ ...recentObjectTasksQueryOptions(cloudId ?? 0, scope), enabled: cloudId !== null });
}
