import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { LinkToken } from '../../../core/api/account.ts';
import { closed } from '../../../core/api/closed.ts';
import { AcceptInvitationBody, InvitationLookup } from '../../../core/api/users.ts';
import { passwordProblem } from '../../../core/passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { setSessionCookies } from '../../auth/request-auth.ts';
import { createSession } from '../../auth/sessions.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { weakPassword } from '../auth/account-routes.ts';
import { acceptAsNewAccount, findOpenInvitation } from './invitations.ts';

const tags = ['users'];
const GONE = 'This invitation is no longer valid. Ask for a new one.';
const publicCall = { public: true, csrfExempt: true } as const;

/**
 * The invitation link's page: what it invites to, and creating the account it invites (the link's secret
 * proves the email). Someone who has an account logs in and joins from the clouds list instead.
 */
export function invitationPublicRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/lookup',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          summary: 'What an invitation link invites to, while it can be answered',
          querystring: Type.Object({ token: LinkToken }, closed),
          response: { 200: InvitationLookup, 400: ErrorSchemas.validation, 404: ErrorSchemas.message },
        },
      },
      async (request) => {
        const invitation = await findOpenInvitation(db, request.query.token);
        if (!invitation) throw errors.notFound(GONE);
        return {
          email: invitation.email,
          cloud_name: invitation.cloudName,
          invited_by: invitation.invitedBy,
          account_exists: invitation.accountExists,
        };
      },
    );

    app.post(
      '/accept',
      {
        config: publicCall,
        schema: {
          tags,
          security: [],
          summary: 'Creates the invited person’s account and membership, and signs them in',
          body: AcceptInvitationBody,
          response: {
            200: Type.Object({ ok: Type.Literal(true) }),
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
            409: ErrorSchemas.message,
          },
        },
      },
      async (request, reply) => {
        const { token, firstname, lastname, password } = request.body;
        const invitation = await findOpenInvitation(db, token);
        if (!invitation) throw errors.notFound(GONE);
        const problem = passwordProblem(password, { email: invitation.email, names: [firstname, lastname] });
        if (problem) throw weakPassword('/password', problem);
        const person = {
          firstname: firstname.trim(),
          lastname: lastname.trim(),
          passwordHash: await hashPassword(password),
        };
        const userId = invitation.accountExists
          ? null
          : await acceptAsNewAccount(db, invitation, person, request.ip);
        if (userId === null)
          throw errors.conflict('An account with this email exists: log in to join the cloud.');
        const session = await createSession(db, userId, {
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        setSessionCookies(reply, session, ctx.secureCookies(request));
        return { ok: true as const };
      },
    );
  };
}
