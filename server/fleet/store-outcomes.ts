import { sql } from 'drizzle-orm';
import { ALERT_HEALTH, EVENT_ALERTS } from '../../core/fleet/alert-rules.ts';
import type { Outcome } from '../../core/fleet/rules.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows, queryRows } from '../db/rows.ts';
import { type LiveEvent, liveAlert, liveDevice, publishLive } from '../events/publish.ts';
import type { Agent } from './agents.ts';
import { ALERT_RETURNING, type NewAlert } from './new-alert.ts';

/** One applied message: the agent it came from, what the rules decided and when it arrived. */
export type Applied = { agent: Agent; outcome: Outcome; at: Date };

const iso = (at: Date) => at.toISOString();

/**
 * Stores what the rules decided for a batch of messages, in the caller's transaction: the device and
 * recorder rows that changed, new and ended alerts and the history of former addresses. Returns the
 * alerts it created, for push notifications once the transaction has committed.
 */
export async function storeOutcomes(tx: Database, applied: readonly Applied[]): Promise<NewAlert[]> {
  const changed = await updateTargets(tx, applied);
  const resolved = await resolveAlerts(tx, applied);
  await recordFormerValues(tx, applied);
  const raised = await raiseAlerts(tx, applied);
  await publishLive(tx, [
    ...changed,
    ...resolved.map((alert) => alertEvent(alert, 'resolved')),
    ...raised.map((alert) => alertEvent(alert, 'raised')),
  ]);
  return raised;
}

/** The live event of an alert raised or resolved. */
export const alertEvent = (alert: NewAlert, change: 'raised' | 'resolved') =>
  liveAlert({
    cloud_id: alert.cloudId,
    site_id: alert.siteId,
    alert_id: alert.id,
    alert_type: alert.alertType,
    health_id: ALERT_HEALTH[alert.alertType],
    device_id: alert.deviceId,
    snvr_device_id: alert.smartNvrId,
    change,
  });

/** The alert columns the push and the live event need (NewAlert). */
const ALERT_RETURNING_REST = sql`a.cloud_id AS "cloudId", a.site_id AS "siteId", a.device_id AS "deviceId",
  a.smart_nvr_id AS "smartNvrId", a.alert_type AS "alertType"`;
/**
 * Devices and recorders whose status, health or reported fields changed (most heartbeats change none);
 * answers the live events of those whose status or health changed.
 */
async function updateTargets(tx: Database, applied: readonly Applied[]): Promise<LiveEvent[]> {
  const seen = applied.filter(
    ({ agent, outcome }) => outcome.statusId !== agent.statusId || outcome.health !== agent.healthBefore,
  );
  const rows = applied
    .filter((one) => seen.includes(one) || Object.keys(one.outcome.changed).length > 0)
    .map(({ agent, outcome, at }) => ({
      device_id: agent.deviceId,
      nvr_id: agent.smartNvrId,
      status: outcome.statusId,
      health: outcome.health,
      fw: outcome.changed.fw ?? null,
      mgmtd: outcome.changed.mgmtdVersion ?? null,
      ip: outcome.changed.ip ?? null,
      hostname: outcome.changed.hostname ?? null,
      suspend:
        outcome.downgradedFrom &&
        `Firmware went back from ${outcome.downgradedFrom} to ${outcome.changed.fw}.`,
      at: iso(at),
    }));
  if (rows.length === 0) return [];
  const columns = sql`v(device_id int, nvr_id int, status text, health text, fw text, mgmtd text, ip text, hostname text, suspend text, at timestamptz)`;
  const devices = rows
    .filter((row) => row.device_id !== null)
    .sort((a, b) => Number(a.device_id) - Number(b.device_id));
  if (devices.length > 0) {
    await tx.execute(sql`
      UPDATE devices d SET status_id = v.status, health_id = v.health, fw = coalesce(v.fw, d.fw),
        mgmtd_version = coalesce(v.mgmtd, d.mgmtd_version), ip = coalesce(v.ip, d.ip),
        hostname = coalesce(v.hostname, d.hostname), suspend_config = d.suspend_config OR v.suspend IS NOT NULL,
        updated_at = v.at
      FROM jsonb_to_recordset(${jsonRows(devices)}) AS ${columns}
      WHERE d.id = v.device_id`);
    // docs/configuration.md#suspension: nothing is sent to a device downgraded until someone resumes it.
    const suspended = devices.filter((row) => row.suspend);
    if (suspended.length > 0) {
      await tx.execute(sql`
        INSERT INTO device_configs (device_id, suspend_reason)
        SELECT v.device_id, v.suspend FROM jsonb_to_recordset(${jsonRows(suspended)}) AS ${columns}
        ON CONFLICT (device_id) DO UPDATE SET suspend_reason = excluded.suspend_reason, updated_at = now()`);
    }
  }
  const recorders = rows.filter((row) => row.nvr_id !== null);
  if (recorders.length > 0) {
    await tx.execute(sql`
      UPDATE smart_nvrs n SET status_id = v.status, health_id = v.health, fw = coalesce(v.fw, n.fw),
        ip = coalesce(v.ip, n.ip)
      FROM jsonb_to_recordset(${jsonRows(recorders)}) AS ${columns}
      WHERE n.id = v.nvr_id`);
  }
  return seen.map(({ agent, outcome }) =>
    liveDevice({
      cloud_id: agent.cloudId,
      site_id: agent.siteId,
      device_id: agent.deviceId,
      snvr_device_id: agent.smartNvrId,
      status_id: outcome.statusId,
      health_id: outcome.health,
    }),
  );
}

