import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../connect.ts';

// Bulk inserts in chunks keep every statement well below PostgreSQL's 65,535 parameters.
const CHUNK_SIZE = 500;

export async function insertRows<T extends PgTable>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    await db.insert(table).values(rows.slice(start, start + CHUNK_SIZE));
  }
}

type TableWithId = PgTable & { id: PgTable['_']['columns'][string] };

/** Inserts the rows and answers their new ids in the order of the rows. */
export async function insertRowsReturningIds<T extends TableWithId>(
  db: Database,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_SIZE) {
    const inserted = await db
      .insert(table)
      .values(rows.slice(start, start + CHUNK_SIZE))
      .returning({ id: table.id });
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}
