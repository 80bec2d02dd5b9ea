// LinqPath (docs/linqpath.md): a cloud's saved link plans, each the inputs the page computes from.
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { LinqPathInputs } from '../../../core/api/linqpath.ts';
import { users } from './accounts.ts';
import { clouds } from './clouds.ts';
import { stampedNow } from './columns.ts';

export const linqpathPlans = pgTable(
  'linqpath_plans',
  {
    id: serial().primaryKey(),
    cloudId: integer()
      .notNull()
      .references(() => clouds.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The plan's inputs as the API names them (core/api/linqpath.ts). */
    inputs: jsonb().$type<LinqPathInputs>().notNull(),
    createdBy: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: stampedNow(),
    updatedAt: stampedNow(),
  },
  // The list: a cloud's plans by name.
  (t) => [index('linqpath_plans_cloud_name_idx').on(t.cloudId, sql`lower(${t.name})`, t.id)],
);
