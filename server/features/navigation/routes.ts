import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  NavigationDeviceResponse,
  NavigationSiteResponse,
  NavigationSmartNvrResponse,
} from '../../../core/api/navigation.ts';
import type { SitePermission } from '../../../core/domain.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { requireMembership } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { IdParams, signedInErrors } from '../../http-schemas.ts';
import { findDevice, findSite, findSmartNvr } from './repository.ts';

type DeviceConfigState = {
  readonly allowConfig: boolean;
  readonly suspendConfig: boolean;
  readonly blocked: boolean;
  readonly decomm: boolean;
  readonly siteAllowConfig: boolean | null;
};

/** The allow-config rule of docs/api.md#the-calls (GET /apiv2/device/:id/allow-config): the device and its live site allow it. */
const deviceAllowsConfig = (device: DeviceConfigState) =>
  device.allowConfig &&
  !device.suspendConfig &&
  !device.blocked &&
  !device.decomm &&
  device.siteAllowConfig === true;

const sitePermissionList = (permissions: ReadonlySet<string>): SitePermission[] =>
  [...permissions].filter(
    (permission): permission is SitePermission => permission !== 'change_device_license',
  );

/**
 * What the shell needs to draw a site, device or smart NVR page: names, cloud and menu facts (docs/decisions.md).
 * Objects outside the caller's clouds, sites a Site User is not given, and deleted objects answer 404.
 */
export function navigationRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/navigation/site/:id',
      {
        schema: {
          summary:
            "A site for the drawer: its cloud, name, configuration switches and the caller's permissions there",
          tags: ['navigation'],
          params: IdParams,
          response: { 200: NavigationSiteResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const site = await findSite(db, request.params.id);
        if (!site) throw errors.notFound();
        const membership = await requireMembership(db, request, site.cloudId);
        if (!canSeeSite(membership, site.id)) throw errors.notFound();
        return {
          id: site.id,
          name: site.name,
          cloud_id: site.cloudId,
          configEnabled: site.configEnabled,
          sdwan_enabled: site.sdwanEnabled,
          allow_config: site.allowConfig,
          site_permissions: sitePermissionList(sitePermissions(membership, site.id)),
        };
      },
    );

    app.get(
      '/navigation/device/:id',
      {
        schema: {
          summary: 'A device for the drawer: its cloud, site, name and model',
          tags: ['navigation'],
          params: IdParams,
          response: { 200: NavigationDeviceResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await findDevice(db, request.params.id);
        if (!device) throw errors.notFound();
        const membership = await requireMembership(db, request, device.cloudId);
        const { siteId } = device;
        // A Site User sees only the devices of their sites; a device without a site is in none of them.
        if (siteId === null ? membership.roleId === 'ROLE_USER' : !canSeeSite(membership, siteId)) {
          throw errors.notFound();
        }
        return {
          id: device.id,
          name: device.name,
          cloud_id: device.cloudId,
          site_id: siteId,
          site_name: device.siteName,
          product_type: device.productType,
          product_brand_id: device.productBrandId,
          mgmtd_version: device.mgmtdVersion,
          allow_config: deviceAllowsConfig(device),
          site_config_enabled: device.siteConfigEnabled ?? false,
          site_permissions: siteId === null ? [] : sitePermissionList(sitePermissions(membership, siteId)),
        };
      },
    );

    app.get(
      '/navigation/smartnvr/:id',
      {
        schema: {
          summary: 'A smart NVR for the drawer: its cloud and name',
          tags: ['navigation'],
          params: IdParams,
          response: { 200: NavigationSmartNvrResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const smartnvr = await findSmartNvr(db, request.params.id);
        if (!smartnvr) throw errors.notFound();
        await requireMembership(db, request, smartnvr.cloudId);
        return { id: smartnvr.id, name: smartnvr.name, cloud_id: smartnvr.cloudId };
      },
    );
  };
}
