import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped: recent tasks, their counts and the viewed mark (SPEC §7). */
export function taskRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
