// GET /apiv2/cloud/:cloudId/recent-tasks-count: the unseen tasks on the Tasks button (docs/states.md, docs/api.md#the-calls, docs/constants.md).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecentTasksCount } from '../../../../core/api/tasks.ts';
import { RECENT_TASKS_REFRESH_MS } from '../../../../core/constants.ts';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiGet } from '../../../platform/http.ts';
import { tasksKeys } from './keys.ts';

export function getRecentTasksCount(cloudId: number): Promise<RecentTasksCount> {
  return apiGet<RecentTasksCount>(`/apiv2/cloud/${cloudId}/recent-tasks-count`);
}

export function recentTasksCountQueryOptions(cloudId: number) {
  return queryOptions({
    queryKey: tasksKeys.recentCount(cloudId),
    queryFn: () => getRecentTasksCount(cloudId),
    // A badge that fails to load stays as it was until the next poll rather than interrupting the page.
    meta: LOCAL_ERRORS,
  });
}

/**
 * The server counts all the caller's unseen tasks by the docs/states.md rule (finished ones completed after the
 * viewed-at time, unfinished ones scheduled after it), not only the 20 the panel lists.
 */
export function useUnseenTaskCount(cloudId: number): number {
  const { data } = useQuery({
    ...recentTasksCountQueryOptions(cloudId),
    refetchInterval: RECENT_TASKS_REFRESH_MS,
  });
  return data ? data.newCompleted + data.newRunning : 0;
}
