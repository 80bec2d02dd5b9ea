import { sql } from 'drizzle-orm';
import { linkReportsOf, linkStates } from '../../core/topology.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';
import { type LiveEvent, liveLinks } from '../events/publish.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';

/**
 * Keeps the links each device's latest heartbeat reports (docs/topology.md#link-reports), in the caller's
 * transaction: a device's row is written only when what it reports of links changed, and answers the live
 * events of the devices whose links changed state (one appeared, went, went up or down, or changed
 * speed), so an open topology is drawn again within the live-event delay.
 */
export async function storeDeviceLinks(
  tx: Database,
  applied: readonly AppliedHeartbeat[],
): Promise<LiveEvent[]> {
  const rows = applied
    .filter(({ agent }) => agent.deviceId !== null)
    .map(({ agent, report }) => {
      const links = linkReportsOf(report);
      return { device_id: agent.deviceId as number, links, states: linkStates(links) };
    })
    // Sorted, so concurrent batches lock the rows in the same order.
    .sort((a, b) => a.device_id - b.device_id);
  if (rows.length === 0) return [];
  // `before` sees the rows as they were when the statement began; a device that never reported a link
  // has no row, and gets none while it reports none.
  const changed = await queryRows<{ device_id: number }>(
    tx,
    sql`
    WITH v AS (
      SELECT * FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(device_id int, links jsonb, states text)
    ),
    before AS (
      SELECT l.device_id, l.states FROM device_links l JOIN v ON v.device_id = l.device_id
    ),
    written AS (
      INSERT INTO device_links (device_id, links, states)
      SELECT v.device_id, v.links, v.states FROM v LEFT JOIN device_links l ON l.device_id = v.device_id
      WHERE l.links IS DISTINCT FROM v.links AND (l.device_id IS NOT NULL OR v.states <> '')
      ORDER BY v.device_id
      ON CONFLICT (device_id) DO UPDATE SET links = excluded.links, states = excluded.states
      RETURNING device_id, states
    )
    SELECT w.device_id FROM written w LEFT JOIN before b ON b.device_id = w.device_id
    WHERE b.states IS DISTINCT FROM w.states`,
  );
  const byDevice = new Map(applied.map(({ agent }) => [agent.deviceId, agent]));
  return changed.flatMap(({ device_id: deviceId }) => {
    const agent = byDevice.get(deviceId);
    return agent?.siteId == null
      ? []
      : [liveLinks({ cloud_id: agent.cloudId, site_id: agent.siteId, device_id: deviceId })];
  });
}
