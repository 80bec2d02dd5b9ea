import { sql } from 'drizzle-orm';
import type { CreateTaskBody, RefusedTarget } from '../../../core/api/tasks.ts';
import type { ProductType, TaskType } from '../../../core/domain.ts';
import { firmwareCatalogue } from '../../../core/fleet/firmware.ts';
import { keepsFiles } from '../../../core/navigation/versions.ts';
import { can, canSeeSite, sitePermissions } from '../../../core/policy.ts';
import { rolloutBatches } from '../../../core/task-machine.ts';
import { type RollingUpdateParams, runsOn, TASK_DEFINITIONS } from '../../../core/task-types.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Membership } from '../../auth/cloud-scope.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, jsonRows, queryRows } from '../../db/rows.ts';
import { errors, type ValidationIssue } from '../../errors.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { changeTask, startTask } from '../../fleet/task-schedule.ts';
import { bodyIssues } from '../../validation.ts';

type Candidate = {
  device_id: number | null;
  smart_nvr_id: number | null;
  name: string;
  site_id: number | null;
  product_type: ProductType;
  product_brand_id: number;
  mgmtd_version: string | null;
  unavailable: boolean;
};

/** Every device and recorder the request names, in the cloud and not deleted, in a stable order. */
async function candidates(db: Database, cloudId: number, body: CreateTaskBody): Promise<Candidate[]> {
  const {
    device_ids: deviceIds = [],
    snvr_device_ids: smartNvrIds = [],
    site_id: siteId,
    product_type: productType,
  } = body.targets;
  return queryRows<Candidate>(
    db,
    sql`
    SELECT d.id AS device_id, NULL::int AS smart_nvr_id, d.name, d.site_id, d.product_type,
      d.product_brand_id, d.mgmtd_version, d.blocked OR d.decomm AS unavailable
    FROM devices d
    WHERE d.cloud_id = ${cloudId} AND d.deleted_at IS NULL AND (
      d.id = ANY(${intArray(deviceIds)})
      ${siteId === undefined ? sql`` : sql`OR d.site_id = ${siteId}`}
      ${productType === undefined ? sql`` : sql`OR d.product_type = ${productType}`})
    UNION ALL
    SELECT NULL, n.id, n.name, NULL, 'smartnvr', n.product_brand_id, NULL, false
    FROM smart_nvrs n
    WHERE n.cloud_id = ${cloudId} AND n.deleted_at IS NULL AND n.id = ANY(${intArray(smartNvrIds)})
    ORDER BY site_id NULLS LAST, device_id, smart_nvr_id`,
  );
}

/** Whether the task names a firmware version the target's product has in its catalogue (or names none). */
function firmwareAvailable(params: Record<string, unknown>, target: Candidate): boolean {
  if (typeof params.version !== 'string') return true;
  return firmwareCatalogue(target.product_brand_id).some((release) => release.version === params.version);
}

/** Why the caller may not put this target in a task of this type; null when they may. */
function refusal(
  membership: Membership,
  type: TaskType,
  params: Record<string, unknown>,
  target: Candidate,
): RefusedTarget['reason'] | null {
  const definition = TASK_DEFINITIONS[type];
  if (target.smart_nvr_id !== null) {
    if (!can(membership, definition.smartNvrPermission)) return 'forbidden';
  } else if (target.site_id === null || !canSeeSite(membership, target.site_id)) {
    return 'not_found';
  } else if (!sitePermissions(membership, target.site_id).has(definition.permission)) {
    return 'forbidden';
  }
  if (!runsOn(type, target.product_type)) return 'unsupported';
  // Fetching one of its files needs a device that keeps files.
  if (params.file !== undefined && !keepsFiles(target.product_type, target.mgmtd_version))
    return 'unsupported';
  if (target.unavailable) return 'unavailable';
  // A managed device's firmware is the gateway's business: its version is not the gateway's own.
  if (type !== 'TASK_MANAGED_DEVICE_FW_UPDATE' && !firmwareAvailable(params, target)) return 'no_firmware';
  return null;
}

