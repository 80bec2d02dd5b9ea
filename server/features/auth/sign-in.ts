// Signing a browser in once the person proved who they are (a password with its second factor, a
// mailed sign-in link, or their single sign-on provider): one session per browser, and the change log's sign-in record.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { audit } from '../../audit/record.ts';
import { setSessionCookies } from '../../auth/request-auth.ts';
import { createSession, revokeSession } from '../../auth/sessions.ts';
import { tokenHash } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';

export function sessionStarter(ctx: AppContext) {
  const { db } = ctx;
  return async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { userId: number; email: string },
    by?: 'mailed link' | 'single sign-on',
  ): Promise<string> => {
    // Signing in again replaces the browser's session rather than leaving the old one alive.
    if (request.session) await revokeSession(db, request.session.idHash);
    const session = await db.transaction(async (tx) => {
      await audit(
        tx,
        { userId: user.userId, email: user.email, ip: request.ip },
        {
          cloudId: null,
          objectType: 'user',
          objectId: user.userId,
          action: 'sign_in',
          ...(by ? { after: { by } } : {}),
        },
      );
      return createSession(tx, user.userId, { ip: request.ip, userAgent: request.headers['user-agent'] });
    });
    setSessionCookies(reply, session, ctx.secureCookies(request));
    // The new session's key, for what is kept with it (docs/single-sign-on.md#signing-out).
    return tokenHash(session.token);
  };
}
