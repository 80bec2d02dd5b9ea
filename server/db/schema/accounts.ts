import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stampedNow } from './columns.ts';

/** People who sign in (docs/entities.md User). */
export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    firstname: text().notNull().default(''),
    lastname: text().notNull().default(''),
    timezone: text().notNull().default('UTC'),
    preferredLanguage: text().notNull().default('en'),
    dateFormat: text().notNull().default('YYYY-MM-DD'),
    timeFormat: text().notNull().default('HH:mm'),
    measurementUnits: text({ enum: ['METRIC', 'IMPERIAL'] })
      .notNull()
      .default('METRIC'),
    subscribeNewsletter: boolean().notNull().default(false),
    supportTools: boolean().notNull().default(false),
    isAdministrator: boolean().notNull().default(false),
    // When the current email was shown to reach the person (a mailed link opened, an invitation's link,
    // or a platform administrator's word); null while it is not. Invitations go only to a verified address.
    emailVerifiedAt: timestamp({ withTimezone: true }),
    // Two-factor sign-in: the secret is kept from enrolment on; sign-in asks for a code once enabled.
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    // The last 30-second step whose code was accepted, so a code cannot be used twice.
    totpLastStep: integer(),
    // SHA-256 of the unused one-time recovery codes.
    recoveryCodeHashes: text().array().notNull().default(sql`'{}'::text[]`),
    // Columns each list shows, by list name (the column chooser), remembered per user.
    listColumns: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_name_trgm').using('gin', sql`(${t.firstname} || ' ' || ${t.lastname}) gin_trgm_ops`),
    index('users_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
  ],
);

/** Server-side sessions: revocable, with idle and absolute expiry (docs/api.md#http-conventions). */
export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie value, so a leaked table gives no usable session.
    idHash: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    createdAt: stampedNow(),
    lastSeenAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Failed login counters per account and per address, shared by every server process. */
export const loginThrottles = pgTable('login_throttles', {
  key: text().primaryKey(),
  failures: integer().notNull().default(0),
  windowStartedAt: stampedNow(),
  blockedUntil: timestamp({ withTimezone: true }),
});

/**
 * API request budgets (token buckets) per session, address and cloud, shared by every server process.
 * Unlogged on PostgreSQL: losing the counters in a crash only refills the buckets.
 */
export const apiRateLimits = pgTable('api_rate_limits', {
  key: text().primaryKey(),
  tokens: doublePrecision().notNull(),
  updatedAt: stampedNow(),
});

/** docs/entities.md User alert preference, one row per alert type. */
export const userAlertPreferences = pgTable(
  'user_alert_preferences',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    alertCount: integer().notNull(),
    displayAlert: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

/** Web Push subscriptions, one per browser of a user. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text().notNull().unique(),
    keys: jsonb().$type<{ p256dh: string; auth: string }>().notNull(),
    createdAt: stampedNow(),
    refreshedAt: stampedNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** Password-reset links sent by mail or handed out by a platform administrator; each works once, for a while. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the link's token: the link itself is only in the mail.
    tokenHash: text().notNull().unique(),
    requestedFrom: text(),
    createdAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt.desc())],
);

/**
 * Mailed links that act on an account once, for a while, the newest of each purpose only: confirming a new
 * email (`email_change`, whose `email` is the address the link went to) and signing in while the
 * account's failed-login pace holds (`sign_in`).
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ['email_change', 'sign_in'] }).notNull(),
    email: text().notNull(),
    // SHA-256 of the link's token: the link itself is only in the mail.
    tokenHash: text().notNull().unique(),
    requestedFrom: text(),
    createdAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_links_user_idx').on(t.userId, t.purpose, t.createdAt.desc())],
);

/** Deployment-wide settings kept by the server (for example its VAPID key pair). */
export const serverSettings = pgTable('server_settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: stampedNow(),
});
