// The AuthPort calls of a cloud, under /apiv2/cloud/{cloudId}/authport (docs/guest-access.md).
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerGuestAccessScope } from './scope.ts';

export function guestAccessRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    registerGuestAccessScope(app, ctx.db);
  };
}
