import { sql } from 'drizzle-orm';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';

/**
 * Upserts the wireless clients the heartbeats report, one row per client MAC in a cloud. A client seen on
 * another device than before leaves a history row of where it was (the 'mac' at its former site, and its
 * former IP address), so Search Everywhere can answer where a MAC was last seen (docs/decisions.md), and a stay
 * (wireless_client_stays: the device, site, SSID and band it left, and when it was there) for its page.
 */
export async function upsertClients(tx: Database, applied: readonly AppliedHeartbeat[]): Promise<void> {
  // One row per client: a client that roamed within the batch is where the latest heartbeat saw it.
  const latest = new Map<string, Record<string, unknown>>();
  for (const { agent, report, at } of applied) {
    if (agent.deviceId === null || !report.clients) continue;
    for (const client of report.clients) {
      const mac = client.mac.toLowerCase();
      latest.set(`${agent.cloudId} ${mac}`, {
        cloud_id: agent.cloudId,
        site_id: agent.siteId,
        device_id: agent.deviceId,
        mac,
        ip: client.ip ?? null,
        hostname: client.hostname ?? '',
        ssid: client.ssid,
        band: client.band,
        rssi: client.rssi,
        rx: client.rxBytes,
        tx: client.txBytes,
        at: at.toISOString(),
      });
    }
  }
  if (latest.size === 0) return;
  // Sorted, so concurrent batches lock client rows in the same order.
  const rows = [...latest.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
  await tx.execute(sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, site_id int, device_id int,
        mac text, ip text, hostname text, ssid text, band text, rssi int, rx bigint, tx bigint, at timestamptz)
    ),
    -- Only the clients that moved to another device or changed address: most heartbeats report the same
    -- clients where they were, and leave no history.
    before AS (
      SELECT c.id, c.cloud_id, c.site_id, c.device_id, c.mac, c.ip, c.ssid, c.band, c.first_seen_at,
        c.last_seen_at, v.device_id AS new_device_id, v.ip AS new_ip
      FROM wireless_clients c JOIN v ON c.cloud_id = v.cloud_id AND c.mac = v.mac
      WHERE c.device_id IS DISTINCT FROM v.device_id OR (v.ip IS NOT NULL AND c.ip IS DISTINCT FROM v.ip)
    ),
    stayed AS (
      INSERT INTO wireless_client_stays (cloud_id, client_id, site_id, device_id, ssid, band, first_seen_at,
        last_seen_at)
      SELECT b.cloud_id, b.id, b.site_id, b.device_id, b.ssid, b.band, b.first_seen_at, b.last_seen_at
      FROM before b
      WHERE b.device_id IS DISTINCT FROM b.new_device_id
    ),
    moved AS (
      INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
      SELECT b.cloud_id, b.site_id, 'client', b.id, f.field, f.value, b.first_seen_at, b.last_seen_at
      FROM before b
      CROSS JOIN LATERAL (VALUES
        ('mac', CASE WHEN b.device_id IS DISTINCT FROM b.new_device_id THEN b.mac END),
        ('ip', CASE WHEN b.new_ip IS NOT NULL AND b.ip IS DISTINCT FROM b.new_ip THEN b.ip END)
      ) AS f(field, value)
      WHERE f.value IS NOT NULL
    )
    INSERT INTO wireless_clients (cloud_id, site_id, device_id, mac, ip, hostname, ssid, band, rssi, rx_bytes,
      tx_bytes, first_seen_at, last_seen_at)
    SELECT cloud_id, site_id, device_id, mac, ip, hostname, ssid, band, rssi, rx, tx, at, at FROM v
    ON CONFLICT (cloud_id, mac) DO UPDATE SET
      site_id = excluded.site_id,
      device_id = excluded.device_id,
      ip = coalesce(excluded.ip, wireless_clients.ip),
      hostname = CASE WHEN excluded.hostname = '' THEN wireless_clients.hostname ELSE excluded.hostname END,
      ssid = excluded.ssid,
      band = excluded.band,
      rssi = excluded.rssi,
      rx_bytes = wireless_clients.rx_bytes + excluded.rx_bytes,
      tx_bytes = wireless_clients.tx_bytes + excluded.tx_bytes,
      last_seen_at = excluded.last_seen_at,
      first_seen_at = CASE WHEN wireless_clients.device_id IS DISTINCT FROM excluded.device_id
        THEN excluded.last_seen_at ELSE wireless_clients.first_seen_at END`);
}
