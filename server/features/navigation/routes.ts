import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** What the shell needs to draw a site, device or smart NVR page: names, cloud and menu facts. */
export function navigationRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
