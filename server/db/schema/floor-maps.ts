// Floor maps (docs/floor-maps.md): a site's floors, each with its plan and scale, and where devices stand
// on them.
import { doublePrecision, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';
import { uploadedFiles } from './content.ts';
import { devices, sites } from './inventory.ts';

/** A floor of a site's building; `position` orders them (0 first). */
export const floors = pgTable(
  'floors',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    siteId: integer()
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    position: integer().notNull(),
    /** The uploaded plan; null until one is uploaded. */
    planFileId: integer().references(() => uploadedFiles.id, { onDelete: 'set null' }),
    /** Two points marked on the plan (fractions of its width and height) and the metres between them. */
    scaleX1: doublePrecision(),
    scaleY1: doublePrecision(),
    scaleX2: doublePrecision(),
    scaleY2: doublePrecision(),
    scaleMetres: doublePrecision(),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  (t) => [index('floors_site_idx').on(t.siteId, t.position)],
);

/** Where a device stands on a floor's plan, as fractions of the plan's width and height; one floor at most. */
export const floorPositions = pgTable(
  'floor_positions',
  {
    deviceId: integer()
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    floorId: integer()
      .notNull()
      .references(() => floors.id, { onDelete: 'cascade' }),
    x: doublePrecision().notNull(),
    y: doublePrecision().notNull(),
    updatedAt: stampedNow(),
  },
  (t) => [index('floor_positions_floor_idx').on(t.floorId)],
);
