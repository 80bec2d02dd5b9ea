import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  LinkToken,
  PasswordResetBody,
  PasswordResetLookup,
  PasswordResetRequestBody,
  PasswordResetRequestResponse,
} from '../../../core/api/account.ts';
import { closed } from '../../../core/api/closed.ts';
import { passwordProblem } from '../../../core/passwords.ts';
import { actorOf } from '../../audit/record.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { reservePairAttempt } from '../../auth/throttle.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { mailIdentityOfRequest } from '../vpc/host-brands.ts';
import { weakPassword } from './account-routes.ts';
import {
  findOpenReset,
  issueMailedPasswordReset,
  mailPasswordReset,
  passwordResetLink,
  resetPassword,
} from './password-reset.ts';
import { findUserByEmail } from './repository.ts';

const tags = ['auth'];
const GONE = 'This link no longer works. Ask for a new one.';
const publicCall = { public: true, csrfExempt: true } as const;

/** "Forgot password", before anyone signs in: asking for a link, reading it, and setting the new password. */
export function passwordResetRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config } = ctx;
  return async (app) => {
    app.post(
      '',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          summary: 'Mails a password-reset link to the account with this email, if there is one',
          body: PasswordResetRequestBody,
          response: {
            200: PasswordResetRequestResponse,
            400: ErrorSchemas.validation,
            429: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        if (!config.smtpUrl) return { mail: 'not_configured' as const };
        // One address may ask a few times per window, so the form cannot be used to flood mailboxes.
        const wait = await reservePairAttempt(db, `reset:${request.ip}`);
        if (wait > 0) throw errors.tooManyRequests(wait, 'Too many requests. Try again later.');
        const user = await findUserByEmail(db, request.body.email);
        const token = user
          ? await issueMailedPasswordReset(
              db,
              { ...actorOf(request), userId: null, email: user.email },
              user.id,
            )
          : null;
        // Mailed after answering, so how long the answer takes does not tell whether the account exists.
        // Asked on a vpc cloud's host name: the mail carries its brand and the link opens there
        // (docs/vpc.md#mail). Looked up for every answer, so its time tells nothing either.
        const identity = await mailIdentityOfRequest(db, config, request);
        if (user && token) {
          void mailPasswordReset(ctx.sendMail, request.log, {
            to: user.email,
            productName: identity.productName,
            from: identity.from,
            link: passwordResetLink(identity.publicUrl, token),
          });
        }
        return { mail: 'sent' as const };
      },
    );

    app.get(
      '/lookup',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          summary: 'The account a password-reset link is for, while the link works',
          querystring: Type.Object({ token: LinkToken }, closed),
          response: { 200: PasswordResetLookup, 400: ErrorSchemas.validation, 404: ErrorSchemas.message },
        },
      },
      async (request) => {
        const reset = await findOpenReset(db, request.query.token);
        if (!reset) throw errors.notFound(GONE);
        return { email: reset.email };
      },
    );

    app.post(
      '/complete',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          summary: 'Sets the new password and ends every session of the account; the person then logs in',
          body: PasswordResetBody,
          response: {
            204: Type.Null(),
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const { token, password } = request.body;
        const reset = await findOpenReset(db, token);
        if (!reset) throw errors.notFound(GONE);
        const problem = passwordProblem(password, {
          email: reset.email,
          names: [reset.firstname, reset.lastname],
        });
        if (problem) throw weakPassword('/password', problem);
        const actor = { ...actorOf(request), userId: reset.userId, email: reset.email };
        if (!(await resetPassword(db, actor, token, await hashPassword(password))))
          throw errors.notFound(GONE);
        return reply.code(204).send(null);
      },
    );
  };
}
