import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';
import { siteFilterRoutes } from './site-filter-routes.ts';
import { siteListRoutes } from './site-list-routes.ts';
import { sitePropertiesRoutes } from './site-properties-routes.ts';

/** Cloud-scoped: site picker list, site list, site creation and properties, site filters (docs/api.md#the-calls). */
export function siteRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    await app.register(siteListRoutes(ctx));
    await app.register(sitePropertiesRoutes(ctx));
    await app.register(siteFilterRoutes(ctx));
  };
}
