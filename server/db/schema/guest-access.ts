// Guest access (AuthPort, docs/guest-access.md): service plans, guest accounts and vouchers, the RADIUS
// clients (NAS) of each site, captive portals, the cloud's certificate, and the guests' sessions.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { uploadedFiles } from './content.ts';
import { devices, sites } from './inventory.ts';

/**
 * What a guest gets: how long the account stays valid (from its first use or from its creation), how long
 * one session may last and sit idle, the rates, the data per session and per day or month, and how many
 * devices may be on at once. Null limits are unlimited. Empty `site_ids` / `ssids` mean every site / SSID.
 */
export const guestPlans = pgTable(
  'guest_plans',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    priceLabel: text().notNull().default(''),
    validFrom: text({ enum: ['first_use', 'creation'] }).notNull(),
    validityMinutes: integer().notNull(),
    sessionMinutes: integer(),
    idleMinutes: integer(),
    downKbps: integer(),
    upKbps: integer(),
    sessionQuotaBytes: bigint({ mode: 'number' }),
    periodQuotaBytes: bigint({ mode: 'number' }),
    quotaPeriod: text({ enum: ['day', 'month'] }),
    devicesPerAccount: integer().notNull().default(1),
    siteIds: integer().array().notNull().default(sql`'{}'`),
    ssids: text().array().notNull().default(sql`'{}'`),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [uniqueIndex('guest_plans_cloud_name_idx').on(t.cloudId, sql`lower(${t.name})`)],
);

/** A batch of vouchers made together, as printed on one sheet. */
export const guestVoucherBatches = pgTable(
  'guest_voucher_batches',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => guestPlans.id, { onDelete: 'restrict' }),
    name: text().notNull(),
    count: integer().notNull(),
    prefix: text().notNull().default(''),
    codeLength: integer().notNull(),
    /** Shared: any number of guests (within the plan's devices) may use the code; single: one device. */
    shared: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
  },
  (t) => [index('guest_voucher_batches_cloud_idx').on(t.cloudId, t.createdAt.desc(), t.id.desc())],
);

/**
 * A guest account: a person's (username and password, or an email address from the portal's email capture,
 * or a click-through) or a voucher (its code is both its username and password). Its state follows from
 * the columns (docs/guest-access.md#states): revoked, expired (`valid_until` or `expires_at` passed),
 * used up (`used_up_at`: the plan's time or data spent), active (used at least once), unused.
 */
export const guestAccounts = pgTable(
  'guest_accounts',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    planId: integer()
      .notNull()
      .references(() => guestPlans.id, { onDelete: 'restrict' }),
    kind: text({ enum: ['user', 'voucher', 'email', 'click_through'] }).notNull(),
    /** A user's name, a voucher's code, a captured email address, or click-through's generated name. */
    username: text().notNull(),
    /** A user's password sealed with the console's secret box (handed out again by an operator); else null. */
    passwordSealed: text(),
    email: text(),
    batchId: integer().references(() => guestVoucherBatches.id, { onDelete: 'cascade' }),
    shared: boolean().notNull().default(false),
    note: text().notNull().default(''),
    /** The account's own last day (a voucher batch's expiry date), besides its plan's validity. */
    expiresAt: timestamp({ withTimezone: true }),
    /** Set from the plan at creation or at first use; after it the account is expired. */
    validUntil: timestamp({ withTimezone: true }),
    firstUsedAt: timestamp({ withTimezone: true }),
    usedUpAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    revokedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('guest_accounts_cloud_username_idx').on(t.cloudId, sql`lower(${t.username})`),
    index('guest_accounts_cloud_created_idx').on(t.cloudId, t.createdAt.desc(), t.id.desc()),
    index('guest_accounts_batch_idx').on(t.batchId, t.id),
    index('guest_accounts_plan_idx').on(t.planId),
    // The Accounts page's search (docs/guest-access.md#accounts-and-vouchers): part of a name, email or note.
    index('guest_accounts_username_trgm').using('gin', t.username.op('gin_trgm_ops')),
    index('guest_accounts_email_trgm').using('gin', t.email.op('gin_trgm_ops')),
    index('guest_accounts_note_trgm').using('gin', t.note.op('gin_trgm_ops')),
  ],
);

/** A site's RADIUS settings: the shared secret its NAS use (sealed). */
export const guestSiteSecrets = pgTable('guest_site_secrets', {
  siteId: integer()
    .primaryKey()
    .references(() => sites.id, { onDelete: 'cascade' }),
  cloudId: integer()
    .notNull()
    .references(() => clouds.id, { onDelete: 'cascade' }),
  secretSealed: text().notNull(),
  updatedAt: stampedNow(),
});

