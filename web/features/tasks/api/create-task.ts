// POST /apiv2/cloud/:cloudId/tasks: starts a task on devices; the task tracker shows it at once.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTaskBody, Task } from '../../../../core/api/tasks.ts';
import { apiPost } from '../../../platform/http.ts';
import { tasksKeys } from './keys.ts';

export type CreatedTask = { task: Task; refused: { deviceId: number | null; reason: string }[] };

export function createTask(cloudId: number, body: CreateTaskBody): Promise<CreatedTask> {
  return apiPost<CreatedTask>(`/apiv2/cloud/${cloudId}/tasks`, body);
}

/** Afterwards the task panel and its badge are read again, so the new task shows at once. */
export function useCreateTask(cloudId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => createTask(cloudId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKeys.all(cloudId) }),
  });
}
