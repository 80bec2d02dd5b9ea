// API tokens (docs/api-tokens.md): personal tokens act for their owner, within the bits and clouds they
// keep; cloud tokens belong to one cloud with a role, permission bits and (a Site User's role) sites of their
// own. Only hashes of the secrets are kept.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { ROLES } from '../../../core/domain.ts';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { sites } from './inventory.ts';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial().primaryKey(),
    kind: text({ enum: ['personal', 'cloud'] }).notNull(),
    /** A personal token's owner: the token goes with the account. */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    /** Who made the token; a cloud token outlives its maker. */
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    /** A cloud token's cloud. */
    cloudId: integer().references(() => clouds.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the secret (server/auth/tokens.ts). */
    secretHash: text().notNull(),
    /** After a rotation, the old secret's hash, valid until previousValidUntil. */
    previousSecretHash: text(),
    previousValidUntil: timestamp({ withTimezone: true }),
    readOnly: boolean().notNull().default(false),
    /** A cloud token's role and permission bits, as a membership holds them. */
    roleId: text({ enum: ROLES }),
    /** A personal token's: the bits it keeps of its owner's; null keeps them all. */
    permissions: integer(),
    /** A personal token's clouds; null reaches every cloud its owner belongs to. */
    cloudIds: integer().array(),
    /** A platform administrator's personal token that may call the Admin Panel's routes. */
    adminScope: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    lastUsedIp: text(),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_secret_hash_idx').on(t.secretHash),
    uniqueIndex('api_tokens_previous_secret_hash_idx').on(t.previousSecretHash),
    index('api_tokens_user_idx').on(t.userId, t.id),
    index('api_tokens_cloud_idx').on(t.cloudId, t.id),
    index('api_tokens_created_by_idx').on(t.createdByUserId),
    check(
      'api_tokens_kind_check',
      sql`(${t.kind} = 'personal' AND ${t.userId} IS NOT NULL AND ${t.cloudId} IS NULL AND ${t.roleId} IS NULL)
        OR (${t.kind} = 'cloud' AND ${t.cloudId} IS NOT NULL AND ${t.roleId} IS NOT NULL AND ${t.userId} IS NULL
          AND ${t.permissions} IS NOT NULL AND ${t.cloudIds} IS NULL)`,
    ),
  ],
);

/** The sites of a cloud token with the Site User role, each with the site permissions it holds there. */
export const apiTokenSites = pgTable(
  'api_token_sites',
  {
    tokenId: integer()
      .notNull()
      .references(() => apiTokens.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.siteId] }), index('api_token_sites_site_idx').on(t.siteId)],
);
