import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { closed } from '../../../core/api/closed.ts';
import {
  AllowConfigResponse,
  DeviceDetail,
  DeviceListQuery,
  DeviceListResponse,
  RegisterDeviceBody,
  RegisteredDevice,
  RenameDeviceBody,
  RenamedDevice,
  SmartNvrDetail,
  SmartNvrListResponse,
} from '../../../core/api/devices.ts';
import { listPageRequest } from '../../../core/api/list-query.ts';
import {
  canSeeSite,
  deviceListActions,
  mayChangeDeviceState,
  mayResetCredential,
  seesAllSites,
  sitePermissions,
  visibleSiteIds,
} from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf, requireMembership } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, IdParams, signedInErrors } from '../../http-schemas.ts';
import { readDeviceDetail, readSmartNvrDetail } from './detail.ts';
import { clearDeviceFlag } from './device-state.ts';
import { listDevices } from './list-repository.ts';
import { register } from './register.ts';
import { findDeviceConfigState, listSmartNvrs, renameDevice } from './repository.ts';
import { resetCredential } from './reset-credential.ts';

/** Device calls outside the cloud prefix: allow-config (docs/api.md#the-calls). */
export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/:id/allow-config',
      {
        schema: {
          summary: "Whether the device's configuration may be changed from the console",
          tags: ['devices'],
          params: IdParams,
          response: { 200: AllowConfigResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await findDeviceConfigState(db, request.params.id);
        // A device in a cloud the caller is not in answers like a missing one (docs/api.md#http-conventions).
        if (!device) throw errors.notFound();
        const membership = await requireMembership(db, request, device.cloudId);
        const visible = visibleSiteIds(membership);
        if (visible && (device.siteId === null || !visible.includes(device.siteId))) throw errors.notFound();
        const allowConfig =
          device.allowConfig &&
          !device.suspendConfig &&
          !device.blocked &&
          !device.decomm &&
          device.siteAllowConfig === true;
        return { allow_config: allowConfig };
      },
    );
  };
}

