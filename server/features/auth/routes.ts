import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ACCOUNT_PACED_MESSAGE } from '../../../core/api/account.ts';
import { SsoLogoutResponse } from '../../../core/api/single-sign-on.ts';
import { type AuditEntry, audit } from '../../audit/record.ts';
import { reachesCloud } from '../../auth/cloud-scope.ts';
import { verifyPassword, verifyUnknownAccount } from '../../auth/passwords.ts';
import { clearSessionCookies } from '../../auth/request-auth.ts';
import { revokeSession } from '../../auth/sessions.ts';
import {
  clearAttempts,
  countAccountFailure,
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
import { providerLogoutUrl } from '../single-sign-on/logout.ts';
import { passwordSignInRefused } from '../single-sign-on/repository.ts';
import { themeOfRequest } from '../vpc/host-brands.ts';
import { findUser, findUserByEmail, listMemberships } from './repository.ts';
import { LoginBody, LoginResponse, MeResponse } from './schemas.ts';
import { sessionStarter } from './sign-in.ts';

export const WRONG_CREDENTIALS = 'Wrong email or password.';
export const WRONG_CODE = 'Wrong two-factor code.';
export const SSO_REQUIRED = 'Your organization signs in with single sign-on: use Sign in with SSO.';

const signInFailed = (userId: number | undefined, reason: string): AuditEntry => ({
  cloudId: null,
  objectType: 'user',
  objectId: userId ?? null,
  action: 'sign_in_failed',
  after: { reason },
});

export function authRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  const startSession = sessionStarter(ctx);
  return async (app) => {
    app.post(
      '/login',
      {
        config: { public: true, csrfExempt: true },
        schema: {
          summary: 'Sign in with email and password (and a two-factor code when the account has one)',
          tags: ['auth'],
          body: LoginBody,
          response: {
            200: LoginResponse,
            400: ErrorSchemas.validation,
            401: ErrorSchemas.message,
            403: ErrorSchemas.message,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const { email, password, totp, recovery_code: recoveryCode } = request.body;
        const keys = throttleKeys(email, request.ip);
        const user = await findUserByEmail(db, email);
        // Each attempt is reserved before the password is checked, so a burst cannot outrun the count.
        const wait = await reservePairAttempt(db, keys.pair);
        if (wait > 0) throw errors.tooManyRequests(wait, 'Too many login attempts. Try again later.');
        const paced =
          user && (await isKnownAddress(db, user.id, request.ip))
            ? 0
            : await reserveAccountAttempt(db, keys.account);
        // While the account's pace holds, only the password with a second factor passes; every such
        // attempt is answered alike, so it tells nothing of which part was wrong (docs/security.md).
        const withCode = totp !== undefined || recoveryCode !== undefined;
        const refusedInPace = async () => {
          await countAccountFailure(db, keys.account);
          return errors.tooManyRequests(paced, ACCOUNT_PACED_MESSAGE);
        };
        if (paced > 0 && !withCode) throw errors.tooManyRequests(paced, ACCOUNT_PACED_MESSAGE);

        const valid = user
          ? await verifyPassword(user.passwordHash, password)
          : await verifyUnknownAccount(password);
        const actor = { userId: user?.id ?? null, email: user?.email ?? email.trim(), ip: request.ip };
        if (!user || !valid) {
          await audit(db, actor, signInFailed(user?.id, 'password'));
          throw paced > 0 ? await refusedInPace() : errors.unauthorized(WRONG_CREDENTIALS);
        }
        // docs/single-sign-on.md#password-sign-in: told only once the password is right.
        if (await passwordSignInRefused(db, user)) {
          await audit(db, actor, signInFailed(user.id, 'single sign-on required'));
          throw errors.forbidden(SSO_REQUIRED);
        }
        if (user.totpEnabledAt && user.totpSecret) {
          // The attempt stays counted until the second factor is right too, so codes cannot be guessed freely.
          if (!withCode) return { two_factor_required: true as const };
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
            throw paced > 0 ? await refusedInPace() : errors.unauthorized(WRONG_CODE);
          }
          if (step === null) {
            await audit(db, actor, {
              cloudId: null,
              objectType: 'user',
              objectId: user.id,
              action: 'recovery_code_used',
            });
          }
        } else if (paced > 0) {
          // No second factor to pass: the account's pace holds (a mailed sign-in link passes instead).
          throw await refusedInPace();
        }
        await clearAttempts(db, [keys.pair, keys.account]);
        await startSession(request, reply, { userId: user.id, email: user.email });
        return { ok: true as const };
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          summary: 'Sign out: end the session and clear its cookies',
          tags: ['auth'],
          response: {
            200: {
              ...SsoLogoutResponse,
              description: "Signed out; the browser goes on to the provider's sign-out",
            },
            204: Type.Null({ description: 'Signed out' }),
            401: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        if (request.session) await revokeSession(db, request.session.idHash);
        clearSessionCookies(reply);
        // The console's session is over first; then, for single sign-on, the provider's sign-out
        // (docs/single-sign-on.md#signing-out).
        const logoutUrl = request.session
          ? await providerLogoutUrl(ctx, request, request.session.idHash)
          : null;
        if (logoutUrl) return reply.code(200).send({ logout_url: logoutUrl });
        return reply.code(204).send(null);
      },
    );

    app.get(
      '/me',
      {
        schema: {
          summary: "The signed-in user, their memberships, default cloud and the host's theme",
          tags: ['auth'],
          response: { 200: MeResponse, 401: ErrorSchemas.message },
        },
      },
      async (request) => {
        const userId = request.session?.userId ?? 0;
        const user = await findUser(db, userId);
        if (!user) throw errors.unauthorized();
        // A personal token kept to some clouds (docs/api-tokens.md#limits) shows only those.
        const memberships = (await listMemberships(db, userId)).filter((membership) =>
          reachesCloud(request.apiToken, membership.cloud_id),
        );
        return {
          user,
          memberships,
          default_cloud_id: memberships[0]?.cloud_id ?? null,
          // The brand of the host the console is opened on (docs/vpc.md), else the deployment's.
          theme: await themeOfRequest(db, ctx.config, request),
          map_tiles: ctx.config.mapTiles,
          app_version: ctx.appVersion,
        };
      },
    );
  };
}
