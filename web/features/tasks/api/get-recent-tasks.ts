// GET /apiv2/cloud/:cloudId/recent-tasks: the task panel's list and the caller's viewed-at time (docs/api.md#the-calls, docs/constants.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentTasks } from '../../../../core/api/tasks.ts';
import {
  RECENT_TASKS_LIMIT,
  RECENT_TASKS_MAX_AGE_MS,
  RECENT_TASKS_REFRESH_MS,
} from '../../../../core/constants.ts';
import { apiGet } from '../../../platform/http.ts';
import { tasksKeys } from './keys.ts';

export function getRecentTasks(cloudId: number): Promise<RecentTasks> {
  return apiGet<RecentTasks>(`/apiv2/cloud/${cloudId}/recent-tasks`, { limit: RECENT_TASKS_LIMIT });
}

export function recentTasksQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: tasksKeys.recent(cloudId),
    queryFn: () => getRecentTasks(cloudId),
    // docs/constants.md: opening the panel reloads a list older than 60 s, and only then.
    staleTime: RECENT_TASKS_MAX_AGE_MS,
  });
}

/** The list is loaded and refreshed every minute only while the panel is open. */
export function useRecentTasks(cloudId: number, open: boolean) {
  return useQuery({
    ...recentTasksQueryOptions(cloudId),
    enabled: open,
    refetchInterval: RECENT_TASKS_REFRESH_MS,
  });
}