export type TaskPlan = {
  accepted: Candidate[];
  refused: RefusedTarget[];
  batches: {
    batch: number;
    targets: { device_id: number | null; snvr_device_id: number | null; name: string }[];
  }[];
};

/**
 * What a task would do: its parameters checked against its type's schema, each target checked on its own
 * (a caller who may act on 3 of 5 devices learns which 2 were refused and why), the batches of a rolling
 * update. Nothing acceptable at all is an error: 403 when permissions were what stood in the way.
 */
export async function planTask(
  db: Database,
  membership: Membership,
  body: CreateTaskBody,
): Promise<TaskPlan> {
  const definition = TASK_DEFINITIONS[body.type];
  if (body.type === 'TASK_CONFIG_CHANGE') {
    // Each device's command carries its own document (docs/configuration.md#applying).
    throw errors.validation([
      issue('/type', 'applied_from_config', "apply the site's or the device's configuration instead"),
    ]);
  }
  if (body.type === 'TASK_TUNNEL_OPEN') {
    // A tunnel belongs to its row and its grant (docs/remote-access.md).
    throw errors.validation([
      issue('/type', 'opened_from_remote_access', "open the device's remote web access instead"),
    ]);
  }
  const params = body.params ?? {};
  const issues = bodyIssues(definition.params, params, '/params');
  const {
    device_ids: deviceIds = [],
    snvr_device_ids: smartNvrIds = [],
    site_id: siteId,
    product_type: productType,
  } = body.targets;
  if (deviceIds.length + smartNvrIds.length === 0 && siteId === undefined && productType === undefined) {
    issues.push(issue('/targets', 'no_targets', 'name at least one device, smart NVR, site or family'));
  }
  if (siteId !== undefined && !canSeeSite(membership, siteId))
    throw errors.notFound('No such site in this cloud.');
  if (issues.length > 0) throw errors.validation(issues);

  const found = await candidates(db, membership.cloudId, body);
  const refused: RefusedTarget[] = [];
  const accepted: Candidate[] = [];
  const named = new Set(deviceIds);
  for (const target of found) {
    const reason = refusal(membership, body.type, params, target);
    // A device of a site the caller cannot see is only mentioned when they named it.
    if (reason === 'not_found' && !named.has(target.device_id ?? 0)) continue;
    if (reason) refused.push({ device_id: target.device_id, snvr_device_id: target.smart_nvr_id, reason });
    else accepted.push(target);
  }
  const seenDevices = new Set(found.map((t) => t.device_id));
  const seenRecorders = new Set(found.map((t) => t.smart_nvr_id));
  for (const id of deviceIds.filter((id) => !seenDevices.has(id))) {
    refused.push({ device_id: id, snvr_device_id: null, reason: 'not_found' });
  }
  for (const id of smartNvrIds.filter((id) => !seenRecorders.has(id))) {
    refused.push({ device_id: null, snvr_device_id: id, reason: 'not_found' });
  }
  if (accepted.length === 0) {
    if (refused.some((target) => target.reason === 'forbidden')) {
      throw errors.forbidden('You may not run this task on any of these devices.');
    }
    throw errors.validation(
      refused.length === 0
        ? [issue('/targets', 'no_targets', 'matches no device')]
        : refused.map((target) =>
            issue(
              '/targets',
              target.reason,
              `${target.device_id ? `device ${target.device_id}` : `smart NVR ${target.snvr_device_id}`}: ${target.reason}`,
            ),
          ),
    );
  }
  const groups =
    body.type === 'TASK_FW_ROLLING_UPDATE'
      ? rolloutBatches(accepted, params as RollingUpdateParams)
      : [accepted];
  return {
    accepted,
    refused,
    batches: groups.map((group, batch) => ({
      batch,
      targets: group.map((t) => ({ device_id: t.device_id, snvr_device_id: t.smart_nvr_id, name: t.name })),
    })),
  };
}

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

