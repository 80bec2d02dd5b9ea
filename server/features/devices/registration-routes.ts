import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'drizzle-orm';
import {
  AdoptPendingBody,
  ApprovePendingBody,
  IMPORT_CHARS_MAX,
  ImportDevicesBody,
  ImportDevicesResponse,
  OnboardingKeyResponse,
  PendingDevice,
  PendingDevicesQuery,
  PendingDevicesResponse,
  RegistrationSitesQuery,
  RegistrationSitesResponse,
} from '../../../core/api/device-registration.ts';
import { RegisteredDevice } from '../../../core/api/devices.ts';
import {
  type Access,
  canSeeSite,
  isOwnerOrAdmin,
  mayApproveAdoption,
  mayRotateOnboardingKey,
  seesAllSites,
  sitePermissions,
} from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { likeContains } from '../../db/like.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import { importDevices } from './import.ts';
import { readOnboardingKey, rotateOnboardingKey } from './onboarding-key.ts';
import { adoptPending, approvePending, listPendingDevices } from './pending.ts';

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

/**
 * Cloud-scoped: registering many devices from a file, the onboarding key devices call home with, and
 * adopting or approving the ones that called home.
 */
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
      '/onboarding-key',
      {
        schema: {
          tags: ['devices'],
          summary:
            'The onboarding key devices present when they call home (docs/agent-protocol.md), for those who ' +
            'may register devices',
          params: CloudParams,
          response: { 200: OnboardingKeyResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        requireSomeRegistration(membership);
        return {
          onboarding_key: await readOnboardingKey(db, membership.cloudId),
          can_rotate: mayRotateOnboardingKey(membership),
        };
      },
    );

    app.post(
      '/onboarding-key/rotate',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Replaces the onboarding key with a new one (owners and administrators); the old one stops ' +
            'working at once, adopted devices keep their credentials',
          params: CloudParams,
          response: { 200: OnboardingKeyResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        if (!mayRotateOnboardingKey(membership)) throw errors.forbidden();
        return {
          onboarding_key: await rotateOnboardingKey(db, membership.cloudId, actorOf(request)),
          can_rotate: true,
        };
      },
    );

    app.get(
      '/pending-devices',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Devices waiting in this cloud, the most recent callers first, for those who may register devices: ' +
            "those that called with the cloud's onboarding key, and registered ones that called without it " +
            '(to approve); kept 7 days after their last call',
          params: CloudParams,
          querystring: PendingDevicesQuery,
          response: { 200: PendingDevicesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        requireSomeRegistration(membership);
        return listPendingDevices(db, membership.cloudId, membership, request.query);
      },
    );

    app.post(
      '/pending-devices/approve',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Approves a registered device that called without the onboarding key (site permission register; ' +
            'manage_snvr for a smart NVR): its next call from the address given, within the hour, gets its ' +
            'credential',
          params: CloudParams,
          body: ApprovePendingBody,
          response: { 200: PendingDevice, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const approved = await approvePending(
          db,
          membership.cloudId,
          membership,
          request.body,
          actorOf(request),
          (claimed) => {
            // A device on a site the caller cannot see does not exist for them (docs/architecture.md).
            const seen =
              claimed.smartNvr ||
              (claimed.siteId === null ? seesAllSites(membership) : canSeeSite(membership, claimed.siteId));
            if (!seen) throw errors.notFound('No such pending device.');
            if (!mayApproveAdoption(membership, claimed.siteId, claimed.smartNvr)) throw errors.forbidden();
          },
        );
        if (approved === 'no_device') throw errors.notFound('No such pending device.');
        if (approved === 'moved') {
          throw errors.conflict(
            'The device has called from another address since the list was read: read it again and check the address.',
          );
        }
        return approved;
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
        const { site_id: siteId } = request.body;
        // A site the caller cannot see does not exist for them (docs/api.md#http-conventions).
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
