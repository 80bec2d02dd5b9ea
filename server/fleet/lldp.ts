import { sql } from 'drizzle-orm';
import { LINK_DROP_INTERVALS, normaliseMac } from '../../core/topology.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';
import type { AppliedHeartbeat } from './heartbeats.ts';

/**
 * Keeps the LLDP neighbours the heartbeats list (docs/topology.md#lldp): each listed one is marked seen
 * now, and a device's neighbours no heartbeat listed for LINK_DROP_INTERVALS intervals are forgotten, so
 * a link long gone is never drawn again.
 */
export async function storeLldp(
  tx: Database,
  applied: readonly AppliedHeartbeat[],
  intervalS: number,
): Promise<void> {
  const rows = new Map<string, Record<string, unknown>>();
  const deviceIds: number[] = [];
  for (const { agent, report, at } of applied) {
    if (agent.deviceId === null) continue;
    deviceIds.push(agent.deviceId);
    for (const neighbour of report.lldp ?? []) {
      const chassis = normaliseMac(neighbour.chassisId);
      rows.set(`${agent.deviceId} ${neighbour.localPort} ${chassis}`, {
        device_id: agent.deviceId,
        local_port: neighbour.localPort,
        chassis_id: chassis,
        port_id: neighbour.portId,
        system_name: neighbour.systemName ?? null,
        at: at.toISOString(),
      });
    }
  }
  if (deviceIds.length === 0) return;
  if (rows.size > 0) {
    // Sorted, so concurrent batches lock the rows in the same order.
    const sorted = [...rows.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    await tx.execute(sql`
      INSERT INTO lldp_neighbours (device_id, local_port, chassis_id, port_id, system_name, last_seen_at)
      SELECT v.device_id, v.local_port, v.chassis_id, v.port_id, v.system_name, v.at
      FROM jsonb_to_recordset(${jsonRows(sorted)}) AS v(device_id int, local_port text, chassis_id text,
        port_id text, system_name text, at timestamptz)
      ON CONFLICT (device_id, local_port, chassis_id) DO UPDATE SET port_id = excluded.port_id,
        system_name = excluded.system_name, last_seen_at = excluded.last_seen_at`);
  }
  const now = applied[0]?.at.getTime() ?? Date.now();
  const forgetBefore = new Date(now - LINK_DROP_INTERVALS * intervalS * 1000).toISOString();
  await tx.execute(sql`
    DELETE FROM lldp_neighbours
    WHERE device_id = ANY(${`{${deviceIds.join(',')}}`}::int[]) AND last_seen_at < ${forgetBefore}::timestamptz`);
}
