// The site map (docs/site-map.md): read by members who see the site, placing devices needs edit_map.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  DeviceLocation,
  DeviceLocationBody,
  DeviceLocationParams,
  SiteMap,
  SiteMapParams,
} from '../../../core/api/site-map.ts';
import { canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { membershipOf } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { signedInErrors } from '../../http-schemas.ts';
import { findDevice, findSite, moveDevice, siteMapContent } from './repository.ts';

/** The caller's permissions on a site they see; 404 for a site they do not (docs/api.md#http-conventions). */
function permissionsOn(request: FastifyRequest, siteId: number | null) {
  const membership = membershipOf(request);
  if (siteId === null || !canSeeSite(membership, siteId)) throw errors.notFound();
  return sitePermissions(membership, siteId);
}

export function siteMapRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/sites/:siteId/map',
      {
        schema: {
          tags: ['sites'],
          operationId: 'getSiteMap',
          summary: "A site's devices with their place, health and clients, and the radio links between them",
          params: SiteMapParams,
          response: { 200: SiteMap, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, siteId } = request.params;
        const granted = permissionsOn(request, siteId);
        const site = await findSite(db, cloudId, siteId);
        if (!site) throw errors.notFound('Site not found.');
        const { devices, links } = await siteMapContent(db, cloudId, siteId);
        return { site, devices, links, can_edit_map: granted.has('edit_map') };
      },
    );

    app.put(
      '/devices/:deviceId/location',
      {
        // Who may place the device is known before the body is read: a 400 tells an outsider nothing.
        preValidation: async (request) => {
          const { cloudId, deviceId } = request.params as { cloudId?: unknown; deviceId?: unknown };
          const device = await findDevice(db, Number(cloudId) || 0, Number(deviceId) || 0);
          if (!device) throw errors.notFound();
          if (!permissionsOn(request, device.site_id).has('edit_map')) throw errors.forbidden();
        },
        schema: {
          tags: ['devices'],
          operationId: 'setDeviceLocation',
          summary:
            "Places a device on its site's map, or takes it off with both null (site permission edit_map); " +
            'recorded in the change log',
          params: DeviceLocationParams,
          body: DeviceLocationBody,
          response: { 200: DeviceLocation, ...signedInErrors },
        },
      },
      async (request) => {
        const { cloudId, deviceId } = request.params;
        const { latitude, longitude } = request.body;
        if ((latitude === null) !== (longitude === null))
          throw errors.validation([
            {
              errorCode: 'location_pair',
              location: 'body',
              path: latitude === null ? '/latitude' : '/longitude',
              message: 'Give both latitude and longitude, or both null to take the device off the map.',
            },
          ]);
        const device = await findDevice(db, cloudId, deviceId);
        if (!device) throw errors.notFound();
        await moveDevice(db, request, cloudId, device, { latitude, longitude });
        return { id: device.id, latitude, longitude };
      },
    );
  };
}
