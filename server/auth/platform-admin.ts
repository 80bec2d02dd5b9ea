import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import { errors } from '../errors.ts';

/** Platform administrators (users.is_administrator) run the Admin Panel and read the error reports. */
export async function isPlatformAdministrator(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ isAdministrator: users.isAdministrator })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.isAdministrator === true;
}

/**
 * Refuses (403) a caller who is not a platform administrator. An API token reaches the Admin Panel's calls
 * only when it is a platform administrator's personal token with the admin scope (docs/api-tokens.md).
 */
export async function requirePlatformAdministrator(db: Database, request: FastifyRequest): Promise<void> {
  const token = request.apiToken;
  if (token && !(token.kind === 'personal' && token.adminScope)) {
    throw errors.forbidden('This API token has no admin scope: the Admin Panel’s calls refuse it.');
  }
  if (!(await isPlatformAdministrator(db, request.session?.userId ?? 0))) throw errors.forbidden();
}

/**
 * For every route of the plugin it is used in: a signed-in caller who is not a platform administrator gets
 * 403. It runs before body validation, so they learn nothing from a 400 and nothing changes.
 */
export function registerPlatformAdministratorScope(app: FastifyInstance, db: Database): void {
  app.addHook('onRequest', (request) => requirePlatformAdministrator(db, request));
}
