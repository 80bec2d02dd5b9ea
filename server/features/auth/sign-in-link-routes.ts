import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LinkBody, SignInLinkRequestBody, SignInLinkRequestResponse } from '../../../core/api/account.ts';
import { audit } from '../../audit/record.ts';
import { verifyPassword, verifyUnknownAccount } from '../../auth/passwords.ts';
import {
  clearAttempts,
  countAccountFailure,
  isKnownAddress,
  reservePairAttempt,
  throttleKeys,
} from '../../auth/throttle.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { passwordSignInRefused } from '../single-sign-on/repository.ts';
import { mailIdentityOfRequest } from '../vpc/host-brands.ts';
import { findUserByEmail } from './repository.ts';
import { sessionStarter } from './sign-in.ts';
import { issueSignInLink, mailSignInLink, signInLink, spendSignInLink } from './sign-in-link.ts';

const tags = ['auth'];
const publicCall = { public: true, csrfExempt: true } as const;
const GONE = 'This link no longer works. Log in again to ask for a new one.';

/**
 * "Email me a sign-in link" on the login page, while the account's pace for new addresses refuses the
 * password alone (docs/security.md "Login limits"), and the link's page.
 */
export function signInLinkRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;
  const startSession = sessionStarter(ctx);
  return async (app) => {
    app.post(
      '',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          summary:
            'Mails a sign-in link to the account’s address when the password is right and two-factor sign-in is off; answers alike otherwise',
          body: SignInLinkRequestBody,
          response: {
            200: SignInLinkRequestResponse,
            400: ErrorSchemas.validation,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        if (!config.smtpUrl) return { mail: 'not_configured' as const };
        const { email, password } = request.body;
        const keys = throttleKeys(email, request.ip);
        // A password is checked here as at login: the address's limit counts it first.
        const wait = await reservePairAttempt(db, keys.pair);
        if (wait > 0) throw errors.tooManyRequests(wait, 'Too many login attempts. Try again later.');
        const user = await findUserByEmail(db, email);
        const valid = user
          ? await verifyPassword(user.passwordHash, password)
          : await verifyUnknownAccount(password);
        const actor = { userId: user?.id ?? null, email: user?.email ?? email.trim(), ip: request.ip };
        if (!user || !valid) {
          await audit(db, actor, {
            cloudId: null,
            objectType: 'user',
            objectId: user?.id ?? null,
            action: 'sign_in_failed',
            after: { reason: 'password' },
          });
          if (!(user && (await isKnownAddress(db, user.id, request.ip)))) {
            await countAccountFailure(db, keys.account);
          }
          return { mail: 'sent' as const };
        }
        // Made and mailed after answering, so how long the answer takes tells nothing of the password.
        // Nor to someone who signs in only with single sign-on (docs/single-sign-on.md#password-sign-in).
        if (!user.totpEnabledAt && !(await passwordSignInRefused(db, user))) {
          void (async () => {
            const token = await issueSignInLink(db, actor, user);
            if (token === null) return;
            // Asked on a vpc cloud's host name: its brand, and a link that opens there (docs/vpc.md#mail).
            const identity = await mailIdentityOfRequest(db, config, request);
            await mailSignInLink(ctx.sendMail, request.log, {
              to: user.email,
              language: user.preferredLanguage,
              productName: identity.productName,
              from: identity.from,
              link: signInLink(identity.publicUrl, token),
            });
          })().catch((error: unknown) => request.log.error({ err: error }, 'sign-in link not made'));
        }
        return { mail: 'sent' as const };
      },
    );

    app.post(
      '/complete',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          summary: 'Signs this browser in with a mailed sign-in link, which works once; a successful login',
          body: LinkBody,
          response: {
            200: Type.Object({ ok: Type.Literal(true) }),
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const user = await spendSignInLink(db, request.body.token);
        if (!user) throw errors.notFound(GONE);
        // A successful login: the account's pace and this address's count start again.
        const keys = throttleKeys(user.email, request.ip);
        await clearAttempts(db, [keys.pair, keys.account]);
        await startSession(request, reply, user, 'mailed link');
        return { ok: true as const };
      },
    );
  };
}
