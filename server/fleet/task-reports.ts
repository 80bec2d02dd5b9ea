import { sql } from 'drizzle-orm';
import { maskSecrets } from '../../core/config/secrets.ts';
import type { Json } from '../../core/config/tree.ts';
import type { TaskState, TaskType } from '../../core/domain.ts';
import { newestFirmware } from '../../core/fleet/firmware.ts';
import { RESULT_INLINE_LIMIT, resultTextBytes, type TaskReport } from '../../core/fleet/protocol.ts';
import { productBrand } from '../../core/product-catalogue.ts';
import { nextTargetState, type TargetEvent } from '../../core/task-machine.ts';
import { TASK_DEFINITIONS } from '../../core/task-types.ts';
import type { Database } from '../db/connect.ts';
import { intArray, jsonRows, queryRows } from '../db/rows.ts';
import { nameDriftedKeys } from '../features/config/drift.ts';
import type { SecretBox } from '../features/config/seal.ts';
import { queueWebhookEvents } from '../features/webhooks/queue.ts';
import { type Agent, authenticate, loadAgents } from './agents.ts';
import { createBatchQueue, type ItemOutcome } from './batch-queue.ts';
import { storeDiscoveredCameras } from './cameras.ts';
import type { Credential } from './credentials.ts';
import { applyAgentEvents } from './events.ts';
import type { NewAlert } from './new-alert.ts';
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
  device_id: number | null;
  smart_nvr_id: number | null;
  type_id: TaskType;
  task_params: Record<string, unknown>;
};

/** A device's report on one of its task targets. */
export type ReportItem = { agent: Agent; targetId: number; report: TaskReport };

/** Where the target stands after the report; null when the target is not the reporting device's. */
export type ReportOutcome = { state: TaskState; taskId: number } | null;

/** The firmware a firmware task takes this device to. */
function wantedFirmware(type: TaskType, params: Record<string, unknown>, agent: Agent): string {
  if (type !== 'TASK_FW_AUTO_UPDATE') return String(params.version);
  return newestFirmware(productBrand(agent.productBrandId)?.productType ?? 'smartnvr');
}

/** What a report does to its target: the event of the state machine, and the error it ends with. */
function decide(item: ReportItem, target: TargetRow): { event: TargetEvent; error: string | null } {
  const result = item.report.result ?? {};
  let event = EVENTS[item.report.state];
  let error = item.report.error ?? null;
  if (event === 'success' && FIRMWARE_TASKS.has(target.type_id)) {
    const wanted = wantedFirmware(target.type_id, target.task_params, item.agent);
    if (result.fw !== wanted) {
      event = 'fail';
      error = `Came back on ${result.fw ?? 'an unknown version'}, not ${wanted}.`;
    }
  }
  if (event === 'fail' && !error) error = 'The device reported a failure without a reason.';
  return { event, error };
}

/**
 * Devices report on their tasks: taken (running, with progress), done or failed. The reports of a batch are
 * applied in one transaction, the targets locked in id order, and several reports on one target in the
 * order they came. A report the state machine does not allow (the task was canceled or timed out
 * meanwhile, or is already finished) changes nothing and its answer says where the task stands. A firmware
 * update counts as done only when the device came back on the version it was sent; a configuration
 * change it could not apply raises DEV_CONFIG_FAILED. Returns each report's outcome and the alerts raised.
 */
