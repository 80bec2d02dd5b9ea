import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Inbox and public blog posts, newsletter subscription (SPEC §7). */
export function newsRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