/** Cloud-scoped: the device list page (docs/navigation.md#routes /v2/cloud/{cloudId}/devices?search=). */
export function deviceListRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/devices',
      {
        schema: {
          tags: ['devices'],
          summary:
            'One page of the live devices of the cloud the caller sees, by name; the search matches name and ' +
            'host name anywhere, serial number and IP address from the start, and a MAC address in any notation',
          params: CloudParams,
          querystring: DeviceListQuery,
          response: { 200: DeviceListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const page = await listDevices(db, {
          cloudId: membership.cloudId,
          access: membership,
          ...listPageRequest(request.query),
          filters: request.query,
          sort: request.query.sort,
        });
        return { ...page, actions: deviceListActions(membership, request.query.site_id) };
      },
    );

    app.post(
      '/devices',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Registers a device into a site by serial number and MAC address (site permission register); ' +
            'when it calls home through the agent API it gets its credential',
          params: CloudParams,
          body: RegisterDeviceBody,
          response: { 201: RegisteredDevice, ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const { site_id: siteId } = request.body;
        // A site the caller cannot see does not exist for them (docs/api.md#http-conventions).
        if (!canSeeSite(membership, siteId)) throw errors.notFound('No such site in this cloud.');
        if (!sitePermissions(membership, siteId).has('register')) throw errors.forbidden();
        const device = await register(db, membership.cloudId, request.body, actorOf(request));
        if (device === 'no_site') throw errors.notFound('No such site in this cloud.');
        return reply.code(201).send(device);
      },
    );

    app.get(
      '/smartnvrs',
      {
        config: { permission: 'manage_snvr' },
        schema: {
          tags: ['devices'],
          summary: 'The smart NVRs of the cloud, by name',
          params: CloudParams,
          response: { 200: SmartNvrListResponse, ...signedInErrors },
        },
      },
      async (request) => ({ items: await listSmartNvrs(db, membershipOf(request).cloudId) }),
    );

    app.get(
      '/devices/:deviceId',
      {
        schema: {
          tags: ['devices'],
          summary:
            "One device's identity, status, health, the tasks the caller may start on it and its latest heartbeat; 404 for a device the caller does not see",
          params: DeviceParams,
          response: { 200: DeviceDetail, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const detail = await readDeviceDetail(db, membership.cloudId, request.params.deviceId, membership);
        if (!detail) throw errors.notFound();
        return detail;
      },
    );

    app.patch(
      '/devices/:deviceId',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Renames a device (site permission rename_device); its former name stays findable by search',
          params: DeviceParams,
          body: RenameDeviceBody,
          response: { 200: RenamedDevice, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const name = request.body.name.trim();
        const renamed = await renameDevice(
          db,
          actorOf(request),
          membership.cloudId,
          request.params.deviceId,
          name,
          (siteId) => {
            // A device the caller cannot see does not exist for them (docs/api.md#http-conventions).
            if (siteId === null || !canSeeSite(membership, siteId))
              throw errors.notFound('No such device in this cloud.');
            if (!sitePermissions(membership, siteId).has('rename_device')) throw errors.forbidden();
          },
        );
        if (!renamed) throw errors.notFound('No such device in this cloud.');
        return renamed;
      },
    );

    app.post(
      '/devices/:deviceId/reset-credential',
      {
        schema: {
          tags: ['devices'],
          summary:
            "Revokes the device's credential (site permission change_device_state) so that it can be adopted " +
            "again, with the cloud's onboarding key or a member's approval; 409 when it holds none",
          params: DeviceParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const outcome = await resetCredential(
          db,
          membership.cloudId,
          { kind: 'device', id: request.params.deviceId },
          actorOf(request),
          ({ siteId }) => {
            // A device the caller cannot see does not exist for them (docs/architecture.md).
            const seen = siteId === null ? seesAllSites(membership) : canSeeSite(membership, siteId);
            if (!seen) throw errors.notFound('No such device in this cloud.');
            if (!mayResetCredential(membership, siteId)) throw errors.forbidden();
          },
        );
        if (outcome === 'no_object') throw errors.notFound('No such device in this cloud.');
        if (outcome === 'no_credential') throw errors.conflict('This device holds no credential.');
        return reply.code(204).send(null);
      },
    );

    for (const [path, flag, summary] of [
      [
        'unblock',
        'blocked',
        'Unblocks a device (site permission change_device_state): its credential works again and it takes ' +
          'tasks; a device that is not blocked is left as it is',
      ],
      [
        'recommission',
        'decomm',
        'Recommissions a device (site permission change_device_state): it is back in the device list and ' +
          'takes tasks; a device that is not decommissioned is left as it is',
      ],
    ] as const) {
      app.post(
        `/devices/:deviceId/${path}`,
        {
          schema: {
            tags: ['devices'],
            summary,
            params: DeviceParams,
            response: { 204: Type.Null(), ...signedInErrors },
          },
        },
        async (request, reply) => {
          const membership = membershipOf(request);
          const outcome = await clearDeviceFlag(
            db,
            membership.cloudId,
            request.params.deviceId,
            flag,
            actorOf(request),
            (siteId) => {
              // A device the caller cannot see does not exist for them (docs/architecture.md).
              const seen = siteId === null ? seesAllSites(membership) : canSeeSite(membership, siteId);
              if (!seen) throw errors.notFound('No such device in this cloud.');
              if (!mayChangeDeviceState(membership, siteId)) throw errors.forbidden();
            },
          );
          if (outcome === 'no_object') throw errors.notFound('No such device in this cloud.');
          return reply.code(204).send(null);
        },
      );
    }

    app.post(
      '/smartnvrs/:smartNvrId/reset-credential',
      {
        config: { permission: 'manage_snvr' },
        schema: {
          tags: ['devices'],
          summary:
            "Revokes the smart NVR's credential (manage_snvr) so that it can be adopted again; 409 when it " +
            'holds none',
          params: SmartNvrParams,
          response: { 204: Type.Null(), ...signedInErrors },
        },
      },
      async (request, reply) => {
        const membership = membershipOf(request);
        const outcome = await resetCredential(
          db,
          membership.cloudId,
          { kind: 'smart_nvr', id: request.params.smartNvrId },
          actorOf(request),
          () => {},
        );
        if (outcome === 'no_object') throw errors.notFound('No such smart NVR in this cloud.');
        if (outcome === 'no_credential') throw errors.conflict('This smart NVR holds no credential.');
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/smartnvrs/:smartNvrId',
      {
        schema: {
          tags: ['devices'],
          summary:
            "One smart NVR's identity, status, health, the tasks the caller may start on it and its latest heartbeat",
          params: SmartNvrParams,
          response: { 200: SmartNvrDetail, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const detail = await readSmartNvrDetail(
          db,
          membership.cloudId,
          request.params.smartNvrId,
          membership,
        );
        if (!detail) throw errors.notFound();
        return detail;
      },
    );
  };
}

const DeviceParams = Type.Object({ ...CloudParams.properties, deviceId: IdParams.properties.id }, closed);
const SmartNvrParams = Type.Object({ ...CloudParams.properties, smartNvrId: IdParams.properties.id }, closed);
