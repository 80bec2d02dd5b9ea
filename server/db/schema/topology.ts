import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { LinkReports } from '../../../core/topology.ts';
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

/**
 * The links each device's latest heartbeat reports (docs/topology.md#link-reports): only what the topology
 * draws (ports' link and speed, radio links, mesh peers, managed devices), so the topology reads a site's
 * links without its devices' whole telemetry. A heartbeat writes its row only when that changed, and
 * `states` (which links it reports and whether each is up) tells a change the page must be told of.
 */
export const deviceLinks = pgTable('device_links', {
  deviceId: integer()
    .primaryKey()
    .references(() => devices.id, { onDelete: 'cascade' }),
  links: jsonb().$type<LinkReports>().notNull(),
  states: text().notNull(),
});
