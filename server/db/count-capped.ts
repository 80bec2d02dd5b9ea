import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { LIST_COUNT_MAX } from '../../core/api/list-query.ts';
import type { Database } from './connect.ts';

/**
 * How many rows match, counting no further than LIST_COUNT_MAX (or the end of the page asked for, when
 * further): counting every match of a large cloud costs more than the page itself. `total_capped` says the
 * count stopped.
 */
export async function countCapped(
  db: Database,
  table: PgTable,
  where: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ total: number; total_capped: boolean }> {
  const cap = Math.max(LIST_COUNT_MAX, page.offset + page.limit);
  const matches = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [counted] = await db.select({ value: count() }).from(matches);
  const value = counted?.value ?? 0;
  return { total: Math.min(value, cap), total_capped: value > cap };
}
