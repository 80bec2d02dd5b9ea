// @vitest-environment node
// Only on PostgreSQL (TEST_DATABASE_URL, vitest.config.ts): which connections the pool gives out again after a failed
// transaction. The pool has one connection, so the next query shows what became of it.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database.ts';
import { type DatabaseHandle, openDatabase } from './connect.ts';
import { queryRows } from './rows.ts';
import { startProxy } from './test-proxy.ts';

let direct: DatabaseHandle & { url?: string };
let database: DatabaseHandle;
/** Holds the lock on the probe row from another connection, as a long transaction would. */
let locker: pg.Client;
const STATEMENT_TIMEOUT_MS = 200;

beforeAll(async () => {
  direct = await openTestDatabase();
  if (!direct.url) throw new Error('needs PostgreSQL');
  await direct.db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, note text)`);
  database = await openDatabase({
    kind: 'postgres',
    url: direct.url,
    poolSize: 1,
    statementTimeoutMs: STATEMENT_TIMEOUT_MS,
  });
  locker = new pg.Client({ connectionString: direct.url });
  await locker.connect();
});
afterAll(async () => {
  await locker.end();
  await database.close();
  await direct.close();
});
beforeEach(async () => {
  await direct.db.execute(sql`TRUNCATE probe`);
  await direct.db.execute(sql`INSERT INTO probe VALUES (1, 'kept')`);
});

const backend = async (db = database.db) =>
  (await queryRows<{ pid: number }>(db, sql`SELECT pg_backend_pid() AS pid`))[0]?.pid;
const notes = async () =>
  (await queryRows<{ note: string }>(direct.db, sql`SELECT note FROM probe ORDER BY id`)).map((r) => r.note);

/** A transaction that waits, without a time limit of the server's, for the row the locker holds. */
const waitForLockedRow = (pids: number[] = []) =>
  database.db.transaction(async (tx) => {
    const pid = await backend(tx);
    if (pid) pids.push(pid);
    await tx.execute(sql`SET LOCAL lock_timeout = 0`);
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`UPDATE probe SET note = 'abandoned' WHERE id = 1`);
  });

describe('a pooled connection after a failed transaction', () => {
  it('is dropped when the client gave up waiting: the next query does not run inside the transaction left open', async () => {
    await locker.query('BEGIN');
    await locker.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    // The client's own clock gives up on the statement, then on the ROLLBACK queued behind it.
    await expect(waitForLockedRow()).rejects.toThrow();
    // The abandoned statement now goes through on the server.
    await locker.query('ROLLBACK');
    await database.db.execute(sql`INSERT INTO probe VALUES (2, 'acknowledged')`);
    // Committed, so another connection sees it, and the abandoned change is not applied with it.
    expect(await notes()).toEqual(['kept', 'acknowledged']);
  }, 20_000);

  it('is not given out again once the server ended it during a statement', async () => {
    await locker.query('BEGIN');
    await locker.query('SELECT * FROM probe WHERE id = 1 FOR UPDATE');
    const pids: number[] = [];
    // Expected to fail from the start: the transaction may fail before the terminating call answers.
    const failed = expect(waitForLockedRow(pids)).rejects.toThrow();
    // Once the statement waits for the lock, the server ends its connection (an administrator, a failover).
    for (;;) {
      const [waiting] = await queryRows<{ n: number }>(
        direct.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = ${pids[0] ?? 0} AND wait_event_type = 'Lock'`,
      );
      if (waiting?.n === 1) break;
    }
    await direct.db.execute(sql`SELECT pg_terminate_backend(${pids[0] ?? 0})`);
    await failed;
    await locker.query('ROLLBACK');
    const next = await backend();
    expect(next).toBeDefined();
    expect(next).not.toBe(pids[0]);
    expect(await notes()).toEqual(['kept']);
  });

  it('is dropped when the client gave up on its BEGIN, which may still reach the server', async () => {
    const url = new URL(direct.url as string);
    const proxy = startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${await proxy.listen(0)}`;
    const proxied = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 1,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    try {
      await proxied.ping();
      // The server stops answering: the BEGIN is held on its way and the client's clock gives up on it.
      proxy.freeze();
      await expect(proxied.db.transaction(async () => {})).rejects.toThrow();
      proxy.thaw();
      await proxied.db.execute(sql`INSERT INTO probe VALUES (2, 'acknowledged')`);
      expect(await notes()).toEqual(['kept', 'acknowledged']);
    } finally {
      await proxied.close();
      await proxy.down();
    }
  }, 20_000);

  it('is kept after an error the server answered, such as a statement timeout, once its ROLLBACK answered', async () => {
    const before = await backend();
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`UPDATE probe SET note = 'rolled back' WHERE id = 1`);
        await tx.execute(sql`SELECT pg_sleep(5)`);
      }),
    ).rejects.toThrow();
    expect(await backend()).toBe(before);
    await database.db.execute(sql`INSERT INTO probe VALUES (2, 'acknowledged')`);
    expect(await notes()).toEqual(['kept', 'acknowledged']);
  });
});
