// Reports (docs/reports.md): a cloud's report schedules and the archive of the files made from them or run
// once. A run is queued here and made by the background job, never in the request that asks for it.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { bytea, stampedNow } from './columns.ts';
import { siteFilters } from './inventory.ts';

/** What a report covers, kept by a schedule and copied into each run it makes. */
const reportColumns = () => ({
  name: text().notNull(),
  kind: text({
    enum: ['inventory', 'availability', 'alerts', 'clients', 'firmware', 'guest_access'],
  }).notNull(),
  format: text({ enum: ['pdf', 'csv', 'xlsx'] }).notNull(),
  /** The whole cloud, a site grouping or chosen sites. */
  scope: text({ enum: ['cloud', 'grouping', 'sites'] }).notNull(),
  siteFilterId: integer().references(() => siteFilters.id, { onDelete: 'set null' }),
  siteIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  /** Days before the run the report looks back over. */
  periodDays: integer().notNull(),
  /** Members (user ids) the file is mailed to. */
  recipientIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  timeZone: text().notNull(),
});

export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    ...reportColumns(),
    frequency: text({ enum: ['daily', 'weekly', 'monthly'] }).notNull(),
    weekday: integer().notNull().default(1),
    monthDay: integer().notNull().default(1),
    /** "HH:MM" in the schedule's time zone. */
    time: text().notNull(),
    nextRunAt: timestamp({ withTimezone: true }).notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [
    index('report_schedules_cloud_name_idx').on(t.cloudId, t.name, t.id),
    // The job's question every few seconds: which schedules are due.
    index('report_schedules_next_run_idx').on(t.nextRunAt),
  ],
);

export const reportRuns = pgTable(
  'report_runs',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    scheduleId: integer().references(() => reportSchedules.id, { onDelete: 'set null' }),
    ...reportColumns(),
    state: text({ enum: ['pending', 'running', 'ready', 'failed'] })
      .notNull()
      .default('pending'),
    /** The period the report covers. */
    periodFrom: timestamp({ withTimezone: true }).notNull(),
    periodTo: timestamp({ withTimezone: true }).notNull(),
    requestedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    error: text(),
    fileName: text(),
    contentType: text(),
    size: integer(),
    rows: integer(),
    content: bytea(),
    /** How the recipients got it: attached, linked, or not mailed (no recipients or no mail server). */
    mailed: text({ enum: ['attached', 'linked', 'none', 'failed'] }),
  },
  (t) => [
    index('report_runs_cloud_created_idx').on(t.cloudId, t.createdAt.desc(), t.id.desc()),
    index('report_runs_pending_idx').on(t.id).where(sql`${t.state} = 'pending'`),
    index('report_runs_running_idx').on(t.startedAt).where(sql`${t.state} = 'running'`),
    // The retention job deletes files older than 90 days.
    index('report_runs_created_idx').on(t.createdAt),
    index('report_runs_schedule_idx').on(t.scheduleId),
  ],
);
