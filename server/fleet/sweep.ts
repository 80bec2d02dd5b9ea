import { sql } from 'drizzle-orm';
import type { StatusId } from '../../core/domain.ts';
import type { AgentState } from '../../core/fleet/agent-state.ts';
import { unreachableAlertData } from '../../core/fleet/alert-rules.ts';
import { deviceHealth } from '../../core/fleet/health.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';
import { liveDevice, publishLive } from '../events/publish.ts';
import type { NewAlert } from './new-alert.ts';
import { ALERT_RETURNING } from './new-alert.ts';
import { alertEvent } from './store-outcomes.ts';

type Swept = {
  id: number;
  cloud_id: number;
  device_id: number | null;
  smart_nvr_id: number | null;
  site_id: number | null;
  state: AgentState;
  blocked: boolean;
  decomm: boolean;
  last_heartbeat_at: string | null;
};

/** Agents one transaction of the sweep moves: a mass outage is many short transactions (docs/architecture.md). */
export const SWEEP_CHUNK = 1000;

/**
 * Moves up to `limit` agents whose deadline passed to a later status, in the order of the deadline index,
 * so a chunk reads only the agents it moves however many are due. Agents another transaction holds (a
 * heartbeat being written, another process's sweep) are skipped, not waited for.
 */
async function transition(tx: Database, to: StatusId, now: Date, limit: number): Promise<Swept[]> {
  const due =
    to === 'STATUS_OFFLINE'
      ? sql`status_id <> 'STATUS_OFFLINE' AND offline_after < ${now.toISOString()} ORDER BY offline_after`
      : sql`status_id = 'STATUS_ONLINE' AND skip_after < ${now.toISOString()} ORDER BY skip_after`;
  return queryRows<Swept>(
    tx,
    sql`
    UPDATE device_agents a SET status_id = ${to}, version = a.version + 1
    WHERE a.id IN (SELECT id FROM device_agents WHERE ${due} LIMIT ${limit} FOR UPDATE SKIP LOCKED)
    RETURNING a.id, a.cloud_id, a.device_id, a.smart_nvr_id, a.state, a.last_heartbeat_at,
      (SELECT d.site_id FROM devices d WHERE d.id = a.device_id) AS site_id,
      coalesce((SELECT d.blocked FROM devices d WHERE d.id = a.device_id), false) AS blocked,
      coalesce((SELECT d.decomm FROM devices d WHERE d.id = a.device_id), false) AS decomm`,
  );
}

async function storeStatus(tx: Database, swept: readonly Swept[], statusId: StatusId) {
  const rows = swept.map((agent) => ({
    cloud_id: agent.cloud_id,
    site_id: agent.site_id,
    device_id: agent.device_id,
    nvr_id: agent.smart_nvr_id,
    health: deviceHealth({
      blocked: agent.blocked,
      decomm: agent.decomm,
      statusId,
      reported: agent.last_heartbeat_at !== null,
      conditions: agent.state.conditions,
      strained: agent.state.strained,
    }),
  }));
  const columns = sql`v(device_id int, nvr_id int, health text)`;
  await tx.execute(sql`
    UPDATE devices d SET status_id = ${statusId}, health_id = v.health, updated_at = now()
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS ${columns} WHERE d.id = v.device_id`);
  await tx.execute(sql`
    UPDATE smart_nvrs n SET status_id = ${statusId}, health_id = v.health
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS ${columns} WHERE n.id = v.nvr_id`);
  await publishLive(
    tx,
    rows.map((row) =>
      liveDevice({
        cloud_id: row.cloud_id,
        site_id: row.site_id,
        device_id: row.device_id,
        snvr_device_id: row.nvr_id,
        status_id: statusId,
        health_id: row.health,
      }),
    ),
  );
}

/** Raises DEV_UNREACHABLE for agents the sweep took offline; answers the alerts it created. */
async function raiseUnreachable(tx: Database, offline: readonly Swept[], now: Date): Promise<NewAlert[]> {
  const rows = offline.map((agent) => ({
    cloud_id: agent.cloud_id,
    site_id: agent.site_id,
    device_id: agent.device_id,
    nvr_id: agent.smart_nvr_id,
    data1: unreachableAlertData(
      agent.last_heartbeat_at === null ? null : new Date(agent.last_heartbeat_at),
      now,
    )[0],
  }));
  const raised = await queryRows<NewAlert>(
    tx,
    sql`
    INSERT INTO alerts (cloud_id, site_id, device_id, smart_nvr_id, alert_type, alert_key, alert_data1,
      health_id, problem_at)
    SELECT v.cloud_id, v.site_id, v.device_id, v.nvr_id, 'DEV_UNREACHABLE', '', v.data1, 'HEALTH_CRITICAL',
      ${now.toISOString()}
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, site_id int, device_id int, nvr_id int,
      data1 text)
    ON CONFLICT DO NOTHING
    RETURNING ${ALERT_RETURNING}`,
  );
  await publishLive(
    tx,
    raised.map((alert) => alertEvent(alert, 'raised')),
  );
  return raised;
}

export type SweepOptions = {
  /** Agents moved in one transaction. */
  chunk?: number;
  /** Chunks written at the same time (PostgreSQL takes several; PGlite is one connection). */
  concurrency?: number;
  /** Hears the alerts of each chunk once it committed. */
  onAlerts?: (alerts: NewAlert[]) => void;
};

/**
 * The status sweep: a device that missed a heartbeat is STATUS_SKIPPED_HB, one that missed
 * MISSED_HEARTBEAT_LIMIT is STATUS_OFFLINE and raises DEV_UNREACHABLE (core/fleet/status.ts). It works in
 * chunks of SWEEP_CHUNK agents, each its own transaction with its device rows, alerts and live events, so
 * the devices of a mass outage are moved in short transactions that heartbeats of returning devices pass
 * between, and a chunk that fails leaves the ones before it done. Returns the alerts it raised.
 */
export async function sweepStatuses(
  db: Database,
  now = new Date(),
  options: SweepOptions = {},
): Promise<NewAlert[]> {
  const chunk = options.chunk ?? SWEEP_CHUNK;
  const raised: NewAlert[] = [];
  // Moves chunks until one comes back short: the rest are done, or held by another writer.
  async function worker(to: StatusId) {
    for (;;) {
      const { moved, alerts } = await db.transaction(async (tx) => {
        const swept = await transition(tx, to, now, chunk);
        if (swept.length === 0) return { moved: 0, alerts: [] };
        await storeStatus(tx, swept, to);
        return {
          moved: swept.length,
          alerts: to === 'STATUS_OFFLINE' ? await raiseUnreachable(tx, swept, now) : [],
        };
      });
      if (alerts.length > 0) {
        options.onAlerts?.(alerts);
        for (const alert of alerts) raised.push(alert);
      }
      if (moved < chunk) return;
    }
  }
  for (const to of ['STATUS_OFFLINE', 'STATUS_SKIPPED_HB'] as const) {
    // Workers take disjoint chunks (SKIP LOCKED), each agent with its own device row and alert. A failed
    // worker's error is thrown once the others are done, so no chunk outlives the run.
    const workers = Array.from({ length: options.concurrency ?? 1 }, () => worker(to));
    for (const settled of await Promise.allSettled(workers)) {
      if (settled.status === 'rejected') throw settled.reason;
    }
  }
  return raised;
}
