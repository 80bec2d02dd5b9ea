// Keeps what the open pages show in step with the live event stream: badges, open panels and lists are
// brought up to date as alerts, tasks and devices change, without waiting for docs/constants.md's polling (which stays
// as the fallback while the stream is down). Which queries each event touches: web/shell/live-event-keys.ts.
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { TaskEventData } from '../../core/api/events.ts';
import type { RecentTasks } from '../../core/api/tasks.ts';
import { isFinished } from '../../core/tasks.ts';
import { tasksKeys } from '../features/tasks/index.ts';
import { openLiveEvents } from '../platform/live-events.ts';
import { liveEventKeys } from './live-event-keys.ts';

/** After a refetch, more events within this time make one more. */
export const LIVE_COALESCE_MS = 500;

/**
 * Refetches a query at the first event that touches it, then at most once more per LIVE_COALESCE_MS while
 * events keep coming: a burst of a thousand events makes two requests, and a lone event is shown at once.
 */
function coalescer(queryClient: QueryClient) {
  const windows = new Map<string, { again: boolean; timer: ReturnType<typeof setTimeout> }>();
  const invalidate = (queryKey: QueryKey) => void queryClient.invalidateQueries({ queryKey });
  return {
    refetch(queryKey: QueryKey) {
      const id = JSON.stringify(queryKey);
      const open = windows.get(id);
      if (open) {
        open.again = true;
        return;
      }
      invalidate(queryKey);
      const close = () => {
        const window = windows.get(id);
        if (window?.again) {
          window.again = false;
          invalidate(queryKey);
          window.timer = setTimeout(close, LIVE_COALESCE_MS);
        } else windows.delete(id);
      };
      windows.set(id, { again: false, timer: setTimeout(close, LIVE_COALESCE_MS) });
    },
    stop() {
      for (const window of windows.values()) clearTimeout(window.timer);
    },
  };
}

/** A task event moves the cached task's state and counts at once; a task the list lacks reloads it. */
function applyTask(queryClient: QueryClient, cloudId: number, task: TaskEventData): boolean {
  const queryKey = tasksKeys.recent(cloudId);
  const list = queryClient.getQueryData<RecentTasks>(queryKey);
  const cached = list?.tasks.find((candidate) => candidate.id === task.task_id);
  // A task that just finished needs its completion time, which only the list call gives.
  if (!list || !cached || (isFinished(task.task_state) && !isFinished(cached.task_state))) return false;
  queryClient.setQueryData<RecentTasks>(
    queryKey,
    {
      ...list,
      tasks: list.tasks.map((candidate) =>
        candidate.id === task.task_id
          ? { ...candidate, task_state: task.task_state, stateCounts: task.stateCounts }
          : candidate,
      ),
    },
    // The list keeps its own age, so docs/constants.md's reload of a list older than 60 s still holds.
    { updatedAt: queryClient.getQueryState(queryKey)?.dataUpdatedAt },
  );
  return true;
}

/** Mounted once in the signed-in frame: one stream for the tab, acting on the current cloud's events. */
export function useLiveUpdates(cloudId: number | null): void {
  const queryClient = useQueryClient();
  const current = useRef(cloudId);
  current.current = cloudId;

  useEffect(() => {
    const batch = coalescer(queryClient);
    const close = openLiveEvents((event) => {
      const cloud = current.current;
      if (cloud === null || event.data.cloud_id !== cloud) return;
      // The tracker's list takes a task's new state in place, without a reload, when it holds the task.
      const inPlace =
        event.kind === 'task' && applyTask(queryClient, cloud, event.data)
          ? JSON.stringify(tasksKeys.recent(cloud))
          : null;
      for (const queryKey of liveEventKeys(event))
        if (JSON.stringify(queryKey) !== inPlace) batch.refetch(queryKey);
    });
    return () => {
      close();
      batch.stop();
    };
  }, [queryClient]);
}
