// Reports' rows (docs/reports.md): schedules and the archive, each list read a page at a time along its index.
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type {
  ReportKind,
  ReportRun,
  ReportSchedule,
  ReportScheduleBody,
  RunReportBody,
} from '../../../core/api/reports.ts';
import { REPORT_OPTIONS_MAX } from '../../../core/api/reports.ts';
import { nextRunAfter } from '../../../core/reports/schedule.ts';
import type { Database } from '../../db/connect.ts';
import { escapeLike } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { siteFilters, sites } from '../../db/schema/inventory.ts';
import { reportRuns, reportSchedules } from '../../db/schema/reports.ts';

const DAY_MS = 86_400_000;
type ScheduleRow = typeof reportSchedules.$inferSelect;
type RunRow = typeof reportRuns.$inferSelect;

export function scheduleOut(row: ScheduleRow): ReportSchedule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    format: row.format,
    scope: row.scope,
    site_filter_id: row.siteFilterId,
    site_ids: row.siteIds,
    period_days: row.periodDays as ReportSchedule['period_days'],
    recipient_ids: row.recipientIds,
    time_zone: row.timeZone,
    frequency: row.frequency,
    weekday: row.weekday,
    month_day: row.monthDay,
    time: row.time,
    next_run_at: row.nextRunAt.toISOString(),
  };
}

export function runOut(row: Omit<RunRow, 'content'>): ReportRun {
  return {
    id: row.id,
    schedule_id: row.scheduleId,
    name: row.name,
    kind: row.kind,
    format: row.format,
    state: row.state,
    period_from: row.periodFrom.toISOString(),
    period_to: row.periodTo.toISOString(),
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    file_name: row.fileName,
    size: row.size,
    rows: row.rows,
    error: row.error,
    mailed: row.mailed,
  };
}

/** A run's columns without its file. */
const { content: _content, ...runColumns } = getTableColumns(reportRuns);

export async function listSchedules(db: Database, cloudId: number, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.cloudId, cloudId))
      .orderBy(asc(reportSchedules.name), asc(reportSchedules.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(reportSchedules).where(eq(reportSchedules.cloudId, cloudId)),
  ]);
  return { items: rows.map(scheduleOut), total: total?.n ?? 0, total_capped: false };
}

export async function listRuns(db: Database, cloudId: number, offset: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(runColumns)
      .from(reportRuns)
      .where(eq(reportRuns.cloudId, cloudId))
      .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
      .offset(offset)
      .limit(limit),
    db.select({ n: count() }).from(reportRuns).where(eq(reportRuns.cloudId, cloudId)),
  ]);
  return { items: rows.map(runOut), total: total?.n ?? 0, total_capped: false };
}

export async function findSchedule(db: Database, cloudId: number, id: number) {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.cloudId, cloudId), eq(reportSchedules.id, id)));
  return row ?? null;
}

export async function findRun(db: Database, cloudId: number, id: number) {
  const [row] = await db
    .select(runColumns)
    .from(reportRuns)
    .where(and(eq(reportRuns.cloudId, cloudId), eq(reportRuns.id, id)));
  return row ?? null;
}

export async function runFile(db: Database, cloudId: number, id: number) {
  const [row] = await db
    .select({
      content: reportRuns.content,
      fileName: reportRuns.fileName,
      contentType: reportRuns.contentType,
    })
    .from(reportRuns)
    .where(and(eq(reportRuns.cloudId, cloudId), eq(reportRuns.id, id), eq(reportRuns.state, 'ready')));
  if (!row?.content || !row.fileName || !row.contentType) return null;
  return { content: row.content, fileName: row.fileName, contentType: row.contentType };
}

/** A report's columns from a checked body. */
const reportValues = (body: RunReportBody) => ({
  name: body.name.trim(),
  kind: body.kind,
  format: body.format,
  scope: body.scope,
  siteFilterId: body.scope === 'grouping' ? body.site_filter_id : null,
  siteIds: body.scope === 'sites' ? body.site_ids : [],
  periodDays: body.period_days,
  recipientIds: body.recipient_ids,
  timeZone: body.time_zone,
});

const timingOf = (body: ReportScheduleBody) => ({
  frequency: body.frequency,
  weekday: body.weekday,
  monthDay: body.month_day,
  time: body.time,
  timeZone: body.time_zone,
});

