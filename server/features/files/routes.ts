import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped file upload (SPEC §7). */
export function fileRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
