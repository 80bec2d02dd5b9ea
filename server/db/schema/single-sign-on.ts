// Single sign-on with OpenID Connect (docs/single-sign-on.md): a cloud's provider, the email domains it
// signs in, the short-lived requests of sign-ins under way, and the ID tokens of the sessions they made.
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { ROLES } from '../../../core/domain.ts';
import { sessions, users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';

/** A cloud's OpenID provider; the client secret is sealed (docs/configuration.md#secrets). */
export const singleSignOn = pgTable('single_sign_on', {
  cloudId: integer()
    .primaryKey()
    .references(() => clouds.id, { onDelete: 'cascade' }),
  issuerUrl: text().notNull(),
  clientId: text().notNull(),
  clientSecretSealed: text().notNull(),
  /** What a person gets on their first sign-in (just-in-time membership). */
  roleId: text({ enum: ROLES }).notNull(),
  permissions: integer().notNull().default(0),
  /** Whether the cloud's members of its domains may still sign in with a password. */
  passwordSignIn: boolean().notNull().default(true),
  enabled: boolean().notNull().default(false),
  /** docs/single-sign-on.md#signing-out: signing out of the console signs out at the provider too. */
  signOutAtProvider: boolean().notNull().default(true),
  /** Who set it up or last changed it: first sign-ins never get more than they held. */
  updatedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
  createdAt: stampedNow(),
  updatedAt: stampedNow(),
});

/** The email domains a cloud's provider signs in (lower case); a domain belongs to one cloud at most. */
export const singleSignOnDomains = pgTable(
  'single_sign_on_domains',
  {
    domain: text().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => singleSignOn.cloudId, { onDelete: 'cascade' }),
  },
  (t) => [index('single_sign_on_domains_cloud_idx').on(t.cloudId)],
);

/**
 * A sign-in sent to a provider and not yet back: found by the hash of the browser's cookie, used once.
 * cloudId null is the deployment's provider.
 */
export const singleSignOnRequests = pgTable(
  'single_sign_on_requests',
  {
    browserHash: text().primaryKey(),
    cloudId: integer().references(() => clouds.id, { onDelete: 'cascade' }),
    state: text().notNull(),
    nonce: text().notNull(),
    codeVerifier: text().notNull(),
    next: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('single_sign_on_requests_expires_idx').on(t.expiresAt)],
);

/**
 * The ID token a single sign-on session was made with, sealed (docs/configuration.md#secrets): the hint
 * signing out sends to the provider (docs/single-sign-on.md#signing-out). cloudId null is the deployment's
 * provider. It goes with its session.
 */
export const singleSignOnSessions = pgTable(
  'single_sign_on_sessions',
  {
    sessionHash: text()
      .primaryKey()
      .references(() => sessions.idHash, { onDelete: 'cascade' }),
    cloudId: integer().references(() => clouds.id, { onDelete: 'cascade' }),
    idTokenSealed: text().notNull(),
  },
  (t) => [index('single_sign_on_sessions_cloud_idx').on(t.cloudId)],
);
