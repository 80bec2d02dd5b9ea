import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Device calls outside the cloud prefix: allow-config (SPEC §7). */
export function deviceRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
