import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { DrizzleQueryError, sql } from 'drizzle-orm';
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
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      statementTimeoutMs?: number;
      /** How often a LISTEN connection must answer (LISTEN_CHECK_MS); tests make it short. */
      listenCheckMs?: number;
    }
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

/** Opens the database, runs pending migrations and returns a handle (docs/architecture.md#stack). */
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
      let result: unknown;
      try {
        result = await drizzlePostgres(client, { casing: 'snake_case' }).transaction(run, config);
      } catch (error) {
        client.release(unusableAfterFailure(client, error) ? asError(error) : undefined);
        throw error;
      }
      client.release();
      return result;
    }) as typeof db.transaction;
    return {
      ...handle(db as unknown as Database, 'postgres', () => pool.end()),
      pool,
      listen: (channel, onNotify) =>
        listenPostgres(options.url, channel, onNotify, options.listenCheckMs ?? LISTEN_CHECK_MS),
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

/**
 * Whether a connection must be dropped rather than given back to the pool after its transaction failed
 * (docs/security.md, when the database fails). An error the server answered (a statement or lock timeout, a
 * constraint) leaves the connection idle once drizzle's ROLLBACK has answered, and it is kept. Anything
 * else leaves it in a state nobody knows: a client-side timeout gives up waiting while the statement may
 * still run, and the ROLLBACK queued behind it may never be sent, so the next user would work inside the
 * open transaction; a lost or terminated connection answers nothing. Those are destroyed. (A statement
 * outside a transaction goes through pg's pool.query, which drops the connection after any error.)
 */
function unusableAfterFailure(client: pg.PoolClient, error: unknown): boolean {
  if (client.getTransactionStatus() !== 'I') return true;
  // Idle, yet a statement the server never answered (a BEGIN given up on) may still be on its way.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof DrizzleQueryError) return !(cause.cause instanceof pg.DatabaseError);
  }
  return false;
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * A LISTEN connection answers a query this often, within LISTEN_ANSWER_MS, or it is replaced: TCP
 * keepalive alone notices a peer gone without a word only after minutes, and meanwhile no notification
 * would arrive (docs/architecture.md, live events).
 */
export const LISTEN_CHECK_MS = 15_000;
const LISTEN_ANSWER_MS = 5_000;
/** How long after a loss (or a failed attempt) a LISTEN connection is opened again. */
const LISTEN_RETRY_MS = 1_000;
/** How long a closing connection may take to say goodbye before its socket is dropped. */
const CLOSE_GRACE_MS = 1_000;
/** Names LISTEN connections in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'console-listen';

/** Ends a client politely, or drops its socket when the other side does not answer in time. */
async function closeClient(client: pg.Client): Promise<void> {
  const force = setTimeout(() => client.connection.stream.destroy(), CLOSE_GRACE_MS);
  try {
    await client.end();
  } finally {
    clearTimeout(force);
  }
}

/**
 * LISTEN on a connection of its own (a pooled one would lose it). A connection that reports an error or
 * does not answer its periodic check is replaced; onNotify('') then tells the listener to catch up, since
 * notifications sent meanwhile are gone. A connection that finishes opening after stop() is closed.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  checkMs: number,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | null = null;
  let opening: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;

  const open = async () => {
    const client = new pg.Client({
      connectionString: url,
      application_name: LISTEN_APPLICATION_NAME,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 5_000,
      query_timeout: Math.min(LISTEN_ANSWER_MS, checkMs),
    });
    client.on('notification', (message) => onNotify(message.payload ?? ''));
    client.on('error', (error) => lose(client, error));
    opening = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await closeClient(client);
      throw error;
    } finally {
      opening = null;
    }
    if (stopped) await closeClient(client);
    else current = client;
  };

  const reopen = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      open().then(
        () => {
          if (current) onNotify('');
        },
        (error: Error) => {
          if (stopped) return;
          console.error('PostgreSQL LISTEN connection not reopened, trying again:', error.message);
          reopen();
        },
      );
    }, LISTEN_RETRY_MS);
  };

  /** Drops a connection that failed (once: later errors of an old connection change nothing). */
  function lose(client: pg.Client, error: Error) {
    if (client !== current) return;
    current = null;
    if (stopped) return;
    console.error('PostgreSQL LISTEN connection lost, opening another:', error.message);
    void closeClient(client);
    reopen();
  }

  const checker = setInterval(() => {
    const client = current;
    if (client) client.query('SELECT 1').catch((error: Error) => lose(client, error));
  }, checkMs);
  checker.unref();
  try {
    await open();
  } catch (error) {
    clearInterval(checker);
    throw error;
  }
  return async () => {
    stopped = true;
    clearInterval(checker);
    if (retry) clearTimeout(retry);
    const open = [current, opening].filter((client) => client !== null);
    current = null;
    await Promise.all(open.map(closeClient));
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
