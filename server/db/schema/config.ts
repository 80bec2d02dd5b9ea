import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { devices, sites } from './inventory.ts';

// docs/configuration.md#storage. Every document kept here has its secrets sealed (server/features/config/seal.ts).
type Document = Record<string, unknown>;

/**
 * An applied configuration, never changed once written: a site's document for one kind of device, or one
 * device's own (its overrides, or its whole document when standalone), with the revision it followed.
 */
export const configRevisions = pgTable(
  'config_revisions',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer().references(() => sites.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    configType: text().notNull(),
    kind: text({ enum: ['apply', 'rollback', 'sync'] }).notNull(),
    parentId: integer(),
    document: jsonb().$type<Document>().notNull(),
    authorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
  },
  (t) => [
    check('config_revisions_one_owner', sql`num_nonnulls(${t.siteId}, ${t.deviceId}) = 1`),
    index('config_revisions_site_idx').on(t.siteId, t.id),
    index('config_revisions_device_idx').on(t.deviceId, t.id),
  ],
);

/**
 * The documents sent to devices, each once by its hash (./seal.ts documentHash): the devices of a site
 * mostly run the same one, and a configuration task's targets name it by hash.
 */
export const configDocuments = pgTable('config_documents', {
  hash: text().primaryKey(),
  document: jsonb().$type<Document>().notNull(),
  createdAt: stampedNow(),
});

/** A site's configuration of one kind of device: the draft being edited and the revision applied. */
export const siteConfigs = pgTable(
  'site_configs',
  {
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    configType: text().notNull(),
    draft: jsonb().$type<Document>(),
    revisionId: integer().references(() => configRevisions.id, { onDelete: 'set null' }),
    updatedAt: stampedNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.configType] })],
);

/** What the console keeps of one device's configuration besides its site's. */
export const deviceConfigs = pgTable('device_configs', {
  deviceId: integer()
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  /** Overrides of the site's document (NET_ENTERPRISE), or the device's whole document (standalone). */
  overrides: jsonb().$type<Document>().notNull().default({}),
  draft: jsonb().$type<Document>(),
  variables: jsonb().$type<Record<string, string>>().notNull().default({}),
  revisionId: integer().references(() => configRevisions.id, { onDelete: 'set null' }),
  /** The hash of the effective document last sent to the device. */
  consoleHash: text(),
  /** The document the device last said it runs: what it applied, or sent back (TASK_RECEIVED_CONFIG). */
  running: jsonb().$type<Document>(),
  /**
   * When the device sent back its running document, while the console has not settled it: drift, when it
   * differs from the console's document (docs/configuration.md#drift).
   */
  runningReceivedAt: timestamp({ withTimezone: true }),
  /** Why configuration is suspended (devices.suspend_config). */
  suspendReason: text(),
  updatedAt: stampedNow(),
});
