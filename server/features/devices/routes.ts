import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AllowConfigResponse } from '../../../core/api/devices.ts';
import { visibleSiteIds } from '../../../core/policy.ts';
import { requireMembership } from '../../auth/cloud-scope.ts';
import type { AppContext } from '../../context.ts';
import { errors } from '../../errors.ts';
import { IdParams, signedInErrors } from '../../http-schemas.ts';
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
