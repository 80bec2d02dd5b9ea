// The hourly samples of the wireless clients (server/fleet/client-samples.ts) on the bench cloud's 200,000
// clients, all seen in the last minutes (the worst case: every client is sampled): the time of a sampling
// that writes each client's hour, of one that rewrites them, and of the scan of the clients table alone as
// its floor; and the bytes a sample takes. Runs in a transaction that is rolled back, so the bench cloud is
// left as it was. Run `npm run bench -- seed-large client-samples`.
//   BENCH_DATABASE_URL   PostgreSQL database with the bench cloud; else data/bench (PGlite)
import { sql } from 'drizzle-orm';
import { queryRows } from '../server/db/rows.ts';
import { sampleClients } from '../server/fleet/client-samples.ts';
import { openBenchDatabase } from './seed-large.ts';

class RolledBack extends Error {}

export async function runClientSamples(): Promise<void> {
  const database = await openBenchDatabase(15 * 60_000);
  const timed = async (label: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  };
  try {
    await database.db.transaction(async (tx) => {
      const [clients] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM wireless_clients`,
      );
      await tx.execute(
        sql`UPDATE wireless_clients SET last_seen_at = now() - (id % 600) * interval '1 second'`,
      );
      await tx.execute(sql`ANALYZE wireless_clients`);
      // Truncated in the transaction, the samples start from empty files, so their size is theirs alone.
      await tx.execute(sql`TRUNCATE wireless_client_samples`);
      console.log(`${database.kind}: ${clients?.n ?? 0} clients, all seen in the last 10 minutes`);
      const since = new Date(Date.now() - 30 * 60_000).toISOString();
      await timed('floor: the scan of the clients seen lately', () =>
        tx.execute(sql`SELECT count(rssi) FROM wireless_clients WHERE last_seen_at > ${since}::timestamptz`),
      );
      const size = async (when: string) => {
        const [row] = await queryRows<{ bytes: number; rows: number }>(
          tx,
          sql`SELECT pg_total_relation_size('wireless_client_samples')::float8 AS bytes,
            (SELECT count(*) FROM wireless_client_samples)::float8 AS rows`,
        );
        const perRow = (row?.bytes ?? 0) / Math.max(1, row?.rows ?? 1);
        console.log(
          `  ${when}: ${perRow.toFixed(0)} bytes a sample with its indexes; 7 days of a client seen every ` +
            `hour: ${((perRow * 168) / 1000).toFixed(1)} kB`,
        );
      };
      await timed('sampling into a new hour (a row per client)', () => sampleClients(tx, new Date()));
      await size('written once');
      await timed('a second sampling within the hour, as after a restart (each row rewritten)', () =>
        sampleClients(tx, new Date()),
      );
      await size('rewritten, its dead rows not yet vacuumed');
      throw new RolledBack();
    });
  } catch (error) {
    if (!(error instanceof RolledBack)) throw error;
  } finally {
    await database.close();
  }
}
