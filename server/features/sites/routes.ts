import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { siteFilterRoutes } from './site-filter-routes.ts';
import { siteListRoutes } from './site-list-routes.ts';

/** Cloud-scoped: site picker list, site creation, site filters (SPEC §7). */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(siteListRoutes(ctx));
    await app.register(siteFilterRoutes(ctx));
  };
}
