import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped: site picker list, site creation, site filters (SPEC §7). */
export function siteRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
