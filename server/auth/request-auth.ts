import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { errors } from '../errors.ts';
import { type ApiToken, findApiToken } from './api-tokens.ts';
import { findSession, SESSION_LIFETIME_MS, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in person: a browser session, or the session a personal API token stands for. */
    session: Session | null;
    /** The API token of a bearer request (docs/api-tokens.md). */
    apiToken: ApiToken | null;
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
const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * Calls only a signed-in person makes, never a token (docs/api-tokens.md#what-a-token-reaches): signing in
 * and out, the account's security (password, two-step verification, sessions, email) and the tokens
 * themselves, so a leaked token cannot take over the account or mint more tokens.
 */
export const SESSION_ONLY = [
  /^\/apiv2\/auth\/(?!me$)/,
  /^\/apiv2\/user\/(password|two-factor|recovery-codes|sessions|email-verification|profile)(\/|$)/,
  /^\/apiv2\/user\/api-tokens(\/|$)/,
  /^\/apiv2\/cloud\/:cloudId\/api-tokens(\/|$)/,
];
const BEARER = /^Bearer +([!-~]+) *$/i;

/** The session a personal token stands for: its owner, named by the token rather than a real session. */
const tokenSession = (token: ApiToken): Session | null =>
  token.kind === 'personal' && token.userId !== null
    ? { idHash: `api-token:${token.id}`, userId: token.userId, csrfToken: '' }
    : null;

function sameToken(a: string | undefined, b: string | undefined): boolean {
  if (!a || !b) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every /apiv2 route needs a session unless it is marked public, and every state-changing call needs
 * the X-CSRF-Token header matching the session's token (docs/api.md#http-conventions). Callers without a session must
 * echo the csrf_token cookie. A request with `Authorization: Bearer <token>` is checked by its API token
 * alone: no cookie is read and no CSRF token needed (docs/api-tokens.md).
 */
export function registerRequestAuth(app: FastifyInstance, db: Database): void {
  app.decorateRequest('session', null);
  app.decorateRequest('membership', null);
  app.decorateRequest('apiToken', null);
  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    // The browsable API docs are public pages; everything else under /apiv2 is checked here.
    if (!url?.startsWith('/apiv2/') || url.startsWith('/apiv2/docs')) return;
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const secret = BEARER.exec(authorization)?.[1];
      if (!secret) throw errors.unauthorized('The Authorization header must be "Bearer <token>".');
      const token = await findApiToken(db, secret, request.ip);
      if (!token)
        throw errors.unauthorized('This API token is not valid: it is unknown, revoked or expired.');
      if (SESSION_ONLY.some((pattern) => pattern.test(url))) {
        throw errors.forbidden('This call needs a signed-in session: an API token cannot make it.');
      }
      // A cloud token reaches its cloud's calls, not a person's own (their account, clouds, inbox).
      const config = request.routeOptions.config;
      if (token.kind === 'cloud' && !config.public && !url.startsWith('/apiv2/cloud/:cloudId')) {
        throw errors.forbidden(CLOUD_TOKEN_REFUSAL);
      }
      if (token.readOnly && !READ_METHODS.has(request.method)) {
        throw errors.forbidden('This API token is read-only.');
      }
      request.apiToken = token;
      request.session = tokenSession(token);
      return;
    }
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

/**
 * The signed-in caller's user id (the hook above has already answered 401 to anyone else). A cloud API
 * token acts for no person: calls that are a person's own refuse it.
 */
export function sessionUserId(request: FastifyRequest): number {
  const userId = request.session?.userId;
  if (userId) return userId;
  if (request.apiToken) throw errors.forbidden(CLOUD_TOKEN_REFUSAL);
  throw errors.unauthorized();
}

/**
 * The session of the person a request acts for: a browser session, or the one a personal API token stands
 * for. A cloud API token has none, so a call that needs one (a tunnel, a video view) refuses it with 403
 * rather than asking it to sign in (docs/api-tokens.md#cloud-tokens).
 */
export function sessionOf(request: FastifyRequest): Session {
  if (request.session) return request.session;
  if (request.apiToken) throw errors.forbidden(CLOUD_TOKEN_REFUSAL);
  throw errors.unauthorized();
}

export const CLOUD_TOKEN_REFUSAL =
  'This call acts for a person: a cloud API token cannot make it. Use a personal token.';

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
