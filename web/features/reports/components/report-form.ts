// The report dialog's form (docs/reports.md#the-page): what it starts from, and the body it sends.
import type {
  ReportFormat,
  ReportKind,
  ReportSchedule,
  ReportScheduleBody,
  ReportScope,
  RunReportBody,
} from '../../../../core/api/reports.ts';
import type { ReportFrequency } from '../../../../core/reports/schedule.ts';

export type ReportForm = {
  name: string;
  kind: ReportKind;
  format: ReportFormat;
  scope: ReportScope;
  siteFilterId: number | null;
  siteIds: number[];
  periodDays: RunReportBody['period_days'];
  recipientIds: number[];
  timeZone: string;
  frequency: ReportFrequency;
  weekday: number;
  monthDay: number;
  time: string;
};

export const emptyReportForm = (timeZone: string): ReportForm => ({
  name: '',
  kind: 'inventory',
  format: 'pdf',
  scope: 'cloud',
  siteFilterId: null,
  siteIds: [],
  periodDays: 7,
  recipientIds: [],
  timeZone,
  frequency: 'weekly',
  weekday: 1,
  monthDay: 1,
  time: '07:00',
});

export const reportFormOf = (schedule: ReportSchedule): ReportForm => ({
  name: schedule.name,
  kind: schedule.kind,
  format: schedule.format,
  scope: schedule.scope,
  siteFilterId: schedule.site_filter_id,
  siteIds: [...schedule.site_ids],
  periodDays: schedule.period_days,
  recipientIds: [...schedule.recipient_ids],
  timeZone: schedule.time_zone,
  frequency: schedule.frequency,
  weekday: schedule.weekday,
  monthDay: schedule.month_day,
  time: schedule.time,
});

export type ReportFormError = 'name' | 'siteFilterId' | 'siteIds' | 'time';

/** What must be filled in before the form is sent; the server checks the rest. */
export function reportFormErrors(form: ReportForm, schedule: boolean): ReportFormError[] {
  const errors: ReportFormError[] = [];
  if (form.name.trim() === '') errors.push('name');
  if (form.scope === 'grouping' && form.siteFilterId === null) errors.push('siteFilterId');
  if (form.scope === 'sites' && form.siteIds.length === 0) errors.push('siteIds');
  if (schedule && !/^([01][0-9]|2[0-3]):[0-5][0-9]$/.test(form.time)) errors.push('time');
  return errors;
}

export const runBodyOf = (form: ReportForm): RunReportBody => ({
  name: form.name.trim(),
  kind: form.kind,
  format: form.format,
  scope: form.scope,
  site_filter_id: form.scope === 'grouping' ? form.siteFilterId : null,
  site_ids: form.scope === 'sites' ? form.siteIds : [],
  period_days: form.periodDays,
  recipient_ids: form.recipientIds,
  time_zone: form.timeZone,
});

export const scheduleBodyOf = (form: ReportForm): ReportScheduleBody => ({
  ...runBodyOf(form),
  frequency: form.frequency,
  weekday: form.weekday,
  month_day: form.monthDay,
  time: form.time,
});
