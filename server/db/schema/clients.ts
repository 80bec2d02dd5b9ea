import { bigint, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { wirelessClients } from './inventory.ts';

/**
 * Where a wireless client stayed before its current device: one row per device it left, written by the
 * heartbeat that saw it elsewhere (server/fleet/clients.ts). Site and device are plain ids, so the history
 * outlives them; the current stay is the client's own row.
 */
export const wirelessClientStays = pgTable(
  'wireless_client_stays',
  {
    id: serial().primaryKey(),
    cloudId: integer().notNull(),
    clientId: integer()
      .notNull()
      .references(() => wirelessClients.id, { onDelete: 'cascade' }),
    siteId: integer(),
    deviceId: integer(),
    ssid: text().notNull(),
    band: text({ enum: ['2.4', '5', '6', '60'] }),
    firstSeenAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  // A client's page reads its latest stays.
  (t) => [index('wireless_client_stays_client_idx').on(t.clientId, t.lastSeenAt)],
);

/**
 * A wireless client's signal and traffic once an hour (server/fleet/client-samples.ts): its RSSI and byte
 * totals at the hour's sampling, for the clients its devices listed since the sampling before. The hour's
 * traffic is the difference from the sample before. Kept CLIENT_SAMPLE_DAYS days.
 */
export const wirelessClientSamples = pgTable(
  'wireless_client_samples',
  {
    clientId: integer()
      .notNull()
      .references(() => wirelessClients.id, { onDelete: 'cascade' }),
    hour: timestamp({ withTimezone: true }).notNull(),
    rssi: integer(),
    rxBytes: bigint({ mode: 'number' }).notNull(),
    txBytes: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.clientId, t.hour] }),
    // The retention sweep drops the oldest hours.
    index('wireless_client_samples_hour_idx').on(t.hour),
  ],
);