/**
 * A RADIUS client (NAS) of a site, known by the address its requests come from: one of the site's access
 * points or gateways, or a test NAS an operator registers. One address belongs to one NAS console-wide.
 */
export const guestNas = pgTable(
  'guest_nas',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    address: text().notNull(),
    /** Where Change-of-Authorization and Disconnect requests go (RFC 5176; 3799 by default). */
    coaPort: integer().notNull().default(3799),
    createdAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('guest_nas_address_idx').on(t.address),
    index('guest_nas_site_idx').on(t.siteId),
    index('guest_nas_cloud_idx').on(t.cloudId, t.id),
  ],
);

/** Welcome text and terms of a portal in one language. */
export type PortalTexts = Record<string, { welcome: string; terms: string }>;

/** A captive portal of a site, for one SSID or (ssid null) every guest SSID of the site. */
export const guestPortals = pgTable(
  'guest_portals',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    ssid: text(),
    name: text().notNull(),
    logoFileId: integer().references(() => uploadedFiles.id, { onDelete: 'set null' }),
    backgroundFileId: integer().references(() => uploadedFiles.id, { onDelete: 'set null' }),
    primaryColor: text().notNull().default('#1565c0'),
    backgroundColor: text().notNull().default('#f5f7fa'),
    textColor: text().notNull().default('#1a1a1a'),
    texts: jsonb().$type<PortalTexts>().notNull().default({}),
    /** Any of voucher, account, click_through, email. */
    methods: text().array().notNull(),
    /** The plan a click-through or email-capture guest gets. */
    freePlanId: integer().references(() => guestPlans.id, { onDelete: 'set null' }),
    walledGarden: text().array().notNull().default(sql`'{}'`),
    redirectUrl: text(),
    updatedAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('guest_portals_site_ssid_idx').on(t.siteId, sql`coalesce(${t.ssid}, '')`),
    index('guest_portals_cloud_idx').on(t.cloudId, t.id),
  ],
);

/** The cloud's TLS certificate for its portal and RADIUS EAP; the key sealed and never shown again. */
export const guestCertificates = pgTable('guest_certificates', {
  cloudId: integer()
    .primaryKey()
    .references(() => clouds.id, { onDelete: 'cascade' }),
  certificatePem: text().notNull(),
  keySealed: text().notNull(),
  subject: text().notNull(),
  issuer: text().notNull(),
  selfSigned: boolean().notNull(),
  fingerprint: text().notNull(),
  notBefore: timestamp({ withTimezone: true }).notNull(),
  notAfter: timestamp({ withTimezone: true }).notNull(),
  /** When the 30-day expiry alert was raised for this certificate; null until then. */
  expiryAlertedAt: timestamp({ withTimezone: true }),
  updatedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: stampedNow(),
});

/**
 * A guest's session, from RADIUS accounting (Start, Interim-Update, Stop) or opened at Access-Accept until
 * its Start arrives. `acct_session_id` is the NAS's; bytes are the guest's (in: from the guest, out: to).
 */
export const guestSessions = pgTable(
  'guest_sessions',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    nasId: integer().references(() => guestNas.id, { onDelete: 'set null' }),
    accountId: integer()
      .notNull()
      .references(() => guestAccounts.id, { onDelete: 'cascade' }),
    acctSessionId: text().notNull(),
    mac: text().notNull(),
    /** The access point the guest is on (its device when known, and the Called-Station-Id it sent). */
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    calledStation: text(),
    ssid: text(),
    framedIp: text(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    durationS: integer().notNull().default(0),
    bytesIn: bigint({ mode: 'number' }).notNull().default(0),
    bytesOut: bigint({ mode: 'number' }).notNull().default(0),
    /** Why it ended: the RADIUS Acct-Terminate-Cause named (session_timeout, idle_timeout, quota, user,
     * operator, lost, nas_reboot, other). */
    endReason: text(),
    disconnectedBy: integer().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('guest_sessions_nas_acct_idx').on(t.nasId, t.acctSessionId),
    index('guest_sessions_cloud_started_idx').on(t.cloudId, t.startedAt.desc(), t.id.desc()),
    index('guest_sessions_account_idx').on(t.accountId, t.startedAt.desc()),
    index('guest_sessions_mac_idx').on(t.cloudId, t.mac, t.startedAt.desc()),
    index('guest_sessions_active_idx').on(t.cloudId, t.updatedAt).where(sql`${t.endedAt} IS NULL`),
  ],
);
