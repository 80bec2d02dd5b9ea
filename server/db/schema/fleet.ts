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
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { STATUS_IDS } from '../../../core/domain.ts';
import type { AgentState } from '../../../core/fleet/agent-state.ts';
import { users } from './accounts.ts';
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
    /**
     * SHA-256 of the credential's secret (a random 256-bit value: a slow hash adds nothing); null once a
     * member reset the credential, until the device is adopted again.
     */
    credentialHash: text(),
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
    /** The latest heartbeat as the device sent it, less its clients and LLDP neighbours (their own tables). */
    telemetry: jsonb().$type<Record<string, unknown>>(),
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

/**
 * Devices that called home without getting a credential: those that named a cloud's onboarding key
 * (`cloud_id`), which that cloud adopts into a site, and the keyless rest (no cloud), which only a cloud
 * that registered the same MAC address and serial number sees, to approve (docs/security.md, Adoption).
 */
export const pendingDevices = pgTable(
  'pending_devices',
  {
    id: serial().primaryKey(),
    cloudId: integer().references(() => clouds.id, { onDelete: 'cascade' }),
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
    // One row per MAC address per cloud, and one without a cloud: a keyless caller never overwrites
    // what a device that named a key reported.
    unique('pending_devices_mac_cloud_key').on(t.mac, t.cloudId).nullsNotDistinct(),
    index('pending_devices_sn_idx').on(t.sn),
    // Retention drops the longest silent first; a cloud's list reads its own rows, latest first.
    index('pending_devices_last_seen_idx').on(t.lastSeenAt),
    index('pending_devices_cloud_seen_idx').on(t.cloudId, t.lastSeenAt),
  ],
);

/**
 * A member's approval of a keyless caller their cloud registered: the device calling from the address the
 * member saw gets its credential at its next call, within the hour (docs/security.md, Adoption).
 */
export const adoptionApprovals = pgTable(
  'adoption_approvals',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    mac: text().notNull(),
    /** Upper case, as registrations keep it. */
    sn: text().notNull(),
    remoteAddress: text().notNull(),
    approvedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    approvedAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('adoption_approvals_cloud_mac_key').on(t.cloudId, t.mac),
    index('adoption_approvals_mac_idx').on(t.mac),
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
