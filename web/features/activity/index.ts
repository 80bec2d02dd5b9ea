// What the activity feature offers the shell and the other features.
export type { HistoryScope } from './api/activity.ts';
export { scopeQuery, useAlertHistory, useTaskHistory } from './api/activity.ts';
export { activityKeys } from './api/keys.ts';
