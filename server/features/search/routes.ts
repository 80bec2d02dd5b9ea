import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped search (SPEC §5, §7). */
export function searchRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
