// Making a queued report (docs/reports.md#runs): the background job takes a pending run, builds its
// report into a file, keeps the file in the archive and mails it to the recipients.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { REPORT_ATTACH_MAX_BYTES, REPORT_KEEP_DAYS, type ReportKind } from '../../../core/api/reports.ts';
import { nextRunAfter, type ReportFrequency } from '../../../core/reports/schedule.ts';
import type { PeriodicJob } from '../../background/runner.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';
import { siteFilters, sites } from '../../db/schema/inventory.ts';
import { reportRuns, reportSchedules } from '../../db/schema/reports.ts';
import type { SendMail } from '../../mail/send-mail.ts';
import { type ReportBrand, reportBrand } from './brand.ts';
import { buildReport, localTime, REPORT_TITLES } from './builders.ts';
import { CONTENT_TYPES, writeReportFile } from './output.ts';

/** How often the job looks for due schedules and queued runs. */
export const REPORT_JOB_EVERY_MS = 5_000;
/** A run still "running" this long after it started was left by a server that stopped: it is failed. */
export const REPORT_RUN_STALE_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

export type ReportDeps = {
  db: Database;
  sendMail: SendMail;
  publicUrl: string;
  /** The deployment theme's product name and logo address; a vpc cloud's brand takes their place. */
  productName: string;
  logoUrl: string | null;
  /** The built web app, where an address of the theme's logo on the console is a file. */
  webRoot: string;
  log: { error: (details: object, message: string) => void };
};

type RunRow = typeof reportRuns.$inferSelect;

/** The sites a run covers: null for the whole cloud; a grouping's sites as they are now. */
async function coveredSites(db: Database, run: RunRow): Promise<{ siteIds: number[] | null; text: string }> {
  if (run.scope === 'cloud') return { siteIds: null, text: 'The whole cloud' };
  if (run.scope === 'grouping') {
    const [grouping] = run.siteFilterId
      ? await db
          .select({ name: siteFilters.name, siteIds: siteFilters.siteIds })
          .from(siteFilters)
          .where(and(eq(siteFilters.id, run.siteFilterId), eq(siteFilters.cloudId, run.cloudId)))
      : [];
    if (!grouping) throw new ReportFailure('The site grouping of this report no longer exists.');
    return { siteIds: grouping.siteIds, text: `Site grouping: ${grouping.name}` };
  }
  const chosen = run.siteIds.length
    ? await db
        .select({ id: sites.id, name: sites.name })
        .from(sites)
        .where(and(eq(sites.cloudId, run.cloudId), inArray(sites.id, run.siteIds), isNull(sites.deletedAt)))
        .orderBy(sites.name)
    : [];
  if (chosen.length === 0) throw new ReportFailure('None of the chosen sites exists any more.');
  return { siteIds: chosen.map((s) => s.id), text: `Sites: ${chosen.map((s) => s.name).join(', ')}` };
}

/** A failure the report's page shows as it is. */
class ReportFailure extends Error {}

const fileNameOf = (run: RunRow) =>
  `${
    run.name
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-') || 'report'
  }-${run.periodTo.toISOString().slice(0, 10)}.${run.format}`;

/** Builds the run's file and keeps it; answers the run as it is after. */
export async function generateRun(deps: ReportDeps, run: RunRow): Promise<void> {
  const { db } = deps;
  const dir = await mkdtemp(join(tmpdir(), 'report-'));
  try {
    const [cloud] = await db.select({ name: clouds.name }).from(clouds).where(eq(clouds.id, run.cloudId));
    if (!cloud) return;
    const covered = await coveredSites(db, run);
    const brand = await reportBrand(db, run.cloudId, deps, run.format === 'pdf');
    const report = await buildReport(db, run.kind as ReportKind, {
      cloudId: run.cloudId,
      siteIds: covered.siteIds,
      from: run.periodFrom,
      to: run.periodTo,
      timeZone: run.timeZone,
    });
    const path = join(dir, `report.${run.format}`);
    const { rows } = await writeReportFile(
      report,
      run.format,
      {
        productName: brand.productName,
        logo: brand.logo,
        cloudName: cloud.name,
        name: run.name,
        lines: [
          covered.text,
          `${localTime(run.periodFrom, run.timeZone)} to ${localTime(run.periodTo, run.timeZone)} (${run.timeZone})`,
          `Made ${localTime(new Date(), run.timeZone)}`,
        ],
      },
      path,
    );
    const content = await readFile(path);
    const fileName = fileNameOf(run);
    await db
      .update(reportRuns)
      .set({
        state: 'ready',
        finishedAt: sql`now()`,
        content,
        size: content.length,
        rows,
        fileName,
        contentType: CONTENT_TYPES[run.format],
      })
      .where(eq(reportRuns.id, run.id));
    const mailed = await mailRun(deps, brand, run, { fileName, content });
    await db.update(reportRuns).set({ mailed }).where(eq(reportRuns.id, run.id));
  } catch (error) {
    if (!(error instanceof ReportFailure)) deps.log.error({ err: error, run: run.id }, 'report failed');
    await db
      .update(reportRuns)
      .set({
        state: 'failed',
        finishedAt: sql`now()`,
        error: error instanceof ReportFailure ? error.message : 'The report could not be made.',
      })
      .where(eq(reportRuns.id, run.id));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Mails the file to the recipients who are still members: attached up to the cap, else linked. */
async function mailRun(
  deps: ReportDeps,
  brand: ReportBrand,
  run: RunRow,
  file: { fileName: string; content: Buffer },
): Promise<'attached' | 'linked' | 'none' | 'failed'> {
  if (run.recipientIds.length === 0) return 'none';
  const recipients = await deps.db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.cloudId, run.cloudId),
        inArray(memberships.userId, run.recipientIds),
        isNull(users.deletedAt),
      ),
    );
  if (recipients.length === 0) return 'none';
  const attach = file.content.length <= REPORT_ATTACH_MAX_BYTES;
  const link = `${deps.publicUrl}/apiv2/cloud/${run.cloudId}/reports/${run.id}/file`;
  const title = REPORT_TITLES[run.kind as ReportKind];
  try {
    for (const { email } of recipients) {
      const sent = await deps.sendMail({
        to: email,
        subject: `${run.name}: ${title} report from ${brand.productName}`,
        text: [
          `Your ${title.toLowerCase()} report "${run.name}" is ready.`,
          '',
          attach
            ? `It is attached as ${file.fileName}.`
            : `It is too large to attach; download it (signed in to ${brand.productName}): ${link}`,
          '',
          `It is kept for ${REPORT_KEEP_DAYS} days on the cloud's Reports page.`,
        ].join('\n'),
        ...(attach
          ? {
              attachments: [
                { filename: file.fileName, content: file.content, contentType: CONTENT_TYPES[run.format] },
              ],
            }
          : {}),
      });
      if (!sent) return 'none';
    }
    return attach ? 'attached' : 'linked';
  } catch (error) {
    deps.log.error({ err: error, run: run.id }, 'report mail not sent');
    return 'failed';
  }
}

