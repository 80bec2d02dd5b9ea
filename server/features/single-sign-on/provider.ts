// Talking to an OpenID provider with openid-client (docs/single-sign-on.md#the-sign-in): discovery,
// the authorization request with PKCE (S256), state and nonce, the checked code exchange, and the
// provider's end-session address (docs/single-sign-on.md#signing-out).
import * as oidc from 'openid-client';
import type { SsoTestFailure } from '../../../core/api/single-sign-on.ts';

export type ProviderClient = { issuerUrl: string; clientId: string; clientSecret: string };

/** Seconds the console waits for a provider's answer. */
const TIMEOUT_S = 10;
/** How long a provider's discovery document is reused. */
const DISCOVERY_CACHE_MS = 5 * 60_000;
const discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

function discover(client: ProviderClient, allowHttp: boolean): Promise<oidc.Configuration> {
  const key = JSON.stringify([client.issuerUrl, client.clientId, client.clientSecret, allowHttp]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_CACHE_MS) return cached.config;
  const config = oidc.discovery(
    new URL(client.issuerUrl),
    client.clientId,
    { client_secret: client.clientSecret },
    oidc.ClientSecretPost(client.clientSecret),
    { timeout: TIMEOUT_S, ...(allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}) },
  );
  discovered.set(key, { at: Date.now(), config });
  // A failed discovery is not kept: the next sign-in asks again.
  config.catch(() => discovered.delete(key));
  return config;
}

/** What the start of a sign-in keeps until the provider sends the browser back. */
export type PendingSignIn = { state: string; nonce: string; codeVerifier: string };

/** The provider's authorization URL for a new sign-in, and the checks to keep. */
export async function authorizationRequest(
  client: ProviderClient,
  allowHttp: boolean,
  redirectUri: string,
  loginHint: string,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const config = await discover(client, allowHttp);
  const pending = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
    code_challenge_method: 'S256',
    login_hint: loginHint,
  });
  return { url, pending };
}

/** The person the provider vouches for, from the ID token it signed. */
export type VerifiedClaims = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  /** The ID token itself, kept with the session as the hint for signing out at the provider. */
  idToken: string;
};

/**
 * Exchanges the code the browser brought back, checking the issuer, the audience, the signature, the
 * nonce, the state and the PKCE verifier; throws when any check fails.
 */
export async function completeSignIn(
  client: ProviderClient,
  allowHttp: boolean,
  callbackUrl: URL,
  pending: PendingSignIn,
): Promise<VerifiedClaims> {
  const config = await discover(client, allowHttp);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims || !tokens.id_token) throw new Error('no ID token');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    subject: claims.sub,
    email: typeof claims.email === 'string' ? claims.email : null,
    // Entra ID never sends email_verified for work accounts: its optional claim xms_edov (the email
    // domain's owner verified it) stands in, only when email_verified is absent.
    emailVerified:
      claims.email_verified === true || (claims.email_verified === undefined && claims.xms_edov === true),
    givenName: text(claims.given_name).slice(0, 100),
    familyName: text(claims.family_name).slice(0, 100),
    idToken: tokens.id_token,
  };
}

/**
 * The provider's end-session address (OpenID Connect RP-initiated logout) with the session's ID token as
 * the hint, the client id and the address to come back to; null when its discovery document names none.
 */
export async function endSessionUrl(
  client: ProviderClient,
  allowHttp: boolean,
  idToken: string,
  postLogoutRedirectUri: string,
): Promise<URL | null> {
  const config = await discover(client, allowHttp);
  if (!config.serverMetadata().end_session_endpoint) return null;
  return oidc.buildEndSessionUrl(config, {
    id_token_hint: idToken,
    post_logout_redirect_uri: postLogoutRedirectUri,
  });
}

/** Reads the issuer's discovery document (the settings page's Test connection). */
export async function testIssuer(
  issuerUrl: string,
  allowHttp: boolean,
): Promise<{ ok: boolean; failure: SsoTestFailure | null; authorization_endpoint: string | null }> {
  if (!allowHttp && !issuerUrl.startsWith('https://'))
    return { ok: false, failure: 'not_https', authorization_endpoint: null };
  try {
    const config = await oidc.discovery(new URL(issuerUrl), 'test', undefined, oidc.None(), {
      timeout: TIMEOUT_S,
      ...(allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
    });
    const metadata = config.serverMetadata();
    return { ok: true, failure: null, authorization_endpoint: metadata.authorization_endpoint ?? null };
  } catch (error) {
    return { ok: false, failure: failureOf(error), authorization_endpoint: null };
  }
}

function failureOf(error: unknown): SsoTestFailure {
  if (!(error instanceof Error)) return 'unreachable';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
  const code = (error as { code?: unknown }).code;
  if (code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED' || /"issuer"/.test(error.message))
    return 'issuer_mismatch';
  if (error.message === 'fetch failed' || error.cause instanceof Error) return 'unreachable';
  return 'invalid';
}
