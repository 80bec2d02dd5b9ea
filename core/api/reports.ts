// Reports' calls (docs/reports.md, docs/api.md#the-calls): schedules, running a report once, and the archive
// of generated files. Shared by the server and the web app.
import { type Static, type TSchema, Type } from 'typebox';
import { REPORT_FREQUENCIES } from '../reports/schedule.ts';
import { closed } from './closed.ts';
import { LIST_LIMIT_MAX, LIST_PAGE_SIZE, ListPage } from './list-query.ts';

export const REPORT_KINDS = [
  'inventory',
  'availability',
  'alerts',
  'clients',
  'firmware',
  'guest_access',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_SCOPES = ['cloud', 'grouping', 'sites'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];
/** The periods a report looks back over, in days (metrics are kept 90 days: docs/telemetry.md). */
export const REPORT_PERIODS = [1, 7, 30, 90] as const;
export const REPORT_STATES = ['pending', 'running', 'ready', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];
export const REPORT_NAME_MAX_LENGTH = 100;
/** Most sites a report names one by one, and most recipients. */
export const REPORT_SITES_MAX = 200;
export const REPORT_RECIPIENTS_MAX = 50;
/** docs/reports.md#the-archive: generated files are kept this many days. */
export const REPORT_KEEP_DAYS = 90;
/** docs/reports.md#mail: a file up to this size is attached to the mail; a larger one is linked. */
export const REPORT_ATTACH_MAX_BYTES = 5 * 1024 * 1024;

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ReportsParams = Type.Object({ cloudId: Id }, closed);
export const ReportScheduleParams = Type.Object({ cloudId: Id, scheduleId: Id }, closed);
export type ReportScheduleParams = Static<typeof ReportScheduleParams>;
export const ReportRunParams = Type.Object({ cloudId: Id, runId: Id }, closed);
export type ReportRunParams = Static<typeof ReportRunParams>;

export const ReportPageQuery = Type.Object(
  {
    offset: Type.Integer({ minimum: 0, maximum: 2147483647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: LIST_LIMIT_MAX, default: LIST_PAGE_SIZE }),
  },
  closed,
);
export type ReportPageQuery = Static<typeof ReportPageQuery>;

/** What a report covers: the same for a schedule and for a run once. */
const reportFields = {
  name: Type.String({ minLength: 1, maxLength: REPORT_NAME_MAX_LENGTH, pattern: '\\S' }),
  kind: Type.Enum(REPORT_KINDS),
  format: Type.Enum(REPORT_FORMATS),
  scope: Type.Enum(REPORT_SCOPES),
  /** The site grouping, when the scope is `grouping`. */
  site_filter_id: Nullable(Id),
  /** The sites, when the scope is `sites`. */
  site_ids: Type.Array(Id, { maxItems: REPORT_SITES_MAX, uniqueItems: true }),
  period_days: Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30), Type.Literal(90)]),
  /** Members of the cloud the file is mailed to. */
  recipient_ids: Type.Array(Id, { maxItems: REPORT_RECIPIENTS_MAX, uniqueItems: true }),
  /** IANA time zone the schedule's time and the report's dates are in. */
  time_zone: Type.String({ minLength: 1, maxLength: 64 }),
};

const timingFields = {
  frequency: Type.Enum(REPORT_FREQUENCIES),
  /** Weekly: 1 (Monday) to 7 (Sunday). */
  weekday: Type.Integer({ minimum: 1, maximum: 7 }),
  /** Monthly: 1 to 31; a shorter month runs on its last day. */
  month_day: Type.Integer({ minimum: 1, maximum: 31 }),
  /** "HH:MM", 24-hour clock. */
  time: Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' }),
};

export const RunReportBody = Type.Object(reportFields, closed);
export type RunReportBody = Static<typeof RunReportBody>;
export const ReportScheduleBody = Type.Object({ ...reportFields, ...timingFields }, closed);
export type ReportScheduleBody = Static<typeof ReportScheduleBody>;

export const ReportSchedule = Type.Object({
  id: Type.Integer(),
  ...reportFields,
  ...timingFields,
  next_run_at: Type.String({ format: 'date-time' }),
});
export type ReportSchedule = Static<typeof ReportSchedule>;
export const ReportSchedulePage = ListPage(ReportSchedule);
export type ReportSchedulePage = Static<typeof ReportSchedulePage>;

export const ReportRun = Type.Object({
  id: Type.Integer(),
  schedule_id: Nullable(Type.Integer()),
  name: Type.String(),
  kind: Type.Enum(REPORT_KINDS),
  format: Type.Enum(REPORT_FORMATS),
  state: Type.Enum(REPORT_STATES),
  period_from: Type.String({ format: 'date-time' }),
  period_to: Type.String({ format: 'date-time' }),
  created_at: Type.String({ format: 'date-time' }),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  file_name: Nullable(Type.String()),
  /** Bytes of the file, when it is ready. */
  size: Nullable(Type.Integer()),
  rows: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  mailed: Nullable(Type.Enum(['attached', 'linked', 'none', 'failed'] as const)),
});
export type ReportRun = Static<typeof ReportRun>;
export const ReportRunPage = ListPage(ReportRun);
export type ReportRunPage = Static<typeof ReportRunPage>;

export const ReportOptionsQuery = Type.Object(
  { site_search: Type.Optional(Type.String({ maxLength: 100 })) },
  closed,
);
export type ReportOptionsQuery = Static<typeof ReportOptionsQuery>;

const Named = Type.Object({ id: Type.Integer(), name: Type.String() });
/** Most sites, groupings and members the dialog is offered at once (a search narrows them). */
export const REPORT_OPTIONS_MAX = 100;

export const ReportOptions = Type.Object({
  /** Sites by name; a search narrows them. */
  sites: Type.Array(Named),
  site_filters: Type.Array(Named),
  members: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), email: Type.String() })),
  /** Whether the guest access report may be made (AuthPort is on). */
  guest_access: Type.Boolean(),
  /** The caller's own time zone, offered for a new schedule. */
  time_zone: Type.String(),
});
export type ReportOptions = Static<typeof ReportOptions>;