export async function applyTaskReports(
  db: Database,
  secrets: SecretBox,
  items: readonly ReportItem[],
  now = new Date(),
): Promise<{ outcomes: ReportOutcome[]; alerts: NewAlert[] }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows<TargetRow>(
      tx,
      sql`
      SELECT t.id, t.task_id, t.state, t.device_id, t.smart_nvr_id, k.type_id, k.task_params
      FROM task_targets t JOIN tasks k ON k.id = t.task_id
      WHERE t.id = ANY(${intArray(items.map((item) => item.targetId))})
      ORDER BY t.id FOR UPDATE OF t`,
    );
    const targets = new Map(rows.map((row) => [row.id, row]));
    const outcomes: ReportOutcome[] = items.map(() => null);
    const alerts: NewAlert[] = [];
    // Round n applies each target's n-th report of the batch, grouped by what they do.
    let pending = items.map((item, index) => ({ item, index }));
    while (pending.length > 0) {
      const seen = new Set<number>();
      const round = pending.filter(({ item }) => !seen.has(item.targetId) && seen.add(item.targetId));
      pending = pending.filter((entry) => !round.includes(entry));
      const groups = new Map<
        string,
        { event: TargetEvent; error: string | null; timeoutS: number; ids: number[] }
      >();
      const applied: {
        index: number;
        item: ReportItem;
        target: TargetRow;
        next: TaskState;
        event: TargetEvent;
      }[] = [];
      for (const { item, index } of round) {
        const target = targets.get(item.targetId);
        const owned =
          target &&
          (item.agent.deviceId === null
            ? target.smart_nvr_id === item.agent.smartNvrId
            : target.device_id === item.agent.deviceId);
        if (!target || !owned) continue;
        const { event, error } = decide(item, target);
        const next = nextTargetState(target.state, event);
        outcomes[index] = { state: next ?? target.state, taskId: target.task_id };
        if (next === null) continue;
        const timeoutS = TASK_DEFINITIONS[target.type_id].timeoutS;
        const key = `${event}|${event === 'running' ? timeoutS : ''}|${error ?? ''}`;
        const group = groups.get(key) ?? { event, error, timeoutS, ids: [] };
        group.ids.push(target.id);
        groups.set(key, group);
        applied.push({ index, item, target, next, event });
        target.state = next;
      }
      for (const group of groups.values()) {
        await moveTargets(tx, sql`t.id = ANY(${intArray(group.ids)})`, group.event, {
          now,
          error: group.event === 'running' ? undefined : group.error,
          runTimeoutS: group.timeoutS,
        });
      }
      await keepResults(tx, applied);
      for (const { item, target, event } of applied) {
        await scanEffects(tx, item, target, event, now);
        for (const alert of await configEffects(tx, secrets, item, target, event, now)) alerts.push(alert);
      }
    }
    return { outcomes, alerts };
  });
}

/** A recorder's ONVIF scan that succeeded lists the cameras to adopt from (docs/cameras.md#discovered-cameras). */
async function scanEffects(
  tx: Database,
  item: ReportItem,
  target: TargetRow,
  event: TargetEvent,
  now: Date,
): Promise<void> {
  const cameras = item.report.result?.cameras;
  if (target.type_id !== 'TASK_ONVIF_SCAN_AND_COLLECT' || event !== 'success' || target.smart_nvr_id === null)
    return;
  await storeDiscoveredCameras(tx, {
    cloudId: item.agent.cloudId,
    smartNvrId: target.smart_nvr_id,
    taskId: target.task_id,
    at: now,
    cameras: cameras ?? [],
  });
}

/** A result kept as the target's file when it is too large to show in the task (docs/agent-protocol.md). */
const RESULT_FILE_NAME = 'result.json';

/**
 * Progress, what the device reported besides its state, and a result file. A result up to
 * RESULT_INLINE_LIMIT is kept in the target; a larger one becomes the target's file result.json, so a task's
 * detail never carries more than that per target. A file the device sent is kept once the task succeeded.
 */
async function keepResults(
  tx: Database,
  applied: readonly { item: ReportItem; target: TargetRow; event: TargetEvent }[],
) {
  if (applied.length === 0) return;
  const files: { id: number; name: string; contentType: string; content: Buffer }[] = [];
  const rows = applied.map(({ item, target, event }) => {
    const { file, ...kept } = item.report.result ?? {};
    // A configuration's secrets stay on the device's configuration page (docs/configuration.md#secrets).
    if (kept.config !== undefined) kept.config = maskSecrets(kept.config as Json) as typeof kept.config;
    const given = Object.keys(kept).length > 0;
    const inline = !given || resultTextBytes(kept) <= RESULT_INLINE_LIMIT;
    if (!inline) {
      files.push({
        id: target.id,
        name: RESULT_FILE_NAME,
        contentType: 'application/json',
        content: Buffer.from(JSON.stringify(kept)),
      });
    } else if (file && event === 'success') {
      files.push({
        id: target.id,
        name: file.name,
        contentType: file.contentType,
        content: Buffer.from(file.base64, 'base64'),
      });
    }
    return {
      id: target.id,
      progress: event === 'success' ? 100 : (item.report.progress ?? null),
      given,
      result: given && inline ? kept : null,
    };
  });
  await tx.execute(sql`
    UPDATE task_targets t SET progress = coalesce(v.progress, t.progress),
      result = CASE WHEN v.given THEN v.result ELSE t.result END
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(id int, progress int, given boolean, result jsonb)
    WHERE t.id = v.id`);
  for (const file of files) {
    await tx.execute(sql`
      INSERT INTO task_files (target_id, name, content_type, size, content)
      VALUES (${file.id}, ${file.name}, ${file.contentType}, ${file.content.length}, ${file.content})
      ON CONFLICT (target_id) DO UPDATE SET name = excluded.name, content_type = excluded.content_type,
        size = excluded.size, content = excluded.content, created_at = now()`);
  }
}

