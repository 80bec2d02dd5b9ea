// The AuthPort calls of a cloud, under /apiv2/cloud/{cloudId}/authport (docs/guest-access.md).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { guestAccountRoutes } from '../features/guest-accounts/routes.ts';
import { guestCertificateRoutes } from '../features/guest-certificate/routes.ts';
import { guestPlanRoutes } from '../features/guest-plans/routes.ts';
import { guestPortalRoutes } from '../features/guest-portals/routes.ts';
import { guestSessionRoutes } from '../features/guest-sessions/routes.ts';
import { registerGuestAccessScope } from './scope.ts';

export function guestAccessRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    registerGuestAccessScope(app, ctx.db);
    await app.register(guestPlanRoutes(ctx));
    await app.register(guestAccountRoutes(ctx));
    await app.register(guestPortalRoutes(ctx));
    await app.register(guestCertificateRoutes(ctx));
    await app.register(guestSessionRoutes(ctx));
  };
}
