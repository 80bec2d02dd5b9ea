import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { INVITATION_STATES, PLAN_TYPES, ROLES } from '../../../core/domain.ts';
import { users } from './accounts.ts';
import { stampedNow } from './columns.ts';

export type BillingAddress = { street?: string; city?: string; postalCode?: string; country?: string };

/** Tenants (docs/entities.md Cloud). */
export const clouds = pgTable(
  'clouds',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    planType: text({ enum: PLAN_TYPES }).notNull(),
    badgeOfCourage: boolean().notNull().default(false),
    largeSiteSupportAllowed: boolean().notNull().default(false),
    enableCreditCard: boolean().notNull().default(true),
    enableAdvertisement: boolean().notNull().default(false),
    accessControlList: jsonb().$type<string[]>().notNull().default([]),
    suspendedAt: timestamp({ withTimezone: true }),
    suspendType: text(),
    company: text().notNull().default(''),
    authportEnabled: boolean().notNull().default(false),
    billingAddress: jsonb().$type<BillingAddress>().notNull().default({}),
    planPurchasedAt: timestamp({ withTimezone: true }),
    planExpiresAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    deletedAt: timestamp({ withTimezone: true }),
    /**
     * The secret a device presents when it calls home, which its label does not carry (docs/security.md,
     * Adoption): 32 hex digits from the database's strong random source, made for every new cloud and
     * made again by a rotation (`SET onboarding_key = DEFAULT`). Kept readable, so members who may
     * register devices can look it up whenever they provision one.
     */
    onboardingKey: text().notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    index('clouds_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    uniqueIndex('clouds_onboarding_key_key').on(t.onboardingKey),
  ],
);

/** A user's place in a cloud (docs/entities.md User-cloud, docs/decisions.md). */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    roleId: text({ enum: ROLES }).notNull(),
    permissions: integer().notNull().default(0),
    pushAlerts: boolean().notNull().default(false),
    alertsViewedAt: timestamp({ withTimezone: true }),
    tasksViewedAt: timestamp({ withTimezone: true }),
    // The saved site filter the user has selected in this cloud, if any.
    activeSiteFilterId: integer(),
    createdAt: stampedNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cloudId] }), index('memberships_cloud_idx').on(t.cloudId)],
);

/** Sites a Site User may see, each with its own site-level permission list. */
export const membershipSites = pgTable(
  'membership_sites',
  {
    userId: integer().notNull(),
    cloudId: integer().notNull(),
    siteId: integer().notNull(),
    permissions: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.cloudId, t.siteId] }),
    index('membership_sites_site_idx').on(t.siteId),
  ],
);

/** Invitations to join a cloud, with the states of docs/entities.md. */
export const invitations = pgTable(
  'invitations',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    invitedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    roleId: text({ enum: ROLES }).notNull(),
    permissions: integer().notNull().default(0),
    state: text({ enum: INVITATION_STATES }).notNull(),
    readAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    // SHA-256 of the secret in the invitation's link, which lets a person without an account create one.
    tokenHash: text(),
    // A Site User's sites, each with its site permissions, given on joining.
    sites: jsonb().$type<{ siteId: number; permissions: string[] }[]>().notNull().default([]),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_idx').on(t.tokenHash),
    index('invitations_email_idx').on(sql`lower(${t.email})`, t.state),
    index('invitations_cloud_idx').on(t.cloudId),
  ],
);

/** Add-on catalogue (for example AuthPort) and what each cloud has enabled. */
export const addons = pgTable('addons', {
  id: serial().primaryKey(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull().default(''),
});

export const cloudAddons = pgTable(
  'cloud_addons',
  {
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    addonId: integer()
      .notNull()
      .references(() => addons.id, { onDelete: 'cascade' }),
    enabledAt: stampedNow(),
  },
  (t) => [primaryKey({ columns: [t.cloudId, t.addonId] })],
);

/** Licenses held by a cloud: device licenses, smart NVR licenses and add-on licenses. */
export const licenses = pgTable(
  'licenses',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['device', 'smartnvr', 'addon'] }).notNull(),
    free: boolean().notNull().default(false),
    deviceId: integer(),
    smartNvrId: integer(),
    addonId: integer(),
    startsAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('licenses_cloud_idx').on(t.cloudId, t.kind),
    index('licenses_smart_nvr_idx').on(t.smartNvrId),
    // A device's license, read page by page by the inventory report (docs/reports.md).
    index('licenses_device_idx').on(t.deviceId),
  ],
);

/** Promotional videos offered in the advertisement dialog. */
export const advertisements = pgTable('advertisements', {
  id: serial().primaryKey(),
  title: text().notNull(),
  videoUrl: text().notNull(),
  active: boolean().notNull().default(true),
  createdAt: stampedNow(),
});
