import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ClientDetail,
  ClientDetailQuery,
  ClientExportQuery,
  ClientListQuery,
  ClientListResponse,
  ClientParams,
  ClientStaysQuery,
  ClientStaysResponse,
} from '../../../core/api/clients.ts';
import { type Access, deviceListActions, sitePermissions } from '../../../core/policy.ts';
import { type Membership, membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { exportClients, findClient, listClientStays, listClients } from './repository.ts';

/** The OpenAPI shape of a CSV answer written as its rows are read. */
const CsvStream = Type.Unsafe<Readable>({ type: 'string', description: 'text/csv (RFC 4180)' });

/** A Site User exports the clients of the sites where they may export data; other roles every site's. */
function exportAccess(membership: Membership): Access {
  if (!membership.sites || membership.roleId !== 'ROLE_USER') return membership;
  return {
    ...membership,
    sites: membership.sites.filter((site) => sitePermissions(membership, site.siteId).has('export_data')),
  };
}

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
      '/clients/export',
      {
        schema: {
          tags: ['clients'],
          summary:
            'The clients the list shows for the same search, site or device and order as a CSV file, ' +
            'written as it is read (site permission export_data: the clients of the sites where the ' +
            'caller holds it; docs/clients.md#csv-export)',
          params: CloudParams,
          querystring: ClientExportQuery,
          response: { 200: CsvStream, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        if (!deviceListActions(membership, request.query.site_id).includes('export'))
          throw errors.forbidden();
        const lines = exportClients(
          db,
          { ...scopeOf(membership), access: exportAccess(membership) },
          request.query,
        );
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="clients-${membership.cloudId}-${new Date().toISOString().slice(0, 10)}.csv"`,
          )
          .send(Readable.from(lines));
      },
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

    app.get(
      '/clients/:clientId/stays',
      {
        schema: {
          tags: ['clients'],
          summary:
            'One page of a wireless client’s connection history: the stay that goes on first, then its ' +
            'stays on devices and sites before, newest first; the range keeps those of the last 24 hours, ' +
            '7 or 30 days (docs/clients.md#connection-history)',
          params: ClientParams,
          querystring: ClientStaysQuery,
          response: { 200: ClientStaysResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const stays = await listClientStays(
          db,
          scopeOf(membershipOf(request)),
          request.params.clientId,
          request.query,
        );
        if (!stays) throw errors.notFound('No such client in this cloud.');
        return stays;
      },
    );
  };
}
