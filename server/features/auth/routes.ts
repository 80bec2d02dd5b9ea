import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { type AuditEntry, audit } from '../../audit/record.ts';
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
import {
  acceptedTotpStep,
  claimTotpStep,
  recoveryCodeHash,
  spendRecoveryCode,
} from '../../auth/two-factor.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { findUser, findUserByEmail, listMemberships } from './repository.ts';
import { LoginBody, LoginResponse, MeResponse } from './schemas.ts';

export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const WRONG_CODE = 'Wrong two-factor code.';

const signInFailed = (userId: number | undefined, reason: string): AuditEntry => ({
  cloudId: null,
  objectType: 'user',
  objectId: userId ?? null,
  action: 'sign_in_failed',
  after: { reason },
});

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
            200: LoginResponse,
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
        const actor = {
          userId: user?.id ?? null,
          email: user?.email ?? request.body.email.trim(),
          ip: request.ip,
        };
        if (!user || !valid) {
          await audit(db, actor, signInFailed(user?.id, 'password'));
          throw errors.unauthorized(WRONG_CREDENTIALS);
        }
        if (user.totpEnabledAt && user.totpSecret) {
          const { totp, recoveryCode } = request.body;
          // The attempt stays counted until the second factor is right too, so codes cannot be guessed freely.
          if (totp === undefined && recoveryCode === undefined) return { twoFactorRequired: true as const };
          const step =
            totp === undefined ? null : await acceptedTotpStep(user.totpSecret, totp, user.totpLastStep);
          const passed =
            step !== null
              ? await claimTotpStep(db, user.id, step)
              : recoveryCode !== undefined &&
                (await spendRecoveryCode(db, user.id, recoveryCodeHash(recoveryCode)));
          if (!passed) {
            await audit(
              db,
              actor,
              signInFailed(user.id, totp === undefined ? 'recovery code' : 'two-factor code'),
            );
            throw errors.unauthorized(WRONG_CODE);
          }
          if (step === null) {
            await audit(db, actor, {
              cloudId: null,
              objectType: 'user',
              objectId: user.id,
              action: 'recovery_code_used',
            });
          }
        }
        await clearAttempts(db, [keys.pair, keys.account]);
        // Signing in again replaces the browser's session rather than leaving the old one alive.
        if (request.session) await revokeSession(db, request.session.idHash);
        const session = await db.transaction(async (tx) => {
          await audit(tx, actor, { cloudId: null, objectType: 'user', objectId: user.id, action: 'sign_in' });
          return createSession(tx, user.id, { ip: request.ip, userAgent: request.headers['user-agent'] });
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
