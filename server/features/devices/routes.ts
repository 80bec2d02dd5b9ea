import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AllowConfigResponse, DeviceListResponse } from '../../../core/api/devices.ts';
import { ListQuery, listPageRequest } from '../../../core/api/list-query.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { membershipOf, requireMembership } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { CloudParams, IdParams, signedInErrors } from '../../http-schemas.ts';
import { listDevices } from './list-repository.ts';
import { findDeviceConfigState } from './repository.ts';

/** Device calls outside the cloud prefix: allow-config (SPEC §7). */
export function deviceRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/:id/allow-config',
      {
        schema: {
          tags: ['devices'],
          params: IdParams,
          response: { 200: AllowConfigResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const device = await findDeviceConfigState(db, request.params.id);
        // A device in a cloud the caller is not in answers like a missing one (DESIGN §4).
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
        return { allowConfig };
      },
    );
  };
}

/** Cloud-scoped: the device list page (SPEC §2.1 /v2/cloud/{cloudId}/devices?search=). */
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
          querystring: ListQuery,
          response: { 200: DeviceListResponse, ...signedInErrors },
        },
      },
      async (request) => {
        const membership = membershipOf(request);
        return listDevices(db, {
          cloudId: membership.cloudId,
          visible: visibleSiteIds(membership),
          ...listPageRequest(request.query),
        });
      },
    );
  };
}
