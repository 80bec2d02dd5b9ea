import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { HEALTH_IDS, STATUS_IDS } from '../../../core/domain.ts';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';

const cloudRef = () =>
  integer()
    .notNull()
    .references(() => clouds.id, { onDelete: 'cascade' });

/** docs/entities.md Site. */
export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    cloudId: cloudRef(),
    name: text().notNull(),
    location: text().notNull().default(''),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    // IANA time zone of the site's local time.
    timezone: text().notNull().default('UTC'),
    allowConfig: boolean().notNull().default(true),
    configEnabled: boolean().notNull().default(true),
    sdwanEnabled: boolean().notNull().default(false),
    configSavedAt: timestamp({ withTimezone: true }),
    /** Named values the site's configuration documents use (docs/configuration.md#variables). */
    configVariables: jsonb().$type<Record<string, string>>().notNull().default({}),
    /**
     * "Always follow the console": a device's configuration changed on the device is overwritten with the
     * console's at once (docs/configuration.md#drift); set by members with change_lock_config.
     */
    configLock: boolean().notNull().default(false),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('sites_cloud_name_idx').on(t.cloudId, t.name),
    index('sites_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('sites_location_trgm').using('gin', t.location.op('gin_trgm_ops')),
  ],
);

/** Saved site filters ("site groupings"); selecting one narrows the cloud to its sites. */
export const siteFilters = pgTable(
  'site_filters',
  {
    id: serial().primaryKey(),
    cloudId: cloudRef(),
    name: text().notNull(),
    siteIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    createdByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
  },
  (t) => [index('site_filters_cloud_name_idx').on(t.cloudId, t.name)],
);

