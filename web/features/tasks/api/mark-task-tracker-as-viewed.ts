// POST /apiv2/cloud/:cloudId/mark-task-tracker-as-viewed: closing the task panel (docs/states.md, docs/api.md#the-calls).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LOCAL_ERRORS } from '../../../platform/errors/error-policy-host.tsx';
import { apiPost } from '../../../platform/http.ts';
import { recentTasksQueryOptions } from './get-recent-tasks.ts';
import { recentTasksCountQueryOptions } from './get-recent-tasks-count.ts';

export function markTaskTrackerAsViewed(cloudId: number): Promise<{ ok: true }> {
  return apiPost<{ ok: true }>(`/apiv2/cloud/${cloudId}/mark-task-tracker-as-viewed`);
}

/** Afterwards the badge is read again from the server and the list's tasks count from the new viewed-at time. */
export function useMarkTaskTrackerAsViewed(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markTaskTrackerAsViewed(cloudId),
    // A mark that fails leaves the badge as it was; the next close tries again.
    meta: LOCAL_ERRORS,
    onSuccess: () => {
      const { queryKey } = recentTasksQueryOptions(cloudId);
      // The server set the time to its now; the list keeps its own age, so docs/constants.md's 60 s reload still holds.
      queryClient.setQueryData(
        queryKey,
        (list) => list && { ...list, tasks_viewed_at: new Date().toISOString() },
        { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt },
      );
      return queryClient.invalidateQueries({ queryKey: recentTasksCountQueryOptions(cloudId).queryKey });
    },
  });
}
