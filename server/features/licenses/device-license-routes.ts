import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  AddonsResponse,
  DeviceLicenseParams,
  DeviceLicenseResponse,
  LicenseDevicesQuery,
  LicenseDevicesResponse,
} from '../../../core/api/cloud-management.ts';
import { canSeeSite, isOwnerOrAdmin, mayChangeLicense, visibleSiteIds } from '../../../core/policy.ts';
import { actorOf } from '../../audit/record.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { CloudParams, signedInErrors } from '../../http-schemas.ts';
import {
  assignLicense,
  findLiveDevice,
  listCloudAddons,
  listLicenseDevices,
  releaseLicense,
} from './device-licenses-repository.ts';

const tags = ['licenses'];

/**
 * The device a license call names, when the caller sees it (else 404, docs/api.md#http-conventions) and may change its license
 * (else 403: change_device_license, docs/roles.md).
 */
async function deviceOf(
  ctx: AppContext,
  request: FastifyRequest<{ Params: { cloudId: number; deviceId: number } }>,
) {
  const membership = membershipOf(request);
  const device = await findLiveDevice(ctx.db, membership.cloudId, request.params.deviceId);
  const sees =
    device && (device.siteId === null ? isOwnerOrAdmin(membership) : canSeeSite(membership, device.siteId));
  if (!device || !sees) throw errors.notFound('Device not found.');
  if (!mayChangeLicense(membership, device.siteId)) throw errors.forbidden();
  return device;
}

/** Licenses and Add-ons (docs/navigation.md#routes /cloud/{cloudId}/licenses and addons): manage_licenses. */
export function deviceLicenseRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/licenses/devices',
      {
        config: { permission: 'manage_licenses' },
        schema: {
          tags,
          summary: 'A page of the devices holding a device license, or of the live devices holding none',
          params: CloudParams,
          querystring: LicenseDevicesQuery,
          response: { 200: LicenseDevicesResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        const page = await listLicenseDevices(
          db,
          membership.cloudId,
          visibleSiteIds(membership),
          request.query,
        );
        return {
          items: page.items.map((device) => ({
            ...device,
            can_change: mayChangeLicense(membership, device.site_id),
          })),
          total: page.total,
          total_capped: false,
        };
      },
    );

    app.put(
      '/licenses/devices/:deviceId',
      {
        schema: {
          tags,
          summary: 'Gives the device a spare license, or a free one while the plan allows',
          params: DeviceLicenseParams,
          response: { 200: DeviceLicenseResponse, ...signedInErrors, 409: ErrorSchemas.message },
        },
      },
      async (request) => {
        const device = await deviceOf(ctx, request);
        if (device.decomm) throw errors.conflict('A decommissioned device takes no license.');
        const license = await assignLicense(db, request.params.cloudId, device, actorOf(request));
        if (license === 'none left')
          throw errors.conflict('The cloud has no license left to assign: release one or buy more.');
        return { device_id: device.id, license };
      },
    );

    app.delete(
      '/licenses/devices/:deviceId',
      {
        schema: {
          tags,
          summary: "Takes back the device's license; the cloud keeps it as a spare",
          params: DeviceLicenseParams,
          response: { 200: DeviceLicenseResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await deviceOf(ctx, request);
        await releaseLicense(db, request.params.cloudId, device, actorOf(request));
        return { device_id: device.id, license: null };
      },
    );

    app.get(
      '/addons',
      {
        config: { permission: 'manage_licenses' },
        schema: {
          tags,
          summary: 'The add-on catalogue, with which add-ons the cloud has and their licenses',
          params: CloudParams,
          response: { 200: AddonsResponse, ...signedInErrors },
        },
      },
      async (request) => ({ addons: await listCloudAddons(db, membershipOf(request).cloudId) }),
    );
  };
}
