// What the tasks feature offers the shell and the other features.
export { useCreateTask } from './api/create-task.ts';
export { recentTasksQueryOptions } from './api/get-recent-tasks.ts';
export { recentTasksCountQueryOptions } from './api/get-recent-tasks-count.ts';
export { tasksKeys } from './api/keys.ts';
export { TaskItem } from './components/task-item.tsx';
export { TasksButton } from './components/tasks-button.tsx';
export { TasksPanel } from './components/tasks-panel.tsx';
export { TASK_STATE_KEYS, TASK_TYPE_TITLE_KEYS } from './task-labels.ts';
