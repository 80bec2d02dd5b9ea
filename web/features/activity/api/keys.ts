// The query keys of the alert and task history (GET .../alerts and .../tasks), wherever a page shows them:
// the activity pages, and a device's or recorder's dashboard with its open alerts and recent tasks. The
// queries, the changes that must refresh them and the live events (web/shell/live-event-keys.ts) take
// their keys from here.
import type { HealthId } from '../../../../core/domain.ts';
import type { AlertFilters, TaskFilters } from './activity.ts';

/** The device or recorder a dashboard is about. */
type Scope = { readonly deviceId: number } | { readonly smartNvrId: number };

export const activityKeys = {
  all: (cloudId: number) => ['activity', cloudId] as const,
  /** Every list of alerts: the history's pages, the mutes and the dashboards' open alerts. */
  alerts: (cloudId: number) => [...activityKeys.all(cloudId), 'alerts'] as const,
  alertPage: (cloudId: number, filters: AlertFilters, offset: number, limit: number) =>
    [...activityKeys.alerts(cloudId), 'page', filters, offset, limit] as const,
  openAlerts: (cloudId: number, scope: Scope, health: HealthId | 'all') =>
    [...activityKeys.alerts(cloudId), 'open', scope, health] as const,
  mutes: (cloudId: number) => [...activityKeys.alerts(cloudId), 'mutes'] as const,
  /** Every list of tasks: the history's pages, a task's targets and the dashboards' recent tasks. */
  tasks: (cloudId: number) => [...activityKeys.all(cloudId), 'tasks'] as const,
  taskPage: (cloudId: number, filters: TaskFilters, offset: number, limit: number) =>
    [...activityKeys.tasks(cloudId), 'page', filters, offset, limit] as const,
  task: (cloudId: number, taskId: number, offset: number) =>
    [...activityKeys.tasks(cloudId), 'detail', taskId, offset] as const,
  objectTasks: (cloudId: number, scope: Scope) => [...activityKeys.tasks(cloudId), 'recent', scope] as const,
};
