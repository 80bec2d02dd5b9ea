import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { errors } from '../errors.ts';
import { findSession, SESSION_LIFETIME_MS, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
  interface FastifyContextConfig {
    /** The route answers callers without a session. */
    public?: boolean;
    /** The route is exempt from the CSRF check (only login, which has no session yet). */
    csrfExempt?: boolean;
  }
}

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf_token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every /apiv2 route needs a session unless it is marked public, and every state-changing call needs
 * the X-CSRF-Token header matching the session's token (docs/api.md#http-conventions). Callers without a session must
 * echo the csrf_token cookie.
 */
export function registerRequestAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('session', null);
  app.decorateRequest('membership', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // The browsable API docs are public pages; everything else under /apiv2 is checked here.
    if (!url?.startsWith('/apiv2/') || url.startsWith('/apiv2/docs')) return;
    const cookie = request.cookies[SESSION_COOKIE];
    request.session = cookie ? await findSession(db, cookie) : null;
    const config = request.routeOptions.config;
    if (!SAFE_METHODS.has(request.method) && !config.csrfExempt) {
      const header = request.headers['x-csrf-token'];
      const expected = request.session?.csrfToken ?? request.cookies[CSRF_COOKIE];
      if (!sameToken(typeof header === 'string' ? header : undefined, expected)) throw errors.csrf();
    }
    if (!config.public && !request.session) throw errors.unauthorized();
  });
}

/** The signed-in caller's user id (the hook above has already answered 401 to anyone else). */
export function sessionUserId(request: FastifyRequest): number {
  const userId = request.session?.userId;
  if (!userId) throw errors.unauthorized();
  return userId;
}

export function setSessionCookies(
  reply: FastifyReply,
  session: { token: string; csrfToken: string },
  secure: boolean,
): void {
  const maxAge = SESSION_LIFETIME_MS / 1000;
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge,
  });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure,
    maxAge,
  });
}

export function clearSessionCookies(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  reply.clearCookie(CSRF_COOKIE, { path: '/' });
}
