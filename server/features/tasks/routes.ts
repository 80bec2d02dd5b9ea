import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { TaskExportQuery, TaskHistoryQuery, TaskHistoryResponse } from '../../../core/api/activity.ts';
import {
  CreatedTask,
  CreateTaskBody,
  FirmwareCatalogueResponse,
  FirmwareQuery,
  RecentTasksCountResponse,
  RecentTasksQuery,
  RecentTasksResponse,
  TaskDetailResponse,
  TaskDryRun,
  TaskParams,
  TaskTargetParams,
  TaskTargetsQuery,
} from '../../../core/api/tasks.ts';
import { RECENT_TASKS_LIMIT } from '../../../core/constants.ts';
import { firmwareCatalogue } from '../../../core/fleet/firmware.ts';
import { needsSupportTools } from '../../../core/fleet/troubleshoot.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { mayChangeTask, mayDownloadTaskFile } from '../../../core/task-types.ts';
import { actorOf } from '../../audit/record.ts';
import { type Membership, membershipOf, personOf } from '../../auth/cloud-scope.ts';
import { hasSupportTools } from '../../auth/support-tools.ts';
import type { AppContext } from '../../context.ts';
import { CsvResponse, EXPORT_ROWS_MAX, sendCsv } from '../../csv-reply.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { cancelTask, changeTask, pauseRollout } from '../../fleet/task-schedule.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import { untrustedContent } from '../../untrusted-reply.ts';
import { groupingSites } from '../sites/site-filter-repository.ts';
import { createTask, planTask } from './create.ts';
import {
  countNewTasks,
  findTask,
  findTaskFile,
  listRecentTasks,
  listTaskHistory,
  listTaskTargets,
  markTasksViewed,
  type TaskScope,
  tasksCsv,
  taskTargetPlaces,
} from './repository.ts';

function taskScope(membership: Membership): TaskScope {
  return {
    cloudId: membership.cloudId,
    siteIds: visibleSiteIds(membership),
    viewedAt: membership.tasksViewedAt,
  };
}