/** A task as it is written: its targets in batches, each target with what its command adds. */
export type NewTask = {
  cloudId: number;
  userId: number | null;
  type: TaskType;
  params: Record<string, unknown>;
  executeAt: Date;
  /** Goes batch by batch (core/task-machine.ts rolloutDecision), each target's batch given. */
  rolling: boolean;
  targets: {
    device_id: number | null;
    smart_nvr_id: number | null;
    site_id: number | null;
    batch: number | null;
    params?: Record<string, unknown>;
  }[];
};

/** Writes a task and its targets (TASK_PENDING) with its change log record, in the caller's transaction. */
export async function insertTask(tx: Database, actor: AuditActor, task: NewTask): Promise<number> {
  const sites = new Set(task.targets.map((t) => t.site_id));
  const [only] = task.targets;
  const single = task.targets.length === 1 ? only : undefined;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`
    INSERT INTO tasks (cloud_id, type_id, task_state, task_params, site_id, device_id, smart_nvr_id,
      created_by_user_id, rollout, execute_at)
    VALUES (${task.cloudId}, ${task.type}, 'TASK_PENDING', ${JSON.stringify(task.params)}::jsonb,
      ${sites.size === 1 ? (only?.site_id ?? null) : null}, ${single?.device_id ?? null}, ${single?.smart_nvr_id ?? null},
      ${task.userId}, ${task.rolling ? JSON.stringify({ paused: false, stoppedReason: null }) : null}::jsonb,
      ${task.executeAt.toISOString()})
    RETURNING id`,
  );
  const id = (row as { id: number }).id;
  const rows = task.targets.map((t) => ({
    d: t.device_id,
    n: t.smart_nvr_id,
    b: t.batch,
    p: t.params ?? null,
  }));
  await tx.execute(sql`
    INSERT INTO task_targets (task_id, device_id, smart_nvr_id, state, batch, params)
    SELECT ${id}, v.d, v.n, 'TASK_PENDING', v.b, v.p
    FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(d int, n int, b int, p jsonb)`);
  await audit(tx, actor, {
    cloudId: task.cloudId,
    action: 'created',
    objectType: 'task',
    objectId: id,
    objectName: task.type,
    after: { targets: rows.length, executeAt: task.executeAt.toISOString(), params: task.params },
  });
  return id;
}

/** Starts a task written by insertTask, now or (due later) when the task sweep reaches it. */
export function launchTask(db: Database, taskId: number, executeAt: Date, now = new Date()) {
  return executeAt.getTime() > now.getTime()
    ? changeTask(db, taskId, async () => false, now)
    : changeTask(db, taskId, (tx, task) => startTask(tx, task, now), now);
}

/**
 * Creates the task and its targets (TASK_PENDING) in one transaction. Due now, its devices are then
 * contacted before the answer (a rolling update's canary batch); scheduled, or when the process stops in
 * between, the task sweep starts it when its time comes.
 */
export async function createTask(
  db: Database,
  actor: AuditActor,
  membership: Membership,
  body: CreateTaskBody,
  plan: TaskPlan,
  now = new Date(),
): Promise<{ taskId: number; alerts: NewAlert[] }> {
  const executeAt =
    body.execute_at && Date.parse(body.execute_at) > now.getTime() ? new Date(body.execute_at) : now;
  const rolling = body.type === 'TASK_FW_ROLLING_UPDATE';
  const siteOf = new Map(plan.accepted.map((t) => [`${t.device_id}/${t.smart_nvr_id}`, t.site_id]));
  const taskId = await db.transaction((tx) =>
    insertTask(tx, actor, {
      cloudId: membership.cloudId,
      userId: membership.userId,
      type: body.type,
      params: body.params ?? {},
      executeAt,
      rolling,
      targets: plan.batches.flatMap(({ batch, targets }) =>
        targets.map((t) => ({
          device_id: t.device_id,
          smart_nvr_id: t.snvr_device_id,
          site_id: siteOf.get(`${t.device_id}/${t.snvr_device_id}`) ?? null,
          batch: rolling ? batch : null,
        })),
      ),
    }),
  );
  return { taskId, alerts: await launchTask(db, taskId, executeAt, now) };
}
