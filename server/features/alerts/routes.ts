import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Cloud-scoped: recent alerts, their totals and the viewed mark (SPEC §7). */
export function alertRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}

/** The user's alert preferences (SPEC §7). */
export function alertPreferenceRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
