import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { devices } from './inventory.ts';

/**
 * The LLDP neighbours each device reported (docs/topology.md#lldp): one row per port and neighbour, with
 * when a heartbeat last listed it. A heartbeat refreshes its device's rows and forgets the ones long gone;
 * the topology reads a site's rows by their device.
 */
export const lldpNeighbours = pgTable(
  'lldp_neighbours',
  {
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    localPort: text().notNull(),
    /** Lower case, colon-separated where it is a MAC address (core/topology.ts normaliseMac). */
    chassisId: text().notNull(),
    portId: text().notNull(),
    systemName: text(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.localPort, t.chassisId] })],
);