export async function createSchedule(
  db: Database,
  cloudId: number,
  userId: number,
  body: ReportScheduleBody,
  now: Date,
) {
  const [row] = await db
    .insert(reportSchedules)
    .values({
      cloudId,
      ...reportValues(body),
      frequency: body.frequency,
      weekday: body.weekday,
      monthDay: body.month_day,
      time: body.time,
      nextRunAt: nextRunAfter(timingOf(body), now),
      createdBy: userId,
    })
    .returning();
  if (!row) throw new Error('the schedule was not stored');
  return scheduleOut(row);
}

export async function updateSchedule(
  db: Database,
  cloudId: number,
  id: number,
  body: ReportScheduleBody,
  now: Date,
) {
  const [row] = await db
    .update(reportSchedules)
    .set({
      ...reportValues(body),
      frequency: body.frequency,
      weekday: body.weekday,
      monthDay: body.month_day,
      time: body.time,
      nextRunAt: nextRunAfter(timingOf(body), now),
      updatedAt: sql`now()`,
    })
    .where(and(eq(reportSchedules.cloudId, cloudId), eq(reportSchedules.id, id)))
    .returning();
  return row ? scheduleOut(row) : null;
}

export async function deleteSchedule(db: Database, cloudId: number, id: number) {
  const gone = await db
    .delete(reportSchedules)
    .where(and(eq(reportSchedules.cloudId, cloudId), eq(reportSchedules.id, id)))
    .returning({ id: reportSchedules.id });
  return gone.length > 0;
}

/** Queues a run over the `period_days` before now. */
export async function queueRun(
  db: Database,
  cloudId: number,
  userId: number,
  body: RunReportBody,
  now: Date,
  scheduleId: number | null = null,
) {
  const [row] = await db
    .insert(reportRuns)
    .values({
      cloudId,
      scheduleId,
      ...reportValues(body),
      periodFrom: new Date(now.getTime() - body.period_days * DAY_MS),
      periodTo: now,
      requestedBy: userId,
    })
    .returning(runColumns);
  if (!row) throw new Error('the run was not stored');
  return runOut(row);
}

export async function deleteRun(db: Database, cloudId: number, id: number) {
  const gone = await db
    .delete(reportRuns)
    .where(and(eq(reportRuns.cloudId, cloudId), eq(reportRuns.id, id)))
    .returning({ id: reportRuns.id });
  return gone.length > 0;
}

/** Which of the ids are live sites of the cloud. */
export async function knownSiteIds(db: Database, cloudId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.cloudId, cloudId), inArray(sites.id, ids), isNull(sites.deletedAt)));
  return rows.map((r) => r.id);
}

export async function groupingExists(db: Database, cloudId: number, id: number) {
  const [row] = await db
    .select({ id: siteFilters.id })
    .from(siteFilters)
    .where(and(eq(siteFilters.cloudId, cloudId), eq(siteFilters.id, id)));
  return Boolean(row);
}

/** Which of the ids are members of the cloud. */
export async function memberIds(db: Database, cloudId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.cloudId, cloudId), inArray(memberships.userId, ids)));
  return rows.map((r) => r.id);
}

/** What the dialog offers: sites (by name, narrowed by a search), groupings and members. */
export async function reportOptions(db: Database, cloudId: number, siteSearch: string) {
  const [siteRows, groupings, members] = await Promise.all([
    db
      .select({ id: sites.id, name: sites.name })
      .from(sites)
      .where(
        and(
          eq(sites.cloudId, cloudId),
          isNull(sites.deletedAt),
          siteSearch ? ilike(sites.name, `%${escapeLike(siteSearch)}%`) : undefined,
        ),
      )
      .orderBy(asc(sites.name), asc(sites.id))
      .limit(REPORT_OPTIONS_MAX),
    db
      .select({ id: siteFilters.id, name: siteFilters.name })
      .from(siteFilters)
      .where(eq(siteFilters.cloudId, cloudId))
      .orderBy(asc(siteFilters.name), asc(siteFilters.id))
      .limit(REPORT_OPTIONS_MAX),
    db
      .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.cloudId, cloudId), isNull(users.deletedAt)))
      .orderBy(asc(users.email))
      .limit(REPORT_OPTIONS_MAX),
  ]);
  return {
    sites: siteRows,
    site_filters: groupings,
    members: members.map((m) => ({
      id: m.id,
      name: `${m.firstname} ${m.lastname}`.trim() || m.email,
      email: m.email,
    })),
  };
}

export type { ReportKind };
