// The query keys of the task tracker; the queries, the changes and the live events
// (web/shell/live-event-keys.ts) take their keys from here.
export const tasksKeys = {
  all: (cloudId: number) => ['tasks', cloudId] as const,
  recent: (cloudId: number) => [...tasksKeys.all(cloudId), 'recent'] as const,
  recentCount: (cloudId: number) => [...tasksKeys.all(cloudId), 'recent-count'] as const,
};
