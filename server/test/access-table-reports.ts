// The access table's rows for Reports (docs/reports.md#who-may-use-it): every call needs manage_sites; a
// made-up schedule or file is none (404).
import type { Call, Rule } from './access-rules.ts';
import type { RoleCloud } from './role-cloud.ts';

const managers: Rule = { kind: 'member', permission: 'manage_sites' };
const missing: Rule = { ...managers, status: 404 };
const under = (path: string) => (f: RoleCloud) => `/apiv2/cloud/${f.cloud.id}${path}`;
const MISSING = '2147483647';

let unique = 0;
const report = () => ({
  name: `Table report ${++unique}`,
  kind: 'inventory',
  format: 'csv',
  scope: 'cloud',
  site_filter_id: null,
  site_ids: [],
  period_days: 7,
  recipient_ids: [],
  time_zone: 'UTC',
});
const schedule = () => ({ ...report(), frequency: 'weekly', weekday: 1, month_day: 1, time: '06:00' });

export const REPORT_CALLS: Call[] = [
  { method: 'GET', url: under('/report-options'), rule: managers },
  { method: 'GET', url: under('/report-schedules'), rule: managers },
  { method: 'POST', url: under('/report-schedules'), rule: managers, body: schedule },
  { method: 'PUT', url: under(`/report-schedules/${MISSING}`), rule: missing, body: schedule },
  { method: 'DELETE', url: under(`/report-schedules/${MISSING}`), rule: missing },
  { method: 'POST', url: under(`/report-schedules/${MISSING}/run`), rule: missing },
  { method: 'GET', url: under('/reports'), rule: managers },
  { method: 'POST', url: under('/reports'), rule: managers, body: report },
  { method: 'GET', url: under(`/reports/${MISSING}`), rule: missing },
  { method: 'GET', url: under(`/reports/${MISSING}/file`), rule: missing },
  { method: 'DELETE', url: under(`/reports/${MISSING}`), rule: missing },
];
