// What the dashboards feature offers the shell and the other features.
export { dashboardsKeys } from './api/keys.ts';
