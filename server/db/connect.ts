import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.ts';

export type Database = PgDatabase<PgQueryResultHKT>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection pool, on PostgreSQL: the job queue shares it. */
  pool?: pg.Pool;
  /** Throws when the database does not answer. */
  ping: () => Promise<void>;
  /**
   * Calls onNotify for each NOTIFY on the channel (from any process on PostgreSQL), and once more after a
   * lost connection is back, since notifications sent meanwhile are gone. Answers the way to stop.
   */
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; statementTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; from a dumped data dir (dumpDataDir) when given, which skips initdb. */
  | { kind: 'memory'; template?: Blob };

/** The longest a statement may run before the database cancels it (and the request answers 503). */
export const STATEMENT_TIMEOUT_MS = 10_000;

/**
 * Every pooled connection gives up rather than wait forever: on connecting, on a statement, on a lock,
 * and, for a server that stops answering altogether (which cancels nothing), on the client's own clock.
 */
const postgresTimeouts = (statementTimeoutMs: number) => ({
  connectionTimeoutMillis: 5_000,
  statement_timeout: statementTimeoutMs,
  lock_timeout: Math.min(5_000, statementTimeoutMs),
  query_timeout: statementTimeoutMs + 2_000,
  idle_in_transaction_session_timeout: 60_000,
  keepAlive: true,
});

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens the database, runs pending migrations and returns a handle (DESIGN §2). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    // Migrations may take longer than any request should: they run on a connection without the timeouts.
    const migrations = new pg.Pool({ connectionString: options.url, max: 1 });
    try {
      await migratePostgres(drizzlePostgres(migrations, { casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await migrations.end();
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      ...postgresTimeouts(options.statementTimeoutMs ?? STATEMENT_TIMEOUT_MS),
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
    // replaces it on the next query.
    pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
    // A connection that fails while checked out reports through its own client, not the pool.
    pool.on('connect', (client) =>
      client.on('error', (error) => console.error('PostgreSQL connection lost:', error.message)),
    );
    const db = drizzlePostgres(pool, { casing: 'snake_case' });
    // Drizzle takes a pooled connection for a transaction and gives it back only once BEGIN succeeded: a
    // connection lost at that moment (a restart) stays checked out, and enough of them starve the pool.
    // Here the connection is taken and given back around drizzle's own transaction on it.
    db.transaction = (async (run: never, config: never) => {
      const client = await pool.connect();
      try {
        return await drizzlePostgres(client, { casing: 'snake_case' }).transaction(run, config);
      } finally {
        client.release();
      }
    }) as typeof db.transaction;
    return {
      ...handle(db as unknown as Database, 'postgres', () => pool.end()),
      pool,
      listen: (channel, onNotify) => listenPostgres(options.url, channel, onNotify),
    };
  }
  const unlock = options.kind === 'pglite' ? lockDataDir(options.dataDir) : () => {};
  try {
    const client = await PGlite.create(options.kind === 'pglite' ? options.dataDir : undefined, {
      extensions: { pg_trgm },
      loadDataDir: options.kind === 'memory' ? options.template : undefined,
    });
    const db = drizzlePglite(client, { casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    return {
      ...handle(db as unknown as Database, 'pglite', async () => {
        await client.close();
        unlock();
      }),
      listen: async (channel, onNotify) => {
        const stop = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await stop();
        };
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/** LISTEN on a connection of its own (a pooled one would lose it), connecting again when it drops. */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => onNotify(message.payload ?? ''));
    next.on('error', () => {
      if (stopped) return;
      client = null;
      void next.end().catch(() => {});
      setTimeout(reconnect, 1000);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  const reconnect = () => {
    if (stopped) return;
    connect().then(
      () => onNotify(''),
      () => setTimeout(reconnect, 1000),
    );
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => {});
  };
}

function handle(
  db: Database,
  kind: DatabaseHandle['kind'],
  close: () => Promise<void>,
): Omit<DatabaseHandle, 'listen'> {
  return {
    db,
    kind,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close,
  };
}
