// Reports (docs/reports.md): schedules, a report run once, and the archive of generated files, for members
// with manage_sites. Making a file is the background job's work (generate.ts), never a request's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import {
  ReportOptions,
  ReportOptionsQuery,
  ReportPageQuery,
  ReportRun,
  ReportRunPage,
  ReportRunParams,
  ReportSchedule,
  ReportScheduleBody,
  ReportSchedulePage,
  ReportScheduleParams,
  ReportsParams,
  RunReportBody,
} from '../../../core/api/reports.ts';
import { isTimeZone } from '../../../core/time-zones.ts';
import { membershipOf, personOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds } from '../../db/schema/clouds.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import { Ok, signedInErrors } from '../../http-schemas.ts';
import {
  createSchedule,
  deleteRun,
  deleteSchedule,
  findRun,
  findSchedule,
  groupingExists,
  knownSiteIds,
  listRuns,
  listSchedules,
  memberIds,
  queueRun,
  reportOptions,
  runFile,
  runOut,
  updateSchedule,
} from './repository.ts';

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/** What the schema cannot check: the time zone, the cloud's sites, grouping, members, and AuthPort. */
async function checkReport(db: Database, cloudId: number, body: RunReportBody) {
  const issues: ValidationIssue[] = [];
  if (!isTimeZone(body.time_zone))
    issues.push(issue('/time_zone', 'unknown_time_zone', 'Choose a time zone from the list.'));
  if (
    body.scope === 'grouping' &&
    (body.site_filter_id === null || !(await groupingExists(db, cloudId, body.site_filter_id)))
  )
    issues.push(issue('/site_filter_id', 'unknown_site_filter', 'Choose one of the site groupings.'));
  if (body.scope === 'sites') {
    const known = await knownSiteIds(db, cloudId, body.site_ids);
    if (body.site_ids.length === 0 || known.length !== body.site_ids.length)
      issues.push(issue('/site_ids', 'unknown_site', 'Choose one or more of the sites.'));
  }
  if ((await memberIds(db, cloudId, body.recipient_ids)).length !== body.recipient_ids.length)
    issues.push(issue('/recipient_ids', 'unknown_member', 'Recipients must be members of this cloud.'));
  if (body.kind === 'guest_access') {
    const [cloud] = await db
      .select({ on: clouds.authportEnabled })
      .from(clouds)
      .where(eq(clouds.id, cloudId));
    if (!cloud?.on)
      issues.push(issue('/kind', 'authport_off', 'The guest access report needs AuthPort turned on.'));
  }
  if (issues.length > 0) throw errors.validation(issues);
}

const reportOf = (body: ReportScheduleBody): RunReportBody => ({
  name: body.name,
  kind: body.kind,
  format: body.format,
  scope: body.scope,
  site_filter_id: body.site_filter_id,
  site_ids: body.site_ids,
  period_days: body.period_days,
  recipient_ids: body.recipient_ids,
  time_zone: body.time_zone,
});

const File = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });
const manageSites = { permission: 'manage_sites' as const };

