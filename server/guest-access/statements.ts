// The RADIUS service's frequent statements (docs/guest-access.md#radius): on PostgreSQL each runs as a
// named prepared statement, planned once per connection; on the embedded database as a plain query.
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from '../db/connect.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * Runs a statement whose text is fixed for a name (its values may change) and returns its rows; in a
 * transaction, on the transaction's connection.
 */
export async function runNamed(db: Database, name: string, query: SQL): Promise<Record<string, unknown>[]> {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await client.query({ name, text, values: params as unknown[] });
    return result.rows;
  }
  return ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}
