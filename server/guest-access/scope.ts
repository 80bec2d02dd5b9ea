// docs/guest-access.md#who-may: the AuthPort calls of a cloud need manage_sites, and answer 404 while the
// cloud has AuthPort off, as its menu is not shown then.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { clouds } from '../db/schema/clouds.ts';
import { errors } from '../errors.ts';

/**
 * For every route of the plugin it is used in (inside the cloud scope, which has checked the membership):
 * the caller holds manage_sites and the cloud has AuthPort on. Runs before the body is read.
 */
export function registerGuestAccessScope(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', async (request) => {
    const { cloudId } = request.params as { cloudId?: number | string };
    const [cloud] = await db
      .select({ authportEnabled: clouds.authportEnabled })
      .from(clouds)
      .where(eq(clouds.id, Number(cloudId)));
    if (!cloud?.authportEnabled) throw errors.notFound('AuthPort is not enabled in this cloud.');
  });
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, permission: route.config?.permission ?? 'manage_sites' };
  });
}
