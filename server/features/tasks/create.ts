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
  const sites = new Set(plan.accepted.map((t) => t.site_id));
  const [only] = plan.accepted;
  const single = plan.accepted.length === 1 ? only : undefined;
  const rolling = body.type === 'TASK_FW_ROLLING_UPDATE';
  const taskId = await db.transaction(async (tx) => {
    const [task] = await queryRows<{ id: number }>(
      tx,
      sql`
      INSERT INTO tasks (cloud_id, type_id, task_state, task_params, site_id, device_id, smart_nvr_id,
        created_by_user_id, rollout, execute_at)
      VALUES (${membership.cloudId}, ${body.type}, 'TASK_PENDING', ${JSON.stringify(body.params ?? {})}::jsonb,
        ${sites.size === 1 ? (only?.site_id ?? null) : null}, ${single?.device_id ?? null}, ${single?.smart_nvr_id ?? null},
        ${membership.userId}, ${rolling ? JSON.stringify({ paused: false, stoppedReason: null }) : null}::jsonb,
        ${executeAt.toISOString()})
      RETURNING id`,
    );
    const id = (task as { id: number }).id;
    const rows = plan.batches.flatMap(({ batch, targets }) =>
      targets.map((t) => ({ d: t.device_id, n: t.snvr_device_id, b: rolling ? batch : null })),
    );
    await tx.execute(sql`
      INSERT INTO task_targets (task_id, device_id, smart_nvr_id, state, batch)
      SELECT ${id}, v.d, v.n, 'TASK_PENDING', v.b FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(d int, n int, b int)`);
    await audit(tx, actor, {
      cloudId: membership.cloudId,
      action: 'created',
      objectType: 'task',
      objectId: id,
      objectName: body.type,
      after: { targets: rows.length, executeAt: executeAt.toISOString(), params: body.params ?? {} },
    });
    return id;
  });
  const alerts =
    executeAt.getTime() > now.getTime()
      ? await changeTask(db, taskId, async () => false, now)
      : await changeTask(db, taskId, (tx, task) => startTask(tx, task, now), now);
  return { taskId, alerts };
}
