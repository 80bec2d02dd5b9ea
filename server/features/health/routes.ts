import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';

/** Liveness and readiness probes for load balancers and orchestrators. */
export function healthRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const config = { public: true };
    app.get(
      '/healthz',
      {
        config,
        schema: {
          summary: 'Whether the console answers (liveness)',
          tags: ['health'],
          response: { 200: Type.Object({ status: Type.Literal('ok') }) },
        },
      },
      async () => ({ status: 'ok' as const }),
    );
    app.get(
      '/readyz',
      {
        config,
        schema: {
          summary: 'Whether the console can serve requests: its database answers (readiness)',
          tags: ['health'],
          response: { 200: Type.Object({ status: Type.Literal('ready') }), 503: ErrorSchemas.incident },
        },
      },
      async (request) => {
        try {
          await ctx.database.ping();
        } catch (error) {
          request.log.error({ err: error }, 'database is not reachable');
          throw errors.unavailable('The database is not reachable.');
        }
        return { status: 'ready' as const };
      },
    );
  };
}
