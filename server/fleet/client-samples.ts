// A wireless client's signal and traffic over time (the client page's charts): once an hour, each client a
// device listed since the sampling before gets its hour's row in wireless_client_samples, with its signal
// and byte totals then. One statement over the clients table, not a write per heartbeat.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';

/** How often the clients are sampled. */
export const CLIENT_SAMPLE_EVERY_MS = 60 * 60_000;
/** A sampling looks this much further back than the one before, so a late run misses no client. */
const SAMPLE_OVERLAP_MS = 5 * 60_000;
/** Days of samples kept. */
export const CLIENT_SAMPLE_DAYS = 7;

const hourOf = (at: Date) =>
  sql`date_trunc('hour', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

export async function sampleClients(db: Database, now: Date): Promise<void> {
  const since = new Date(now.getTime() - CLIENT_SAMPLE_EVERY_MS - SAMPLE_OVERLAP_MS);
  await db.execute(sql`
    INSERT INTO wireless_client_samples (client_id, hour, rssi, rx_bytes, tx_bytes)
    SELECT id, ${hourOf(now)}, rssi, rx_bytes, tx_bytes FROM wireless_clients
    WHERE last_seen_at > ${since.toISOString()}::timestamptz
    -- A second sampling within the hour (after a restart) keeps the later reading.
    ON CONFLICT (client_id, hour) DO UPDATE
      SET rssi = excluded.rssi, rx_bytes = excluded.rx_bytes, tx_bytes = excluded.tx_bytes`);
}

export async function dropExpiredClientSamples(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - CLIENT_SAMPLE_DAYS * 86_400_000);
  await db.execute(
    sql`DELETE FROM wireless_client_samples WHERE hour < ${before.toISOString()}::timestamptz`,
  );
}
