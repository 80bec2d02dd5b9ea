// The device a statistics or ports call is about, with its agent and the last heartbeat it sent.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { devices, sites } from '../../db/schema/inventory.ts';

/** A live device of the cloud, on its live site (null without one), and its agent once adopted. */
export async function findMetricDevice(db: Database, cloudId: number, deviceId: number) {
  const [row] = await db
    .select({
      id: devices.id,
      siteId: sites.id,
      agentId: deviceAgents.id,
      lastHeartbeatAt: deviceAgents.lastHeartbeatAt,
    })
    .from(devices)
    .leftJoin(
      sites,
      and(eq(sites.id, devices.siteId), eq(sites.cloudId, devices.cloudId), isNull(sites.deletedAt)),
    )
    .leftJoin(deviceAgents, eq(deviceAgents.deviceId, devices.id))
    .where(and(eq(devices.id, deviceId), eq(devices.cloudId, cloudId), isNull(devices.deletedAt)));
  return row ?? null;
}

/** The ports of the agent's last heartbeat, as it sent them (validated by the agent API on the way in). */
export async function readPortTelemetry(db: Database, agentId: number): Promise<unknown> {
  const [row] = await queryRows<{ ports: unknown }>(
    db,
    sql`SELECT telemetry -> 'ports' AS ports FROM device_agents WHERE id = ${agentId}`,
  );
  return row?.ports ?? null;
}

/** Seconds between the agent's last two heartbeats, or null with fewer than two kept. */
export async function lastHeartbeatInterval(db: Database, agentId: number): Promise<number | null> {
  const rows = await queryRows<{ at: string }>(
    db,
    sql`SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM device_metrics
      WHERE agent_id = ${agentId} ORDER BY at DESC LIMIT 2`,
  );
  const [last, before] = rows;
  if (!last || !before) return null;
  return (Date.parse(last.at) - Date.parse(before.at)) / 1000;
}
