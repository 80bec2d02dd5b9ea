import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STATUS_IDS } from '../../../core/domain.ts';
import type { AgentState } from '../../../core/fleet/agent-state.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { devices, smartNvrs } from './inventory.ts';

/**
 * A device or smart NVR that was adopted: its credential and what the agent API keeps per device between
 * messages. Heartbeats write here, not to devices, so the device table and its search indexes change only
 * when something an operator sees changes.
 */
export const deviceAgents = pgTable(
  'device_agents',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'cascade' }),
    /** SHA-256 of the credential's secret (a random 256-bit value: a slow hash adds nothing). */
    credentialHash: text().notNull(),
    /** The last message's sequence number; a message must carry a greater one. */
    seq: bigint({ mode: 'number' }).notNull().default(0),
    /** Bumped by every write, so concurrent writers (heartbeats, events, the sweep) never lose one another's. */
    version: integer().notNull().default(0),
    statusId: text({ enum: STATUS_IDS }).notNull().default('STATUS_OFFLINE'),
    lastHeartbeatAt: timestamp({ withTimezone: true }),
    /** When the status sweep marks it STATUS_SKIPPED_HB, then STATUS_OFFLINE, unless a heartbeat comes first. */
    skipAfter: timestamp({ withTimezone: true }),
    offlineAfter: timestamp({ withTimezone: true }),
    /** What the rules compare the next report with (core/fleet/agent-state.ts). */
    state: jsonb().$type<AgentState>().notNull(),
    /** The latest heartbeat as the device sent it, less its clients (they have their own table). */
    telemetry: jsonb().$type<Record<string, unknown>>(),
    /** The configuration document the device runs, as its last configuration task applied it. */
    config: jsonb().$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    adoptedAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('device_agents_device_key').on(t.deviceId),
    uniqueIndex('device_agents_nvr_key').on(t.smartNvrId),
    check('device_agents_one_target', sql`num_nonnulls(${t.deviceId}, ${t.smartNvrId}) = 1`),
    // The status sweep reads only the devices whose deadline passed, whatever the fleet's size.
    index('device_agents_skip_idx').on(t.skipAfter).where(sql`${t.statusId} = 'STATUS_ONLINE'`),
    index('device_agents_offline_idx').on(t.offlineAfter).where(sql`${t.statusId} <> 'STATUS_OFFLINE'`),
  ],
);

/** Devices that called home without being registered into a site, so an operator can adopt them later. */
export const pendingDevices = pgTable(
  'pending_devices',
  {
    id: serial().primaryKey(),
    sn: text().notNull(),
    mac: text().notNull(),
    productBrandId: integer().notNull(),
    fw: text().notNull(),
    mgmtdVersion: text().notNull(),
    remoteAddress: text(),
    calls: integer().notNull().default(1),
    firstSeenAt: stampedNow(),
    lastSeenAt: stampedNow(),
  },
  (t) => [
    uniqueIndex('pending_devices_mac_key').on(t.mac),
    index('pending_devices_sn_idx').on(t.sn),
    // Retention drops the longest silent first.
    index('pending_devices_last_seen_idx').on(t.lastSeenAt),
  ],
);

/** Events devices sent between heartbeats, stored before they are acknowledged. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    agentId: integer()
      .notNull()
      .references(() => deviceAgents.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    receivedAt: stampedNow(),
  },
  (t) => [index('device_events_agent_idx').on(t.agentId, t.occurredAt.desc())],
);
