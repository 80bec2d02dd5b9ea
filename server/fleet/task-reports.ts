import { sql } from 'drizzle-orm';
import type { TaskState, TaskType } from '../../core/domain.ts';
import { newestFirmware } from '../../core/fleet/firmware.ts';
import type { TaskReport } from '../../core/fleet/protocol.ts';
import { productBrand } from '../../core/product-catalogue.ts';
import { nextTargetState, type TargetEvent } from '../../core/task-machine.ts';
import { TASK_DEFINITIONS } from '../../core/task-types.ts';
import type { Database } from '../db/connect.ts';
import { queryRows } from '../db/rows.ts';
import type { NewAlert } from '../features/push/notify-alert.ts';
import type { Agent } from './agents.ts';
import { applyAgentEvents } from './events.ts';
import { withChanges } from './task-commands.ts';
import { moveTargets } from './task-moves.ts';

const FIRMWARE_TASKS: ReadonlySet<TaskType> = new Set([
  'TASK_FW_UPDATE',
  'TASK_FW_AUTO_UPDATE',
  'TASK_FW_ROLLING_UPDATE',
]);
const CONFIG_TASKS: ReadonlySet<TaskType> = new Set(['TASK_CONFIG_CHANGE', 'TASK_RECEIVED_CONFIG']);
const EVENTS: Record<TaskReport['state'], TargetEvent> = {
  running: 'running',
  success: 'success',
  failed: 'fail',
};

type TargetRow = {
  id: number;
  task_id: number;
  state: TaskState;
  type_id: TaskType;
  task_params: Record<string, unknown>;
  config: Record<string, Record<string, unknown>>;
};

export type ReportOutcome = { state: TaskState; taskId: number; alerts: NewAlert[] };

/** The firmware a firmware task takes this device to. */
function wantedFirmware(type: TaskType, params: Record<string, unknown>, agent: Agent): string {
  if (type !== 'TASK_FW_AUTO_UPDATE') return String(params.version);
  return newestFirmware(productBrand(agent.productBrandId)?.productType ?? 'smartnvr');
}

/**
 * A device reports on one of its tasks: taken (running, with progress), done or failed. A report the state
 * machine does not allow (the task was canceled or timed out meanwhile, or is already finished) changes
 * nothing and the answer tells the device where the task stands. A firmware update counts as done only
 * when the device came back on the version it was sent; a configuration change it could not apply
 * raises DEV_CONFIG_FAILED. Returns null when the target is not this device's.
 */
export async function applyTaskReport(
  db: Database,
  agent: Agent,
  targetId: number,
  report: TaskReport,
  now = new Date(),
): Promise<ReportOutcome | null> {
  return db.transaction(async (tx) => {
    const [target] = await queryRows<TargetRow>(
      tx,
      sql`
      SELECT t.id, t.task_id, t.state, k.type_id, k.task_params, a.config
      FROM task_targets t JOIN tasks k ON k.id = t.task_id JOIN device_agents a ON a.id = ${agent.id}
      WHERE t.id = ${targetId}
        AND ${agent.deviceId === null ? sql`t.smart_nvr_id = ${agent.smartNvrId}` : sql`t.device_id = ${agent.deviceId}`}
      FOR UPDATE OF t, a`,
    );
    if (!target) return null;
    const type = target.type_id;
    let event = EVENTS[report.state];
    let error = report.error ?? null;
    const result = report.result ?? {};
    if (event === 'success' && FIRMWARE_TASKS.has(type)) {
      const wanted = wantedFirmware(type, target.task_params, agent);
      if (result.fw !== wanted) {
        event = 'fail';
        error = `Came back on ${result.fw ?? 'an unknown version'}, not ${wanted}.`;
      }
    }
    if (event === 'fail' && !error) error = 'The device reported a failure without a reason.';
    const next = nextTargetState(target.state, event);
    if (next === null) return { state: target.state, taskId: target.task_id, alerts: [] };
    await moveTargets(tx, sql`t.id = ${target.id}`, event, {
      now,
      error: event === 'running' ? undefined : error,
      runTimeoutS: TASK_DEFINITIONS[type].timeoutS,
    });
    const { file, ...kept } = result;
    const progress = event === 'success' ? 100 : report.progress;
    await tx.execute(sql`
      UPDATE task_targets SET progress = coalesce(${progress ?? null}::int, progress),
        result = CASE WHEN ${Object.keys(kept).length > 0} THEN ${JSON.stringify(kept)}::jsonb ELSE result END
      WHERE id = ${target.id}`);
    if (file && event === 'success') {
      const content = Buffer.from(file.base64, 'base64');
      await tx.execute(sql`
        INSERT INTO task_files (target_id, name, content_type, size, content)
        VALUES (${target.id}, ${file.name}, ${file.contentType}, ${content.length}, ${content})
        ON CONFLICT (target_id) DO NOTHING`);
    }
    let alerts: NewAlert[] = [];
    if (CONFIG_TASKS.has(type) && event === 'success') {
      const config =
        result.config ??
        withChanges(
          target.config,
          (target.task_params.changes ?? {}) as Record<string, Record<string, unknown>>,
        );
      await tx.execute(
        sql`UPDATE device_agents SET config = ${JSON.stringify(config)}::jsonb WHERE id = ${agent.id}`,
      );
    }
    if (type === 'TASK_CONFIG_CHANGE' && event === 'fail') {
      const failed = { type: 'config_failed' as const, at: now.toISOString(), data: { error: error ?? '' } };
      alerts = await applyAgentEvents(tx, agent, [failed], now);
    }
    return { state: next, taskId: target.task_id, alerts };
  });
}