/** Queues a run for every schedule whose time has come, and moves the schedule on to its next run. */
export async function queueDueSchedules(db: Database, now: Date): Promise<number> {
  const due = await db
    .select()
    .from(reportSchedules)
    .where(sql`${reportSchedules.nextRunAt} <= ${now}`)
    .orderBy(reportSchedules.nextRunAt)
    .limit(100);
  let queued = 0;
  for (const schedule of due) {
    const next = nextRunAfter(
      {
        frequency: schedule.frequency as ReportFrequency,
        weekday: schedule.weekday,
        monthDay: schedule.monthDay,
        time: schedule.time,
        timeZone: schedule.timeZone,
      },
      now,
    );
    // Only the process that moves the schedule on queues its run.
    const moved = await db
      .update(reportSchedules)
      .set({ nextRunAt: next })
      .where(and(eq(reportSchedules.id, schedule.id), eq(reportSchedules.nextRunAt, schedule.nextRunAt)))
      .returning({ id: reportSchedules.id });
    if (moved.length === 0) continue;
    await db.insert(reportRuns).values({
      cloudId: schedule.cloudId,
      scheduleId: schedule.id,
      name: schedule.name,
      kind: schedule.kind,
      format: schedule.format,
      scope: schedule.scope,
      siteFilterId: schedule.siteFilterId,
      siteIds: schedule.siteIds,
      periodDays: schedule.periodDays,
      recipientIds: schedule.recipientIds,
      timeZone: schedule.timeZone,
      periodFrom: new Date(schedule.nextRunAt.getTime() - schedule.periodDays * DAY_MS),
      periodTo: schedule.nextRunAt,
      requestedBy: schedule.createdBy,
    });
    queued += 1;
  }
  return queued;
}

/** Takes the oldest queued run, if any, so that no other process makes it too. */
async function claimRun(db: Database): Promise<RunRow | null> {
  const [claimed] = await queryRows<{ id: number }>(
    db,
    sql`UPDATE report_runs SET state = 'running', started_at = now()
        WHERE id = (SELECT id FROM report_runs WHERE state = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING id`,
  );
  if (!claimed) return null;
  const [run] = await db.select().from(reportRuns).where(eq(reportRuns.id, claimed.id));
  return run ?? null;
}

/** One pass of the job: due schedules queued, then queued runs made one after another. */
export async function runReports(deps: ReportDeps, now: Date): Promise<void> {
  await deps.db
    .update(reportRuns)
    .set({ state: 'failed', finishedAt: sql`now()`, error: 'The report could not be made.' })
    .where(
      and(
        eq(reportRuns.state, 'running'),
        lt(reportRuns.startedAt, new Date(now.getTime() - REPORT_RUN_STALE_MS)),
      ),
    );
  await queueDueSchedules(deps.db, now);
  for (let run = await claimRun(deps.db); run; run = await claimRun(deps.db)) await generateRun(deps, run);
}

/** Deletes the files made more than REPORT_KEEP_DAYS days ago. */
export async function purgeOldReports(db: Database, now: Date): Promise<void> {
  await db
    .delete(reportRuns)
    .where(lt(reportRuns.createdAt, new Date(now.getTime() - REPORT_KEEP_DAYS * DAY_MS)));
}

export function reportJobs(deps: ReportDeps): PeriodicJob[] {
  return [
    { name: 'reports', everyMs: REPORT_JOB_EVERY_MS, run: (now) => runReports(deps, now) },
    { name: 'reports-retention', everyMs: 60 * 60_000, run: (now) => purgeOldReports(deps.db, now) },
  ];
}
