import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AdminCloudList,
  AdminCloudParams,
  AdminCloudQuery,
  AdminCloudSchema,
  AdminEmailBody,
  AdminPasswordResetLink,
  AdminUserList,
  AdminUserParams,
  AdminUserQuery,
} from '../../../core/api/admin.ts';
import { listPageRequest } from '../../../core/api/list-query.ts';
import { actorOf } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { setEmailByAdministrator } from '../auth/email-change.ts';
import { issuePasswordReset, passwordResetLink } from '../auth/password-reset.ts';
import { listPlatformClouds, setCloudSuspended } from './clouds-repository.ts';
import { isLiveUser, listPlatformUsers } from './users-repository.ts';

const tags = ['admin'];

/** Everyone on the platform, in clouds or not. */
export function platformUserRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/users',
      {
        schema: {
          tags,
          summary: 'One page of the platform’s people by email, found by part of a name or email',
          querystring: AdminUserQuery,
          response: { 200: AdminUserList, ...signedInErrors },
        },
      },
      async (request) => listPlatformUsers(db, listPageRequest(request.query)),
    );

    app.put(
      '/users/:userId/email',
      {
        schema: {
          tags,
          summary:
            'Sets the person’s email without a mailed link; it counts as verified on the administrator’s word, and the change log records it',
          params: AdminUserParams,
          body: AdminEmailBody,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const email = request.body.email.trim();
        const result = await setEmailByAdministrator(db, actorOf(request), request.params.userId, email);
        if (result === 'not_found') throw errors.notFound();
        if (result === 'email_taken') {
          throw errors.validation([
            {
              errorCode: 'duplicate',
              location: 'body',
              path: '/email',
              message: 'Another account uses this email.',
            },
          ]);
        }
        return reply.code(204).send(null);
      },
    );

    app.post(
      '/users/:userId/password-reset',
      {
        schema: {
          tags,
          summary:
            'A password-reset link for the person, to hand over when no mail can reach them; it replaces any earlier link',
          params: AdminUserParams,
          response: { 200: AdminPasswordResetLink, ...signedInErrors },
        },
      },
      async (request) => {
        const { userId } = request.params;
        if (!(await isLiveUser(db, userId))) throw errors.notFound();
        const token = await issuePasswordReset(db, actorOf(request), userId);
        return { link: passwordResetLink(ctx.config.publicUrl, token) };
      },
    );
  };
}

/** Every cloud of the platform, and suspending one. */
export function platformCloudRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/clouds',
      {
        schema: {
          tags,
          summary: 'One page of the platform’s clouds by name, found by id or part of the name',
          querystring: AdminCloudQuery,
          response: { 200: AdminCloudList, ...signedInErrors },
        },
      },
      async (request) => {
        const { search, offset, limit } = request.query;
        return listPlatformClouds(db, { search: search?.trim() ?? '', offset, limit });
      },
    );

    for (const [action, suspend] of [
      ['suspend', true],
      ['unsuspend', false],
    ] as const) {
      app.post(
        `/clouds/:cloudId/${action}`,
        {
          schema: {
            tags,
            summary: suspend
              ? 'Suspends the cloud: its members see the suspended-cloud notice; the cloud’s change log records it'
              : 'Lifts the cloud’s suspension; the cloud’s change log records it',
            params: AdminCloudParams,
            response: { 200: AdminCloudSchema, ...signedInErrors },
          },
        },
        async (request) => {
          const cloud = await setCloudSuspended(
            db,
            request.params.cloudId,
            suspend,
            actorOf(request),
            new Date(),
          );
          if (!cloud) throw errors.notFound();
          return cloud;
        },
      );
    }
  };
}
