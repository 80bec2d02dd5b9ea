import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Smart NVR licence (SPEC §7). */
export function licenceRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
