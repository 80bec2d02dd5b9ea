import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import {
  AdoptPendingBody,
  IMPORT_CHARS_MAX,
  ImportDevicesBody,
  ImportDevicesResponse,
  PendingDevicesQuery,
  PendingDevicesResponse,
  RegistrationSitesQuery,
  RegistrationSitesResponse,
} from '../../../core/api/device-registration.ts';
import { RegisteredDevice } from '../../../core/api/devices.ts';
import { type Access, canSeeSite, isOwnerOrAdmin, sitePermissions } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { likeContains } from '../../db/like.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { importDevices } from './import.ts';
import { adoptPending, listPendingDevices } from './pending.ts';

/** The sites the caller may register devices into (site permission register); null for every site. */
function registrableSiteIds(access: Access): number[] | null {
  if (isOwnerOrAdmin(access)) return null;
  if (access.roleId !== 'ROLE_USER') return [];
  return (access.sites ?? [])
    .filter((site) => sitePermissions(access, site.siteId).has('register'))
    .map((site) => site.siteId);
}

/** Calls about more than one site need the permission on at least one. */
function requireSomeRegistration(access: Access): void {
  const ids = registrableSiteIds(access);
  if (ids !== null && ids.length === 0) throw errors.forbidden();
}

/** Cloud-scoped: registering many devices from a file, and adopting the ones that called home. */
export function deviceRegistrationRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/registration-sites',
      {
        schema: {
          tags: ['devices'],
          summary: 'The sites the caller may register devices into (site permission register), by name',
          params: CloudParams,
          querystring: RegistrationSitesQuery,
          response: { 200: RegistrationSitesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const ids = registrableSiteIds(membership);
        if (ids !== null && ids.length === 0) return { sites: [] };
        // The database takes no NUL in text, and no site's name holds one.
        const filter = request.query.filter?.replaceAll('\0', '').trim() ?? '';
        const sites = await queryRows<{ id: number; name: string }>(
          db,
          sql`SELECT id, name FROM sites WHERE cloud_id = ${membership.cloudId} AND deleted_at IS NULL
            ${ids === null ? sql`` : sql`AND id = ANY(${intArray(ids)})`}
            ${filter === '' ? sql`` : sql`AND name ILIKE ${likeContains(filter)}`}
            ORDER BY lower(name), id LIMIT ${request.query.limit}`,
        );
        return { sites };
      },
    );

    app.post(
      '/devices/import',
      {
        // The file's text as a JSON string, escapes and all.
        bodyLimit: IMPORT_CHARS_MAX * 2 + 1024,
        schema: {
          tags: ['devices'],
          summary:
            'Registers the devices of a CSV file (header with serial, mac, model and site; name optional; at ' +
            'most 5,000 rows): the good rows are added in one transaction, and every row is reported with ' +
            'why it was refused',
          params: CloudParams,
          body: ImportDevicesBody,
          response: { 200: ImportDevicesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        requireSomeRegistration(membership);
        return importDevices(db, membership.cloudId, membership, request.body.csv, actorOf(request));
      },
    );

    app.get(
      '/pending-devices',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Devices that called home without being registered, the most recent first, for those who may ' +
            'register devices; kept 7 days after their last call',
          params: CloudParams,
          querystring: PendingDevicesQuery,
          response: { 200: PendingDevicesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        requireSomeRegistration(membershipOf(request));
        return listPendingDevices(db, request.query);
      },
    );

    app.post(
      '/pending-devices/adopt',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Registers a pending device into a site (site permission register) once the serial number on ' +
            'its label is given; it gets its credential when it next calls home',
          params: CloudParams,
          body: AdoptPendingBody,
          response: { 201: RegisteredDevice, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const { siteId } = request.body;
        // A site the caller cannot see does not exist for them (DESIGN §4).
        if (!canSeeSite(membership, siteId)) throw errors.notFound('No such site in this cloud.');
        if (!sitePermissions(membership, siteId).has('register')) throw errors.forbidden();
        const device = await adoptPending(db, membership.cloudId, request.body, actorOf(request));
        if (device === 'no_site') throw errors.notFound('No such site in this cloud.');
        if (device === 'no_device') throw errors.notFound('No such pending device.');
        return reply.code(201).send(device);
      },
    );
  };
}
