// The Tools page's calls (docs/tools.md#the-page): devices to run from (GET .../devices, searched on the
// server), the runs (GET .../tasks?type=TASK_TROUBLESHOOT, paged), one run with its result as the device
// reports it (GET .../tasks/:taskId), and starting one (POST .../tasks).
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskHistory } from '../../../../core/api/activity.ts';
import type { DeviceListResponse } from '../../../../core/api/devices.ts';
import { LIST_PAGE_SIZE } from '../../../../core/api/list-query.ts';
import type { CreateTaskBody, Task, TaskDetail } from '../../../../core/api/tasks.ts';
import { isFinished } from '../../../../core/tasks.ts';
import { apiGet, apiPost } from '../../../platform/http.ts';
import { tasksKeys } from '../../tasks/index.ts';
import { toolsKeys } from './keys.ts';

/** Devices offered at a time in the picker: typing narrows them on the server. */
export const PICKER_PAGE_SIZE = 20;
/** Runs shown at a time under Recent runs. */
export const RUNS_PAGE_SIZE = LIST_PAGE_SIZE;
/** A run under way is read again this often, so each step the device reports shows. */
const RUNNING_REFRESH_MS = 1_000;

export function useToolDevices(cloudId: number, search: string) {
  return useQuery({
    queryKey: toolsKeys.devices(cloudId, search),
    queryFn: () =>
      apiGet<DeviceListResponse>(`/apiv2/cloud/${cloudId}/devices`, {
        search: search === '' ? undefined : search,
        offset: 0,
        limit: PICKER_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useToolRuns(cloudId: number, offset: number) {
  return useQuery({
    queryKey: toolsKeys.runs(cloudId, offset),
    queryFn: () =>
      apiGet<TaskHistory>(`/apiv2/cloud/${cloudId}/tasks`, {
        type: 'TASK_TROUBLESHOOT',
        offset,
        limit: RUNS_PAGE_SIZE,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useToolRun(cloudId: number, taskId: number | null) {
  return useQuery({
    queryKey: toolsKeys.run(cloudId, taskId ?? 0),
    queryFn: () => apiGet<TaskDetail>(`/apiv2/cloud/${cloudId}/tasks/${taskId}`, { offset: 0, limit: 1 }),
    enabled: taskId !== null,
    refetchInterval: (query) =>
      query.state.data && !isFinished(query.state.data.task.task_state) ? RUNNING_REFRESH_MS : false,
  });
}

/** Starts a run; the task tracker and the recent runs show it at once. */
export function useStartRun(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) =>
      apiPost<{ task: Task }>(`/apiv2/cloud/${cloudId}/tasks`, body).then((created) => created.task),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: tasksKeys.all(cloudId) });
      void queryClient.invalidateQueries({ queryKey: toolsKeys.all(cloudId) });
    },
  });
}
