// What the dashboards feature offers the shell and the other features.
export { dashboardKey } from './api/get-dashboard.ts';
