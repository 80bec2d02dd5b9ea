// The device a statistics, ports or files call is about, with its agent and the last heartbeat it sent.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ProductType, TaskState } from '../../../core/domain.ts';
import type { Database } from '../../db/connect.ts';
import { queryRows } from '../../db/rows.ts';
import { deviceAgents } from '../../db/schema/fleet.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';

/** A live device of the cloud, on its live site (null without one), and its agent once adopted. */
export async function findMetricDevice(db: Database, cloudId: number, deviceId: number) {
  const [row] = await db
    .select({
      id: devices.id,
      siteId: sites.id,
      productType: sql<ProductType>`${devices.productType}`,
      productBrandId: devices.productBrandId,
      mgmtdVersion: devices.mgmtdVersion,
      /** Blocked and decommissioned devices take no task. */
      takesTasks: sql<boolean>`NOT (${devices.blocked} OR ${devices.decomm})`,
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

/** A part of the agent's last heartbeat, as it sent it (validated by the agent API on the way in). */
export async function readTelemetry(
  db: Database,
  agentId: number,
  part: 'ports' | 'files',
): Promise<unknown> {
  const [row] = await queryRows<{ part: unknown }>(
    db,
    sql`SELECT telemetry -> ${part}::text AS part FROM device_agents WHERE id = ${agentId}`,
  );
  return row?.part ?? null;
}

export type FetchRow = {
  file: string;
  task_id: number;
  target_id: number;
  state: TaskState;
  error: string | null;
  finished_at: string | null;
  downloadable: boolean;
};

/** The latest fetch of each file of the device (TASK_REPORT tasks naming a file), by file name. */
export async function latestFileFetches(db: Database, deviceId: number): Promise<Map<string, FetchRow>> {
  const rows = await queryRows<FetchRow>(
    db,
    sql`
    SELECT DISTINCT ON (t.task_params ->> 'file') t.task_params ->> 'file' AS file, t.id AS task_id,
      tt.id AS target_id, tt.state, tt.error,
      to_char(tt.finished_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS finished_at,
      EXISTS (SELECT 1 FROM task_files f WHERE f.target_id = tt.id) AS downloadable
    FROM task_targets tt JOIN tasks t ON t.id = tt.task_id
    WHERE tt.device_id = ${deviceId} AND t.type_id = 'TASK_REPORT' AND t.task_params ? 'file'
    ORDER BY t.task_params ->> 'file', tt.id DESC`,
  );
  return new Map(rows.map((row) => [row.file, row]));
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

/** A live smart NVR of the cloud and its agent's id (null before it is adopted); null when there is none. */
export async function findSmartNvrAgent(db: Database, cloudId: number, smartNvrId: number) {
  const [row] = await db
    .select({ agentId: deviceAgents.id })
    .from(smartNvrs)
    .leftJoin(deviceAgents, eq(deviceAgents.smartNvrId, smartNvrs.id))
    .where(and(eq(smartNvrs.id, smartNvrId), eq(smartNvrs.cloudId, cloudId), isNull(smartNvrs.deletedAt)));
  return row ?? null;
}
