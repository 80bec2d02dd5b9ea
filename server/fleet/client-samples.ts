// A wireless client's signal and traffic over time (the client page's charts): each client a device listed
// lately gets its hour's row in wireless_client_samples, rewritten at each sampling within the hour, so an
// hour holds its last reading. One statement over the clients table, not a write per heartbeat.
import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';

/** How often the clients are sampled, and how far back a sampling looks (twice that: a late run misses none). */
export const CLIENT_SAMPLE_EVERY_MS = 15 * 60_000;
/** Days of samples kept. */
export const CLIENT_SAMPLE_DAYS = 7;

const hourOf = (at: Date) =>
  sql`date_trunc('hour', ${at.toISOString()}::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;

export async function sampleClients(db: Database, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 2 * CLIENT_SAMPLE_EVERY_MS);
  await db.execute(sql`
    INSERT INTO wireless_client_samples (client_id, hour, rssi, rx_bytes, tx_bytes)
    SELECT id, ${hourOf(now)}, rssi, rx_bytes, tx_bytes FROM wireless_clients
    WHERE last_seen_at > ${since.toISOString()}::timestamptz
    ON CONFLICT (client_id, hour) DO UPDATE
      SET rssi = excluded.rssi, rx_bytes = excluded.rx_bytes, tx_bytes = excluded.tx_bytes`);
}

export async function dropExpiredClientSamples(db: Database, now: Date): Promise<void> {
  const before = new Date(now.getTime() - CLIENT_SAMPLE_DAYS * 86_400_000);
  await db.execute(
    sql`DELETE FROM wireless_client_samples WHERE hour < ${before.toISOString()}::timestamptz`,
  );
}