/**
 * The document a configuration task brings back is what the device runs (docs/configuration.md#drift): one
 * it applied settles any drift, one it was asked to send is compared with the console's on its page. One it
 * could not apply raises DEV_CONFIG_FAILED.
 */
async function configEffects(
  tx: Database,
  secrets: SecretBox,
  item: ReportItem,
  target: TargetRow,
  event: TargetEvent,
  now: Date,
): Promise<NewAlert[]> {
  if (!CONFIG_TASKS.has(target.type_id) || (event !== 'success' && event !== 'fail')) return [];
  const { agent } = item;
  if (event === 'success') {
    const config = item.report.result?.config;
    if (config === undefined || agent.deviceId === null) return [];
    const received = target.type_id === 'TASK_RECEIVED_CONFIG' ? now.toISOString() : null;
    // What a device whose configuration is suspended sends is not processed (docs/configuration.md#suspension).
    const [device] = await queryRows<{ suspend_config: boolean }>(
      tx,
      sql`SELECT suspend_config FROM devices WHERE id = ${agent.deviceId}`,
    );
    if (device?.suspend_config) return [];
    await tx.execute(sql`
      INSERT INTO device_configs (device_id, running, running_received_at)
      VALUES (${agent.deviceId}, ${JSON.stringify(secrets.seal(config as Json))}::jsonb, ${received}::timestamptz)
      ON CONFLICT (device_id) DO UPDATE SET running = excluded.running,
        running_received_at = excluded.running_received_at, updated_at = now()`);
    if (received) await nameDriftedKeys(tx, secrets, agent.cloudId, agent.deviceId);
    if (target.type_id === 'TASK_CONFIG_CHANGE')
      await queueWebhookEvents(
        tx,
        [
          {
            event: 'config.applied',
            cloudId: agent.cloudId,
            siteId: agent.siteId,
            data: { device_id: agent.deviceId, task_id: target.task_id },
          },
        ],
        now,
      );
    return [];
  }
  if (target.type_id !== 'TASK_CONFIG_CHANGE') return [];
  const error = item.report.error ?? 'The device could not apply the configuration.';
  return applyAgentEvents(
    tx,
    agent,
    [{ type: 'config_failed', at: now.toISOString(), data: { error } }],
    now,
  );
}

/** Most reports applied in one transaction. */
const REPORT_BATCH = 500;
/** Most bytes of reports in one batch: a few result files (docs/security.md, Sizes). */
const REPORT_BATCH_BYTES = 16 * 1024 * 1024;

type QueuedReport = { credential: Credential; targetId: number; report: TaskReport };

/**
 * Device reports queue while a batch is written (batch-queue.ts), and each answer waits for its batch's
 * commit; `applied` hears of each committed batch: its outcomes and the alerts it raised.
 */
export function createTaskReportWriter(
  db: Database,
  secrets: SecretBox,
  applied: (outcomes: readonly ReportOutcome[], alerts: NewAlert[]) => void,
  onTaken?: (waitedMs: number) => void,
) {
  return createBatchQueue<QueuedReport, ReportOutcome>({
    onTaken,
    maxItems: REPORT_BATCH,
    maxBytes: REPORT_BATCH_BYTES,
    weigh: ({ report }) => (report.result?.file?.base64.length ?? 0) + resultTextBytes(report.result),
    async write(items) {
      // One read of the reporting devices for the whole batch; a refused credential is refused alone.
      const agents = await loadAgents(
        db,
        items.map((item) => item.credential.agentId),
      );
      const outcomes: ItemOutcome<ReportOutcome>[] = [];
      const batch: (ReportItem & { index: number })[] = [];
      items.forEach((item, index) => {
        try {
          const agent = authenticate(agents.get(item.credential.agentId), item.credential);
          batch.push({ agent, targetId: item.targetId, report: item.report, index });
        } catch (error) {
          outcomes[index] = { error };
        }
      });
      const result = await applyTaskReports(db, secrets, batch);
      batch.forEach((item, n) => {
        outcomes[item.index] = { ok: result.outcomes[n] ?? null };
      });
      applied(result.outcomes, result.alerts);
      return outcomes;
    },
  });
}
