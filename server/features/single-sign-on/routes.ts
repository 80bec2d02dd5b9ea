// Single sign-on's public side (docs/single-sign-on.md#the-sign-in): whether an email signs in with it,
// the start that sends the browser to the provider, and the callback that signs it in.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { closed } from '../../../core/api/closed.ts';
import { SsoDiscoverBody, SsoDiscoverResponse, type SsoOutcome } from '../../../core/api/single-sign-on.ts';
import { routes } from '../../../core/routes.ts';
import { pathAfterLogin, safeNextPath } from '../../../core/safe-next.ts';
import { audit } from '../../audit/record.ts';
import { SESSION_COOKIE } from '../../auth/request-auth.ts';
import { findSession } from '../../auth/sessions.ts';
import { newToken } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { ErrorSchemas } from '../../errors.ts';
import { listMemberships } from '../auth/repository.ts';
import { sessionStarter } from '../auth/sign-in.ts';
import { keepIdToken, keepRequest, takeRequest } from './browser-state.ts';
import { authorizationRequest, completeSignIn } from './provider.ts';
import { accountForSignIn, emailDomain, providerFor, redirectUri, signsInDomain } from './repository.ts';

/** The cookie that ties a sign-in under way to the browser that started it. */
const REQUEST_COOKIE = 'sso_request';
const COOKIE_PATH = '/auth/sso';
const tags = ['single sign-on'];
const Email = SsoDiscoverBody.properties.email;

const StartQuery = Type.Object(
  { email: Email, next: Type.Optional(Type.String({ maxLength: 2000 })) },
  closed,
);
// The parameters of an authorization response (RFC 6749 §4.1.2, RFC 9207 iss, OpenID session
// management's session_state) and those Google adds; only code, state and error are read.
const Text = Type.Optional(Type.String({ maxLength: 4000 }));
const CallbackQuery = Type.Object(
  {
    code: Text,
    state: Text,
    error: Text,
    error_description: Text,
    error_uri: Text,
    iss: Text,
    session_state: Text,
    scope: Text,
    authuser: Text,
    hd: Text,
    prompt: Text,
  },
  closed,
);

/** Back to the login page, saying why. */
const loginWith = (outcome: SsoOutcome) => routes.login.href({}, { query: { sso: outcome } });

export function singleSignOnRoutes(ctx: AppContext): FastifyPluginAsyncTypebox {
  const { db, config, secrets } = ctx;
  const startSession = sessionStarter(ctx);
  return async (app) => {
    app.post(
      '/apiv2/auth/sso/discover',
      {
        config: { public: true, csrfExempt: true },
        schema: {
          tags,
          security: [],
          summary: "Whether the email's domain signs in with single sign-on (and nothing of which cloud)",
          body: SsoDiscoverBody,
          response: { 200: SsoDiscoverResponse, 400: ErrorSchemas.validation },
        },
      },
      async (request) => {
        const domain = emailDomain(request.body.email);
        return { sso: (await providerFor(db, secrets, config, { domain })) !== null };
      },
    );

    app.get(
      '/auth/sso/start',
      {
        // A page the browser opens, not an API call: left out of the OpenAPI document, as the callback.
        schema: {
          hide: true,
          tags,
          security: [],
          summary: "Sends the browser to the provider that signs in the email's domain",
          querystring: StartQuery,
          response: {
            302: Type.Null({ description: 'To the provider, or back to the login page saying why not' }),
            400: ErrorSchemas.validation,
          },
        },
      },
      async (request, reply) => {
        const { email, next } = request.query;
        const provider = await providerFor(db, secrets, config, { domain: emailDomain(email) });
        if (!provider) return reply.redirect(loginWith('unavailable'));
        let started: Awaited<ReturnType<typeof authorizationRequest>>;
        try {
          started = await authorizationRequest(
            provider.client,
            config.oidcAllowHttp,
            redirectUri(config),
            email,
          );
        } catch (error) {
          request.log.warn(
            { err: error, issuer: provider.client.issuerUrl },
            'single sign-on provider not reached',
          );
          return reply.redirect(loginWith('failed'));
        }
        const browserSecret = newToken();
        const safeNext = safeNextPath(next, config.publicUrl) ?? '';
        await keepRequest(db, browserSecret, provider.cloudId, started.pending, safeNext);
        reply.setCookie(REQUEST_COOKIE, browserSecret, {
          path: COOKIE_PATH,
          httpOnly: true,
          // Lax: the provider's redirect back is a top-level navigation, which carries it.
          sameSite: 'lax',
          secure: ctx.secureCookies(request),
          maxAge: 600,
        });
        return reply.redirect(started.url.href);
      },
    );

    app.get(
      '/auth/sso/callback',
      {
        schema: {
          hide: true,
          tags,
          security: [],
          summary: 'Where the provider sends the browser back: checks the answer and signs the browser in',
          querystring: CallbackQuery,
          response: {
            302: Type.Null({ description: 'Into the console, or back to the login page saying why not' }),
            400: ErrorSchemas.validation,
          },
        },
      },
      async (request, reply) => {
        const browserSecret = request.cookies[REQUEST_COOKIE];
        reply.clearCookie(REQUEST_COOKIE, { path: COOKIE_PATH });
        const pending = browserSecret ? await takeRequest(db, browserSecret) : null;
        if (!pending) return reply.redirect(loginWith('expired'));
        if (request.query.error) return reply.redirect(loginWith('failed'));
        const provider = await providerFor(db, secrets, config, { cloudId: pending.cloudId });
        if (!provider) return reply.redirect(loginWith('unavailable'));
        const callbackUrl = new URL(redirectUri(config));
        callbackUrl.search = new URL(request.url, 'http://callback').search;
        let claims: Awaited<ReturnType<typeof completeSignIn>>;
        try {
          claims = await completeSignIn(provider.client, config.oidcAllowHttp, callbackUrl, pending);
        } catch (error) {
          request.log.warn(
            { err: error, issuer: provider.client.issuerUrl },
            'single sign-on answer refused',
          );
          return reply.redirect(loginWith('failed'));
        }
        if (!claims.email || !claims.emailVerified) return reply.redirect(loginWith('email_unverified'));
        const refuse = async (reason: string) => {
          await audit(
            db,
            { userId: null, email: claims.email ?? '', ip: request.ip },
            {
              cloudId: null,
              objectType: 'user',
              action: 'sign_in_failed',
              after: { reason, by: 'single sign-on' },
            },
          );
          return reply.redirect(loginWith('refused'));
        };
        if (!(await signsInDomain(db, config, provider.cloudId, emailDomain(claims.email))))
          return refuse('email domain not allowed');
        const account = await accountForSignIn(
          db,
          provider,
          { email: claims.email, givenName: claims.givenName, familyName: claims.familyName },
          request.ip,
        );
        if (account === 'refused') return refuse('account not allowed');
        const sessionCookie = request.cookies[SESSION_COOKIE];
        request.session = sessionCookie ? await findSession(db, sessionCookie) : null;
        const sessionHash = await startSession(request, reply, account, 'single sign-on');
        // What signing out at the provider needs, kept with the session (docs/single-sign-on.md#signing-out).
        await keepIdToken(db, secrets, sessionHash, provider.cloudId, claims.idToken);
        const joined = await listMemberships(db, account.userId);
        return reply.redirect(pathAfterLogin(pending.next, config.publicUrl, joined[0]?.cloud_id ?? null));
      },
    );
  };
}