/** docs/entities.md Device: every field listed there, reported by the device through the agent API. */
export const devices = pgTable(
  'devices',
  {
    id: serial().primaryKey(),
    cloudId: cloudRef(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    name: text().notNull(),
    fw: text().notNull().default(''),
    mgmtdVersion: text().notNull().default(''),
    sn: text().notNull(),
    mac: text().notNull(),
    ip: text(),
    hostname: text().notNull().default(''),
    allowConfig: boolean().notNull().default(true),
    productBrandId: integer().notNull(),
    productId: integer().notNull(),
    productType: text().notNull(),
    configType: text().notNull().default(''),
    healthId: text({ enum: HEALTH_IDS }).notNull().default('HEALTH_UNKNOWN'),
    stateId: text().notNull().default('STATE_REGISTERED'),
    statusId: text({ enum: STATUS_IDS }).notNull().default('STATUS_OFFLINE'),
    type: text().notNull().default('NET_STANDALONE'),
    suspendConfig: boolean().notNull().default(false),
    blocked: boolean().notNull().default(false),
    decomm: boolean().notNull().default(false),
    // Where the device stands on the site map (docs/site-map.md); both null while it is not placed.
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    configSavedAt: timestamp({ withTimezone: true }),
    lastSeenAt: timestamp({ withTimezone: true }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => {
    const listOrder = (name: string, key: SQL | AnyPgColumn) =>
      index(name).on(t.cloudId, key, t.name, t.id).where(sql`${t.deletedAt} IS NULL AND NOT ${t.decomm}`);
    return [
      index('devices_cloud_site_idx').on(t.cloudId, t.siteId),
      // The device list's order: a page of a large fleet is read in order instead of sorting every device.
      index('devices_cloud_name_idx')
        .on(t.cloudId, t.name, t.id)
        .where(sql`${t.deletedAt} IS NULL AND NOT ${t.decomm}`),
      index('devices_site_idx').on(t.siteId),
      // The device list's other orders and filters (server/features/devices/list-repository.ts): each walks
      // the cloud's live devices in that order, then by name, so a page of 100,000 devices sorts nothing.
      listOrder(
        'devices_list_status_idx',
        sql`(CASE WHEN NOT ${t.blocked} AND ${t.statusId} IN ('STATUS_ONLINE', 'STATUS_SKIPPED_HB') THEN 1 ELSE 0 END)`,
      ),
      listOrder(
        'devices_list_health_idx',
        sql`(CASE ${t.healthId} WHEN 'HEALTH_NORMAL' THEN 1 WHEN 'HEALTH_WARNING' THEN 2 WHEN 'HEALTH_CRITICAL' THEN 3 ELSE 0 END)`,
      ),
      listOrder('devices_list_family_idx', t.productType),
      listOrder('devices_list_model_idx', t.productBrandId),
      listOrder('devices_list_fw_idx', t.fw),
      listOrder('devices_list_site_idx', t.siteId),
      index('devices_cloud_health_idx').on(t.cloudId, t.healthId),
      // Tasks on a whole family of the cloud.
      index('devices_cloud_type_idx').on(t.cloudId, t.productType),
      index('devices_mac_idx').on(t.mac),
      // Partial MAC search (a substring anywhere in the address).
      index('devices_mac_trgm').using('gin', t.mac.op('gin_trgm_ops')),
      index('devices_ip_idx').on(t.ip),
      index('devices_sn_idx').on(t.sn),
      index('devices_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
      index('devices_hostname_trgm').using('gin', t.hostname.op('gin_trgm_ops')),
    ];
  },
);

/** Smart network video recorders sit at cloud level (docs/product.md). */
export const smartNvrs = pgTable(
  'smart_nvrs',
  {
    id: serial().primaryKey(),
    cloudId: cloudRef(),
    name: text().notNull(),
    mac: text().notNull(),
    sn: text().notNull(),
    ip: text(),
    productBrandId: integer().notNull(),
    fw: text().notNull().default(''),
    healthId: text({ enum: HEALTH_IDS }).notNull().default('HEALTH_UNKNOWN'),
    statusId: text({ enum: STATUS_IDS }).notNull().default('STATUS_OFFLINE'),
    createdAt: stampedNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('smart_nvrs_cloud_idx').on(t.cloudId),
    index('smart_nvrs_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Wireless clients seen on devices. */
export const wirelessClients = pgTable(
  'wireless_clients',
  {
    id: serial().primaryKey(),
    cloudId: cloudRef(),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    mac: text().notNull(),
    ip: text(),
    hostname: text().notNull().default(''),
    ssid: text().notNull().default(''),
    band: text({ enum: ['2.4', '5', '6', '60'] }),
    rssi: integer(),
    rxBytes: bigint({ mode: 'number' }).notNull().default(0),
    txBytes: bigint({ mode: 'number' }).notNull().default(0),
    firstSeenAt: stampedNow(),
    lastSeenAt: stampedNow(),
  },
  (t) => [
    // A client is one row per cloud: heartbeats upsert it wherever it roams.
    uniqueIndex('wireless_clients_cloud_mac_key').on(t.cloudId, t.mac),
    index('wireless_clients_mac_trgm').using('gin', t.mac.op('gin_trgm_ops')),
    index('wireless_clients_cloud_ip_idx').on(t.cloudId, t.ip),
    // Not on last_seen_at: every heartbeat changes it, and an indexed column that changes makes each
    // update write every index of the row (no HOT update); migration 0003 also leaves room on each page.
    index('wireless_clients_site_idx').on(t.siteId),
    index('wireless_clients_device_idx').on(t.deviceId),
    index('wireless_clients_hostname_trgm').using('gin', t.hostname.op('gin_trgm_ops')),
    // The clients list by host name, either way, those without one last (docs/clients.md#order): a host
    // name seldom changes, so these keep heartbeats' updates HOT.
    index('wireless_clients_cloud_hostname_idx').on(t.cloudId, sql`(${t.hostname} = '')`, t.hostname, t.id),
    index('wireless_clients_cloud_hostname_desc_idx').on(
      t.cloudId,
      sql`(${t.hostname} = '')`,
      t.hostname.desc(),
      t.id.desc(),
    ),
  ],
);

/**
 * Past names and addresses of objects, and what deleted objects were called, so search can answer
 * "where was this MAC last seen" (docs/decisions.md). A row is valid from validFrom until validTo.
 */
export const objectHistory = pgTable(
  'object_history',
  {
    id: serial().primaryKey(),
    cloudId: integer().notNull(),
    siteId: integer(),
    objectType: text({ enum: ['cloud', 'site', 'device', 'user', 'client'] }).notNull(),
    objectId: integer().notNull(),
    field: text({ enum: ['name', 'location', 'hostname', 'mac', 'ip', 'sn', 'email'] }).notNull(),
    value: text().notNull(),
    validFrom: stampedNow(),
    validTo: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('object_history_cloud_value_idx').on(t.cloudId, t.field, t.value),
    index('object_history_object_idx').on(t.objectType, t.objectId),
    index('object_history_value_trgm').using('gin', t.value.op('gin_trgm_ops')),
  ],
);
