import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EmailChangeLookup, LinkBody, LinkQuery } from '../../../core/api/account.ts';
import { findOpenLink } from '../../auth/account-links.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas, errors } from '../../errors.ts';
import { confirmEmailChange } from './email-change.ts';

const tags = ['auth'];
const GONE = 'This link no longer works. Ask for a new one on Your Profile.';

/**
 * The page of the link mailed to a new email: what it confirms, and confirming it. Opening the mail proves
 * the address, so no session is needed.
 */
export function emailChangeRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db } = ctx;
  return async (app) => {
    app.get(
      '/lookup',
      {
        config: { public: true },
        schema: {
          tags,
          security: [],
          summary: 'The email a confirmation link makes the account’s own, while the link works',
          querystring: LinkQuery,
          response: { 200: EmailChangeLookup, 400: ErrorSchemas.validation, 404: ErrorSchemas.message },
        },
      },
      async (request) => {
        const link = await findOpenLink(db, 'email_change', request.query.token);
        if (!link) throw errors.notFound(GONE);
        return { email: link.email };
      },
    );

    app.post(
      '/confirm',
      {
        config: { public: true, csrfExempt: true },
        schema: {
          tags,
          security: [],
          summary: 'Makes the link’s address the account’s verified email; the link works once',
          body: LinkBody,
          response: {
            200: EmailChangeLookup,
            400: ErrorSchemas.validation,
            404: ErrorSchemas.message,
            409: ErrorSchemas.message,
          },
        },
      },
      async (request) => {
        const confirmed = await confirmEmailChange(db, request.ip, request.body.token);
        if (confirmed === 'gone') throw errors.notFound(GONE);
        if (confirmed === 'email_taken') throw errors.conflict('Another account uses this email now.');
        return confirmed;
      },
    );
  };
}
