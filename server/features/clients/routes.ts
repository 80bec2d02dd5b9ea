import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ClientDetail,
  ClientDetailQuery,
  ClientListQuery,
  ClientListResponse,
  ClientParams,
} from '../../../core/api/clients.ts';
import { type Membership, membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { findClient, listClients } from './repository.ts';

/** Cloud-scoped: the Wireless Clients pages of a site and a device, and a client's page (docs/navigation.md#routes, docs/navigation.md#navigation-drawer). */
export function clientRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  const scopeOf = (membership: Membership) => ({
    cloudId: membership.cloudId,
    access: membership,
    heartbeatIntervalS: ctx.config.heartbeatIntervalS,
  });
  return async (app) => {
    app.get(
      '/clients',
      {
        schema: {
          tags: ['clients'],
          summary:
            'One page of the wireless clients the caller sees, of the cloud, a site or a device; the search ' +
            'matches host name anywhere, IP address from the start and a MAC address in any notation. ' +
            'A client is connected when its device is online and listed it in one of its last two heartbeats',
          params: CloudParams,
          querystring: ClientListQuery,
          response: { 200: ClientListResponse, ...signedInErrors },
        },
      },
      async (request) => listClients(db, scopeOf(membershipOf(request)), request.query),
    );

    app.get(
      '/clients/:clientId',
      {
        schema: {
          tags: ['clients'],
          summary:
            'One wireless client: where it is now and its stays on devices and sites before, newest first, ' +
            'with its former addresses; the range keeps those of the last 24 hours, 7 or 30 days',
          params: ClientParams,
          querystring: ClientDetailQuery,
          response: { 200: ClientDetail, ...signedInErrors },
        },
      },
      async (request) => {
        const client = await findClient(
          db,
          scopeOf(membershipOf(request)),
          request.params.clientId,
          request.query.range,
        );
        // A client on a site the caller cannot see answers like a missing one (docs/api.md#http-conventions).
        if (!client) throw errors.notFound('No such client in this cloud.');
        return client;
      },
    );
  };
}