export function reportRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/report-options',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'getReportOptions',
          summary: "What a report may cover and be mailed to: the cloud's sites, groupings and members",
          params: ReportsParams,
          querystring: ReportOptionsQuery,
          response: { 200: ReportOptions, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        const [options, [cloud], [user]] = await Promise.all([
          reportOptions(db, cloudId, request.query.site_search?.trim() ?? ''),
          db.select({ on: clouds.authportEnabled }).from(clouds).where(eq(clouds.id, cloudId)),
          db
            .select({ timeZone: users.timezone })
            .from(users)
            .where(eq(users.id, personOf(membershipOf(request)).userId)),
        ]);
        return { ...options, guest_access: cloud?.on ?? false, time_zone: user?.timeZone || 'UTC' };
      },
    );

    app.get(
      '/report-schedules',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'listReportSchedules',
          summary: "A page of the cloud's report schedules by name",
          params: ReportsParams,
          querystring: ReportPageQuery,
          response: { 200: ReportSchedulePage, ...signedInErrors },
        },
      },
      async (request) => listSchedules(db, request.params.cloudId, request.query.offset, request.query.limit),
    );

    app.post(
      '/report-schedules',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'createReportSchedule',
          summary:
            'Adds a report schedule: daily, weekly on a day or monthly on a date, at a time in its time zone',
          params: ReportsParams,
          body: ReportScheduleBody,
          response: { 201: ReportSchedule, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        await checkReport(db, cloudId, reportOf(request.body));
        const schedule = await createSchedule(
          db,
          cloudId,
          personOf(membershipOf(request)).userId,
          request.body,
          new Date(),
        );
        return reply.code(201).send(schedule);
      },
    );

    app.put(
      '/report-schedules/:scheduleId',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'updateReportSchedule',
          summary: 'Changes a report schedule; its next run is worked out again',
          params: ReportScheduleParams,
          body: ReportScheduleBody,
          response: { 200: ReportSchedule, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, scheduleId } = request.params;
        if (!(await findSchedule(db, cloudId, scheduleId))) throw errors.notFound('Schedule not found.');
        await checkReport(db, cloudId, reportOf(request.body));
        const schedule = await updateSchedule(db, cloudId, scheduleId, request.body, new Date());
        if (!schedule) throw errors.notFound('Schedule not found.');
        return schedule;
      },
    );

    app.delete(
      '/report-schedules/:scheduleId',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'deleteReportSchedule',
          summary: 'Deletes a report schedule; the files it made stay in the archive',
          params: ReportScheduleParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        if (!(await deleteSchedule(db, request.params.cloudId, request.params.scheduleId)))
          throw errors.notFound('Schedule not found.');
        return { ok: true as const };
      },
    );

    app.post(
      '/report-schedules/:scheduleId/run',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'runReportSchedule',
          summary: "Queues a run of a schedule's report now, over its period up to now; its next run stays",
          params: ReportScheduleParams,
          response: { 202: ReportRun, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId, scheduleId } = request.params;
        const schedule = await findSchedule(db, cloudId, scheduleId);
        if (!schedule) throw errors.notFound('Schedule not found.');
        const run = await queueRun(
          db,
          cloudId,
          personOf(membershipOf(request)).userId,
          {
            name: schedule.name,
            kind: schedule.kind,
            format: schedule.format,
            scope: schedule.scope,
            site_filter_id: schedule.siteFilterId,
            site_ids: schedule.siteIds,
            period_days: schedule.periodDays as RunReportBody['period_days'],
            recipient_ids: schedule.recipientIds,
            time_zone: schedule.timeZone,
          },
          new Date(),
          schedule.id,
        );
        return reply.code(202).send(run);
      },
    );

    app.get(
      '/reports',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'listReports',
          summary:
            'A page of the archive: runs queued, running, ready or failed, newest first (kept 90 days)',
          params: ReportsParams,
          querystring: ReportPageQuery,
          response: { 200: ReportRunPage, ...signedInErrors },
        },
      },
      async (request) => listRuns(db, request.params.cloudId, request.query.offset, request.query.limit),
    );

    app.post(
      '/reports',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'runReport',
          summary: 'Queues a report run once, over the period up to now; the background job makes the file',
          params: ReportsParams,
          body: RunReportBody,
          response: { 202: ReportRun, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        await checkReport(db, cloudId, request.body);
        return reply
          .code(202)
          .send(
            await queueRun(db, cloudId, personOf(membershipOf(request)).userId, request.body, new Date()),
          );
      },
    );

    app.get(
      '/reports/:runId',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'getReport',
          summary: 'One run of the archive, with its state',
          params: ReportRunParams,
          response: { 200: ReportRun, ...signedInErrors },
        },
      },
      async (request) => {
        const run = await findRun(db, request.params.cloudId, request.params.runId);
        if (!run) throw errors.notFound('Report not found.');
        return runOut(run);
      },
    );

    app.get(
      '/reports/:runId/file',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'downloadReport',
          summary: "A ready run's file, as an attachment",
          params: ReportRunParams,
          response: { 200: File, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const file = await runFile(db, request.params.cloudId, request.params.runId);
        if (!file) throw errors.notFound('Report not found.');
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache')
          .send(file.content);
      },
    );

    app.delete(
      '/reports/:runId',
      {
        config: manageSites,
        schema: {
          tags: ['reports'],
          operationId: 'deleteReport',
          summary: 'Deletes a run and its file from the archive',
          params: ReportRunParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        if (!(await deleteRun(db, request.params.cloudId, request.params.runId)))
          throw errors.notFound('Report not found.');
        return { ok: true as const };
      },
    );
  };
}
