import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './connect.ts';

/** The rows of a raw statement: both drivers answer { rows }. */
export async function queryRows<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A list of ids as one int[] parameter. */
export const intArray = (ids: readonly number[]) =>
  sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;

/** Rows as one jsonb parameter, for jsonb_to_recordset: a batch of any size is one statement. */
export const jsonRows = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::jsonb`;
