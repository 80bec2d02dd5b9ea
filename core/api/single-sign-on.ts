// Single sign-on (docs/single-sign-on.md): the login page's question and a cloud's provider settings,
// shared by server and web app.
import { type Static, Type } from 'typebox';
import { ALL_CLOUD_PERMISSIONS } from '../domain.ts';
import { closed } from './closed.ts';

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });

/** POST /apiv2/auth/sso/discover: whether the email's domain signs in with single sign-on. */
export const SsoDiscoverBody = Type.Object(
  { email: Email },
  { ...closed, examples: [{ email: 'ona.petraite@baltic-networks.example' }] },
);
export type SsoDiscoverBody = Static<typeof SsoDiscoverBody>;
export const SsoDiscoverResponse = Type.Object({ sso: Type.Boolean() });
export type SsoDiscoverResponse = Static<typeof SsoDiscoverResponse>;

/** Why a single sign-on came back to the login page without signing in (its ?sso= value). */
export const SSO_OUTCOMES = ['unavailable', 'expired', 'failed', 'refused', 'email_unverified'] as const;
export type SsoOutcome = (typeof SSO_OUTCOMES)[number];

/** Roles a first sign-in can give; ownership only moves by transfer. */
export const SSO_ROLES = ['ROLE_ADMIN', 'ROLE_GUEST', 'ROLE_USER'] as const;

export const SSO_DOMAIN_PATTERN =
  '^[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?(\\.[a-zA-Z0-9]([a-zA-Z0-9-]*[a-zA-Z0-9])?)+$';
const IssuerUrl = Type.String({ minLength: 8, maxLength: 500, pattern: '^https?://\\S+$' });

/** A cloud's provider as its owners and administrators see it: the secret only as whether one is set. */
export const SsoSettings = Type.Object({
  configured: Type.Boolean(),
  issuer_url: Type.String(),
  client_id: Type.String(),
  client_secret_set: Type.Boolean(),
  domains: Type.Array(Type.String()),
  role_id: Type.Enum(SSO_ROLES),
  permissions: Type.Integer(),
  password_sign_in: Type.Boolean(),
  enabled: Type.Boolean(),
  /** The address to register at the provider. */
  redirect_uri: Type.String(),
  /** docs/single-sign-on.md#signing-out: signing out of the console signs out at the provider too. */
  sign_out_at_provider: Type.Boolean(),
  /** The address to allow at the provider for coming back after signing out there. */
  post_logout_redirect_uri: Type.String(),
});
export type SsoSettings = Static<typeof SsoSettings>;

/** PUT /apiv2/cloud/:cloudId/single-sign-on; client_secret left out keeps the one set. */
export const SsoSettingsBody = Type.Object(
  {
    issuer_url: IssuerUrl,
    client_id: Type.String({ minLength: 1, maxLength: 500 }),
    client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    domains: Type.Array(Type.String({ minLength: 3, maxLength: 253, pattern: SSO_DOMAIN_PATTERN }), {
      minItems: 1,
      maxItems: 20,
    }),
    role_id: Type.Enum(SSO_ROLES),
    /** docs/roles.md cloud permission bits. */
    permissions: Type.Integer({ minimum: 0, maximum: ALL_CLOUD_PERMISSIONS }),
    password_sign_in: Type.Boolean(),
    enabled: Type.Boolean(),
    /** Left out keeps the one saved (on at first). */
    sign_out_at_provider: Type.Optional(Type.Boolean()),
  },
  {
    ...closed,
    // The API document's example (docs/api.md#examples): Microsoft Entra ID for one company's domain.
    examples: [
      {
        issuer_url: 'https://login.microsoftonline.com/4a1f7c2e-9b3d-4e8a-b6f0-2d5c8e1a7b94/v2.0',
        client_id: '0c9e2f4a-7d1b-4c3e-8a5f-6b2d9e0f1a37',
        client_secret: 'Hq8~vR2nL5tW9yB3kXm7pZ4cD1fG6jS0aE',
        domains: ['baltic-networks.example'],
        role_id: 'ROLE_USER',
        permissions: 0,
        password_sign_in: false,
        enabled: true,
      },
    ],
  },
);
export type SsoSettingsBody = Static<typeof SsoSettingsBody>;

/**
 * POST /apiv2/auth/logout's answer (200) when a single sign-on session also signs out at its provider
 * (docs/single-sign-on.md#signing-out); any other sign-out answers 204 without a body.
 */
export const SsoLogoutResponse = Type.Object({
  /** The provider's end-session address: the browser goes there next. */
  logout_url: Type.String(),
});
export type SsoLogoutResponse = Static<typeof SsoLogoutResponse>;

/** POST .../single-sign-on/test: reads the issuer's discovery document. */
export const SsoTestBody = Type.Object(
  { issuer_url: IssuerUrl },
  { ...closed, examples: [{ issuer_url: 'https://accounts.google.com' }] },
);
export type SsoTestBody = Static<typeof SsoTestBody>;
/** Why the test failed. */
export const SSO_TEST_FAILURES = [
  'not_https',
  'unreachable',
  'timeout',
  'issuer_mismatch',
  'invalid',
] as const;
export type SsoTestFailure = (typeof SSO_TEST_FAILURES)[number];
export const SsoTestResponse = Type.Object({
  ok: Type.Boolean(),
  /** Why not, when not ok. */
  failure: Type.Union([Type.Enum(SSO_TEST_FAILURES), Type.Null()]),
  authorization_endpoint: Type.Union([Type.String(), Type.Null()]),
});
export type SsoTestResponse = Static<typeof SsoTestResponse>;
