// Tunnels (docs/remote-access.md): a device's outbound WebSocket to the console, over which the console
// reaches the device's own web page (remote web access) or a recorder's media.
import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { devices, smartNvrs } from './inventory.ts';

/**
 * One tunnel, from the console's request to its close. A device tunnel names its device, a recorder's its
 * smart NVR. `opened_by` is null when the console opened it itself (a recorder's media). The browser
 * reaches a web tunnel at its own host, `t{id}-{host_key}.{TUNNEL_DOMAIN}`, with a one-time grant
 * exchanged for a cookie bound to the tunnel and the console session that opened it; both are kept only
 * as SHA-256 hashes.
 */
export const tunnels = pgTable(
  'tunnels',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    deviceId: integer().references(() => devices.id, { onDelete: 'cascade' }),
    smartNvrId: integer().references(() => smartNvrs.id, { onDelete: 'cascade' }),
    service: text({ enum: ['web', 'media'] }).notNull(),
    openedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** The console session the tunnel is bound to (the sessions table's id hash); null for media. */
    sessionHash: text(),
    hostKey: text().notNull(),
    grantHash: text(),
    grantExpiresAt: timestamp({ withTimezone: true }),
    accessHash: text(),
    state: text({ enum: ['opening', 'open', 'closed'] }).notNull(),
    openedAt: stampedNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    closedAt: timestamp({ withTimezone: true }),
    closedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    closeReason: text({ enum: ['closed', 'expired', 'idle', 'device_gone', 'failed'] }),
    bytesIn: bigint({ mode: 'number' }).notNull().default(0),
    bytesOut: bigint({ mode: 'number' }).notNull().default(0),
    firstUsedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('tunnels_cloud_opened_idx').on(t.cloudId, t.openedAt.desc(), t.id.desc()),
    index('tunnels_device_idx').on(t.deviceId, t.openedAt.desc()),
    index('tunnels_smart_nvr_idx').on(t.smartNvrId, t.openedAt.desc()),
    index('tunnels_live_idx').on(t.state, t.expiresAt),
  ],
);