async function resolveAlerts(tx: Database, applied: readonly Applied[]): Promise<NewAlert[]> {
  const resolved: NewAlert[] = [];
  const rows = applied.flatMap(({ agent, outcome, at }) =>
    outcome.resolve.map((alert) => ({
      id: agent.deviceId ?? agent.smartNvrId,
      recorder: agent.deviceId === null,
      type: alert.type,
      key: alert.key,
      at: iso(at),
    })),
  );
  // Devices and recorders apart, so each statement reads its own open-alert index. Each ended condition
  // looks up its open alert on its own (LIMIT keeps the planner from joining them in bulk): right after a
  // mass outage the statistics still say almost no alert is open, and a bulk join then read every open
  // alert for each batch of returning devices (bench/README.md, ingestion).
  for (const [recorder, column] of [
    [false, sql`o.device_id`],
    [true, sql`o.smart_nvr_id`],
  ] as const) {
    const ended = rows.filter((row) => row.recorder === recorder);
    if (ended.length === 0) continue;
    const ends = await queryRows<NewAlert>(
      tx,
      sql`
      UPDATE alerts a SET resolved_at = v.at
      FROM jsonb_to_recordset(${jsonRows(ended)}) AS v(id int, type text, key text, at timestamptz)
      CROSS JOIN LATERAL (
        SELECT o.id FROM alerts o
        WHERE ${column} = v.id AND o.alert_type = v.type AND o.alert_key = v.key AND o.resolved_at IS NULL
        LIMIT 1
      ) open
      WHERE a.id = open.id
      RETURNING a.id, ${ALERT_RETURNING_REST}`,
    );
    for (const alert of ends) resolved.push(alert);
  }
  return resolved;
}

async function raiseAlerts(tx: Database, applied: readonly Applied[]): Promise<NewAlert[]> {
  const rows = applied.flatMap(({ agent, outcome, at }) =>
    outcome.raise.map((alert) => ({
      cloud_id: agent.cloudId,
      site_id: agent.siteId,
      device_id: agent.deviceId,
      nvr_id: agent.smartNvrId,
      type: alert.type,
      key: alert.key,
      d1: alert.data[0],
      d2: alert.data[1],
      d3: alert.data[2],
      health: ALERT_HEALTH[alert.type],
      at: iso(at),
      resolved: EVENT_ALERTS.has(alert.type),
    })),
  );
  if (rows.length === 0) return [];
  // An open alert of the same condition already there (raised by another process) is kept as it is.
  return queryRows<NewAlert>(
    tx,
    sql`
    INSERT INTO alerts (cloud_id, site_id, device_id, smart_nvr_id, alert_type, alert_key, alert_data1,
      alert_data2, alert_data3, health_id, problem_at, resolved_at)
    SELECT v.cloud_id, v.site_id, v.device_id, v.nvr_id, v.type, v.key, v.d1, v.d2, v.d3, v.health, v.at,
      CASE WHEN v.resolved THEN v.at END
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, site_id int, device_id int, nvr_id int,
      type text, key text, d1 text, d2 text, d3 text, health text, at timestamptz, resolved boolean)
    ON CONFLICT DO NOTHING
    RETURNING ${ALERT_RETURNING}`,
  );
}

/** Former IP addresses and host names of devices, which Search Everywhere finds as historical results. */
async function recordFormerValues(tx: Database, applied: readonly Applied[]) {
  const rows = applied.flatMap(({ agent, outcome, at }) =>
    agent.deviceId === null
      ? []
      : outcome.formerly.map((former) => ({
          cloud_id: agent.cloudId,
          site_id: agent.siteId,
          device_id: agent.deviceId,
          field: former.field,
          value: former.value,
          at: iso(at),
        })),
  );
  if (rows.length === 0) return;
  await tx.execute(sql`
    INSERT INTO object_history (cloud_id, site_id, object_type, object_id, field, value, valid_from, valid_to)
    SELECT v.cloud_id, v.site_id, 'device', v.device_id, v.field, v.value,
      coalesce((SELECT max(h.valid_to) FROM object_history h
        WHERE h.object_type = 'device' AND h.object_id = v.device_id AND h.field = v.field), d.created_at), v.at
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(cloud_id int, site_id int, device_id int, field text, value text, at timestamptz)
    JOIN devices d ON d.id = v.device_id`);
}
