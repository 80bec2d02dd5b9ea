import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { RecentTasksCountResponse, RecentTasksQuery, RecentTasksResponse } from '../../../core/api/tasks.ts';
import { RECENT_TASKS_LIMIT } from '../../../core/constants.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { type Membership, membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { CloudParams, Ok, signedInErrors } from '../../http-schemas.ts';
import { countNewTasks, listRecentTasks, markTasksViewed, type TaskScope } from './repository.ts';

function taskScope(membership: Membership): TaskScope {
  return {
    cloudId: membership.cloudId,
    siteIds: visibleSiteIds(membership),
    viewedAt: membership.tasksViewedAt,
  };
}

/** Cloud-scoped: recent tasks, their counts and the viewed mark (SPEC §7). */
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
        await markTasksViewed(db, membership.userId, membership.cloudId);
        return { ok: true as const };
      },
    );
  };
}