/** Cloud-scoped: recent tasks, their counts and the viewed mark (docs/api.md#the-calls). */
export function taskRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/recent-tasks',
      {
        schema: {
          tags: ['tasks'],
          summary: 'The most recent tasks the caller may see, with target counts per state',
          params: CloudParams,
          querystring: RecentTasksQuery,
          response: { 200: RecentTasksResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        return {
          tasks: await listRecentTasks(db, taskScope(membership), request.query.limit ?? RECENT_TASKS_LIMIT),
          tasks_viewed_at: membership.tasksViewedAt?.toISOString() ?? null,
        };
      },
    );

    app.get(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          summary:
            'The task history the caller may see, newest first, filtered and paged (the activity page)',
          params: CloudParams,
          querystring: TaskHistoryQuery,
          response: { 200: TaskHistoryResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const sitesIn = await groupingSites(db, membership, request.query.grouping);
        return listTaskHistory(db, taskScope(membership), request.query, sitesIn);
      },
    );

    app.get(
      '/tasks/export',
      {
        schema: {
          tags: ['tasks'],
          summary: 'The task history the caller may see as a CSV file, with the same filters',
          params: CloudParams,
          querystring: TaskExportQuery,
          response: { 200: CsvResponse, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const page = { ...request.query, offset: 0, limit: EXPORT_ROWS_MAX };
        const sitesIn = await groupingSites(db, membership, request.query.grouping);
        const { items } = await listTaskHistory(db, taskScope(membership), page, sitesIn);
        return sendCsv(reply, `tasks-${membership.cloudId}`, tasksCsv(items));
      },
    );

    app.get(
      '/recent-tasks-count',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Tasks finished and tasks started since the caller last viewed the task tracker',
          params: CloudParams,
          response: { 200: RecentTasksCountResponse, ...signedInErrors },
        },
      },
      async (request) => countNewTasks(db, taskScope(membershipOf(request))),
    );

    app.post(
      '/tasks',
      {
        schema: {
          tags: ['tasks'],
          summary:
            'Starts a task on devices, smart NVRs, a site or a family (now or at execute_at); each target is ' +
            'checked on its own and the refused ones are listed. With dryRun, answers the batches and creates nothing',
          params: CloudParams,
          body: CreateTaskBody,
          response: { 200: TaskDryRun, 201: CreatedTask, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        // Tools besides ping and traceroute are support tools (docs/tools.md#who-may-run-them).
        if (
          request.body.type === 'TASK_TROUBLESHOOT' &&
          needsSupportTools(request.body.params) &&
          !(await hasSupportTools(db, ctx.config.theme, personOf(membership).userId))
        )
          throw errors.forbidden('Running this tool needs the support tools.');
        const plan = await planTask(db, membership, request.body);
        if (request.body.dry_run) return { batches: plan.batches, refused: plan.refused };
        const { taskId, alerts } = await createTask(db, actorOf(request), membership, request.body, plan);
        request.server.fleet.notify(alerts);
        // The creator gets it back even when it spans sites they could not list it under.
        const task = await findTask(db, { ...taskScope(membership), siteIds: null }, taskId);
        if (!task) throw errors.notFound('No such task.');
        return reply.code(201).send({ task, refused: plan.refused });
      },
    );

    app.get(
      '/tasks/:taskId',
      {
        schema: {
          tags: ['tasks'],
          summary: "A task with a page of its targets: each one's state, error, progress, times and result",
          params: TaskParams,
          querystring: TaskTargetsQuery,
          response: { 200: TaskDetailResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const task = await findTask(db, taskScope(membership), request.params.taskId);
        if (!task) throw errors.notFound('No such task.');
        const { offset = 0, limit = 100, state } = request.query;
        const targets = await listTaskTargets(db, task.id, { offset, limit, state });
        const items = targets.items.map(({ file, ...target }) => ({
          ...target,
          file: file && {
            ...file,
            downloadable: mayDownloadTaskFile(membership, task.type_id, {
              siteId: target.site_id,
              smartNvr: target.snvr_device_id !== null,
            }),
          },
        }));
        return { task, targets: { items, total: targets.total } };
      },
    );

    app.get(
      '/tasks/:taskId/targets/:targetId/file',
      {
        schema: {
          tags: ['tasks'],
          summary: 'The file a target of the task produced (a capture, a tech-support report)',
          params: TaskTargetParams,
          response: { 200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary' }), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const task = await findTask(db, taskScope(membership), request.params.taskId);
        const file = task && (await findTaskFile(db, task.id, request.params.targetId));
        if (!file) throw errors.notFound('No such file.');
        if (!mayDownloadTaskFile(membership, task.type_id, file)) throw errors.forbidden();
        return untrustedContent(reply, file.contentType)
          .header('content-disposition', `attachment; filename="${file.name}"`)
          .header('cache-control', 'no-store')
          .send(file.content);
      },
    );

    for (const action of ['cancel', 'pause', 'resume'] as const) {
      app.post(
        `/tasks/:taskId/${action}`,
        {
          schema: {
            tags: ['tasks'],
            summary: {
              cancel:
                'Cancels the targets not running yet (a running device finishes); a rollout stops there',
              pause: 'Pauses a rolling update: the batch out finishes, no other starts',
              resume: 'Resumes a paused rolling update',
            }[action],
            params: TaskParams,
            response: { 200: Ok, ...signedInErrors, 409: ErrorSchemas.message },
          },
        },
        async (request) => {
          const membership = membershipOf(request);
          const task = await findTask(db, taskScope(membership), request.params.taskId);
          if (!task) throw errors.notFound('No such task.');
          if (!mayChangeTask(membership, task.type_id, await taskTargetPlaces(db, task.id)))
            throw errors.forbidden();
          if (action !== 'cancel' && !task.rollout) {
            throw errors.conflict('Only a rolling firmware update can be paused and resumed.');
          }
          const now = new Date();
          const alerts = await changeTask(db, task.id, (tx, scheduled) =>
            action === 'cancel'
              ? cancelTask(tx, scheduled, now)
              : pauseRollout(tx, scheduled, action === 'pause', now),
          );
          request.server.fleet.notify(alerts);
          return { ok: true as const };
        },
      );
    }

    app.get(
      '/firmware',
      {
        schema: {
          tags: ['tasks'],
          summary:
            'The firmware catalogue of a product: the versions it can be updated to, newest first, with release notes',
          params: CloudParams,
          querystring: FirmwareQuery,
          response: { 200: FirmwareCatalogueResponse, ...signedInErrors },
        },
      },
      async (request) => ({
        product_brand_id: request.query.product_brand_id,
        releases: firmwareCatalogue(request.query.product_brand_id),
      }),
    );

    app.post(
      '/mark-task-tracker-as-viewed',
      {
        schema: {
          tags: ['tasks'],
          summary: 'Marks every task viewed for the caller in this cloud (closing the task panel)',
          params: CloudParams,
          response: { 200: Ok, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        await markTasksViewed(db, personOf(membership).userId, membership.cloudId);
        return { ok: true as const };
      },
    );
  };
}
