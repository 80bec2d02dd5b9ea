import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.ts';

/** Error reports from the web app, listed for platform administrators (DESIGN §5). */
export function errorReportRoutes(_ctx: AppContext): FastifyPluginAsyncTypebox {
  return async () => {};
}
