import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { verifyPassword, verifyUnknownAccount } from '../../auth/passwords.ts';
import { clearSessionCookies, setSessionCookies } from '../../auth/request-auth.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import {
  clearAttempts,
  isKnownAddress,
  reserveAccountAttempt,
  reservePairAttempt,
  throttleKeys,
} from '../../auth/throttle.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { findUser, findUserByEmail, listMemberships } from './repository.ts';
import { LoginBody, MeResponse } from './schemas.ts';

export const WRONG_CREDENTIALS = 'Wrong email or password.';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.post(
      '/login',
      {
        config: { public: true, csrfExempt: true },
        schema: {
          tags: ['auth'],
          body: LoginBody,
          response: {
            200: Type.Object({ ok: Type.Literal(true) }),
            400: ErrorSchemas.validation,
            401: ErrorSchemas.message,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const keys = throttleKeys(request.body.email, request.ip);
        const user = await findUserByEmail(db, request.body.email);
        // Each attempt is reserved before the password is checked, so a burst cannot outrun the count.
        let wait = await reservePairAttempt(db, keys.pair);
        if (wait === 0 && !(user && (await isKnownAddress(db, user.id, request.ip)))) {
          wait = await reserveAccountAttempt(db, keys.account);
        }
        if (wait > 0) throw errors.tooManyRequests(wait, 'Too many login attempts. Try again later.');

        const valid = user
          ? await verifyPassword(user.passwordHash, request.body.password)
          : await verifyUnknownAccount(request.body.password);
        if (!user || !valid) throw errors.unauthorized(WRONG_CREDENTIALS);
        await clearAttempts(db, [keys.pair, keys.account]);
        // Signing in again replaces the browser's session rather than leaving the old one alive.
        if (request.session) await revokeSession(db, request.session.idHash);
        const session = await createSession(db, user.id, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookies(reply, session, ctx.secureCookies(request));
        return { ok: true as const };
      },
    );

    app.post(
      '/logout',
      { schema: { tags: ['auth'], response: { 204: Type.Null(), 401: ErrorSchemas.message } } },
      async (request, reply) => {
        if (request.session) await revokeSession(db, request.session.idHash);
        clearSessionCookies(reply);
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/me',
      { schema: { tags: ['auth'], response: { 200: MeResponse, 401: ErrorSchemas.message } } },
      async (request) => {
        const userId = request.session?.userId ?? 0;
        const user = await findUser(db, userId);
        if (!user) throw errors.unauthorized();
        const memberships = await listMemberships(db, userId);
        return {
          user,
          memberships,
          defaultCloudId: memberships[0]?.cloudId ?? null,
          theme: ctx.config.theme,
          appVersion: ctx.appVersion,
        };
      },
    );
  };
}
