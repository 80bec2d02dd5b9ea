// History (docs/guest-access.md#history) under /apiv2/cloud/{cloudId}/authport: the guests' sessions, their
// CSV export, and disconnecting a guest. The AuthPort scope (server/guest-access/scope.ts) has checked
// manage_sites and that AuthPort is on.
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DisconnectAnswer,
  DisconnectBody,
  SessionExportQuery,
  SessionList,
  SessionListQuery,
} from '../../../core/api/guest-sessions.ts';
import { actorOf, audit } from '../../audit/record.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { disconnectSessions } from '../../guest-access/coa.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { disconnectTarget, exportSessions, listSessions } from './repository.ts';

const tags = ['guest access'];

/** The OpenAPI shape of a CSV answer written as its rows are read. */
const CsvStream = Type.Unsafe<Readable>({ type: 'string', description: 'text/csv (RFC 4180)' });

export function guestSessionRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/sessions',
      {
        schema: {
          tags,
          operationId: 'listGuestSessions',
          summary:
            "One page of the guests' sessions, newest start first (the cursor is the last row's of the page " +
            'before), by site, open or ended, username or MAC, start from and to, and why it ended',
          params: CloudParams,
          querystring: SessionListQuery,
          response: { 200: SessionList, ...signedInErrors },
        },
      },
      async (request) => listSessions(db, request.params.cloudId, request.query),
    );

    app.get(
      '/sessions/export',
      {
        schema: {
          tags,
          operationId: 'exportGuestSessions',
          summary: 'The sessions the list shows for the same filters as a CSV file, written as it is read',
          params: CloudParams,
          querystring: SessionExportQuery,
          response: { 200: CsvStream, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const { cloudId } = request.params;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="guest-sessions-${cloudId}-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .send(Readable.from(exportSessions(db, cloudId, request.query)));
      },
    );

    app.post(
      '/sessions/disconnect',
      {
        schema: {
          tags,
          operationId: 'disconnectGuestSessions',
          summary:
            'Disconnects a guest: one open session, or every open session of a guest account, by a ' +
            'Disconnect-Request to its NAS (RFC 5176); answers how many the NAS acknowledged, refused or ' +
            'left unanswered (409 when nothing named is open)',
          params: CloudParams,
          body: DisconnectBody,
          response: { 200: DisconnectAnswer, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const { cloudId } = request.params;
        if (request.body.session_id !== undefined && request.body.account_id !== undefined) {
          throw errors.validation([
            {
              errorCode: 'session_or_account',
              location: 'body',
              path: '/account_id',
              message: 'Name one session or one guest account, not both.',
            },
          ]);
        }
        const actor = actorOf(request);
        const target = await disconnectTarget(db, cloudId, {
          sessionId: request.body.session_id,
          accountId: request.body.account_id,
        });
        const outcome = await disconnectSessions(
          ctx,
          request.body.session_id !== undefined
            ? { cloudId, sessionIds: target.sessionIds }
            : { cloudId, accountId: request.body.account_id },
          { userId: actor.userId, cause: 'operator' },
        );
        await audit(db, actor, {
          cloudId,
          action: 'disconnected',
          objectType: 'guest_session',
          objectId: request.body.session_id ?? null,
          objectName: target.name,
          after: { sessions: target.sessionIds.length, ...outcome },
        });
        return outcome;
      },
    );
  };
}
