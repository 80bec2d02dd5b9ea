import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerPlatformAdministratorScope } from '../../auth/platform-admin.ts';
import type { AppContext } from '../../context.ts';
import { newsPostRoutes, videoRoutes } from './content-routes.ts';
import { platformCloudRoutes, platformUserRoutes } from './people-routes.ts';

/** /apiv2/admin: the Admin Panel's calls, every one for platform administrators only (users.is_administrator). */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    registerPlatformAdministratorScope(app, ctx.db);
    await app.register(platformUserRoutes(ctx));
    await app.register(platformCloudRoutes(ctx));
    await app.register(newsPostRoutes(ctx));
    await app.register(videoRoutes(ctx));
  };
}
