import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped: the cloud with billing, push alerts toggle, licence status, advertisement (SPEC §7). */
export function cloudRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}

/** The user's clouds and invitations (SPEC §7). */
export function cloudListRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
