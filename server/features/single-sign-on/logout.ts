// Signing out at the provider too (docs/single-sign-on.md#signing-out): a single sign-on session's
// sign-out answers the provider's end-session address (OpenID Connect RP-initiated logout), which the
// browser visits once the console's session has ended.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { mailIdentityOfRequest } from '../vpc/host-brands.ts';
import { takeIdToken } from './browser-state.ts';
import { endSessionUrl } from './provider.ts';
import { postLogoutRedirectUri, providerFor } from './repository.ts';

/**
 * The provider's end-session address for a session that is ending, or null: a session not made by
 * single sign-on, a provider since turned off or removed, a cloud that turned "Sign out of the provider
 * too" off, a provider without end_session_endpoint, or one not reached (the sign-out goes on without it).
 * The browser comes back to the sign-in page on the host it signed out from.
 */
export async function providerLogoutUrl(
  ctx: AppContext,
  request: FastifyRequest,
  sessionHash: string,
): Promise<string | null> {
  const { db, secrets, config } = ctx;
  const kept = await takeIdToken(db, secrets, sessionHash);
  if (!kept) return null;
  const provider = await providerFor(db, secrets, config, { cloudId: kept.cloudId });
  if (!provider?.signOutAtProvider) return null;
  const { publicUrl } = await mailIdentityOfRequest(db, config, request);
  try {
    const url = await endSessionUrl(
      provider.client,
      config.oidcAllowHttp,
      kept.idToken,
      postLogoutRedirectUri(publicUrl),
    );
    return url?.href ?? null;
  } catch (error) {
    request.log.warn(
      { err: error, issuer: provider.client.issuerUrl },
      'single sign-on provider not reached',
    );
    return null;
  }
}
