import { type SQL, sql } from 'drizzle-orm';
import type { BulkResult, DeviceSelection } from '../../../core/api/device-bulk.ts';
import type { CreateTaskBody } from '../../../core/api/tasks.ts';
import { canSeeSite, type DeviceAction, mayActOnDevice } from '../../../core/policy.ts';
import type { AuditActor, AuditEntry } from '../../audit/record.ts';
import { auditEach } from '../../audit/record.ts';
import type { Membership } from '../../auth/cloud-scope.ts';
import type { Database } from '../../db/connect.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { errors, HttpError, type ValidationIssue } from '../../errors.ts';
import type { NewAlert } from '../../fleet/new-alert.ts';
import { createTask, planTask } from '../tasks/create.ts';
import { deviceListWhere } from './list-repository.ts';

const VERBS: Record<DeviceAction, string> = {
  reboot: 'reboot',
  firmware: 'update the firmware of',
  move: 'move',
  decommission: 'decommission',
  delete: 'delete',
  export: 'export',
};

const issue = (path: string, errorCode: string, message: string): ValidationIssue => ({
  errorCode,
  location: 'body',
  path,
  message,
});

type Chosen = { id: number; name: string; site_id: number | null; live_site_id: number | null };

/**
 * The devices a selection names, as the device list shows them to the caller: the ids given (each must be
 * one the caller sees, else 404: docs/api.md#http-conventions), or every device the filter matches, resolved here so "all
 * that match" is one request whatever their number. Locked when `lock`, for a change in this transaction.
 */
async function choose(
  db: Database,
  membership: Membership,
  selection: DeviceSelection,
  lock: boolean,
): Promise<Chosen[]> {
  const { device_ids: deviceIds, filter } = selection;
  if ((deviceIds === undefined) === (filter === undefined)) {
    throw errors.validation([
      issue('/selection', 'one_selection', 'name either deviceIds or a filter, not both nor neither'),
    ]);
  }
  const base = { cloudId: membership.cloudId, access: membership };
  const where = deviceIds
    ? sql`${deviceListWhere({ ...base, search: '' })} AND devices.id = ANY(${intArray(deviceIds)})`
    : (deviceListWhere({ ...base, search: filter?.search?.trim() ?? '', filters: filter }) as SQL);
  const chosen = await queryRows<Chosen>(
    db,
    sql`
    SELECT devices.id, devices.name, devices.site_id, s.id AS live_site_id
    FROM devices
    LEFT JOIN sites s ON s.id = devices.site_id AND s.cloud_id = devices.cloud_id AND s.deleted_at IS NULL
    WHERE ${where}
    ORDER BY devices.id
    ${lock ? sql`FOR UPDATE OF devices` : sql``}`,
  );
  if (deviceIds && chosen.length < deviceIds.length) {
    const missing = deviceIds.length - chosen.length;
    throw errors.notFound(`${missing} of the ${deviceIds.length} devices do not exist in this cloud.`);
  }
  if (chosen.length === 0) {
    throw errors.validation([issue('/selection/filter', 'no_devices', 'No device matches the filter.')]);
  }
  return chosen;
}

/**
 * The whole request or nothing: every device must be one the caller may act on (docs/roles.md), and as many as
 * they confirmed.
 */
function authorize(
  membership: Membership,
  chosen: readonly Chosen[],
  action: DeviceAction,
  expectedCount: number | undefined,
) {
  const refused = chosen.filter((device) => !mayActOnDevice(membership, device.live_site_id, action)).length;
  if (refused > 0) {
    throw errors.forbidden(
      `You may not ${VERBS[action]} ${refused} of these ${chosen.length} devices. Nothing was done.`,
    );
  }
  if (expectedCount !== undefined && expectedCount !== chosen.length) {
    throw errors.conflict(
      `${chosen.length} devices match now, not the ${expectedCount} confirmed. Nothing was done.`,
    );
  }
}

export type BulkRequest = {
  selection: DeviceSelection;
  dry_run?: boolean;
  expected_count?: number;
};

/** Counts the devices and checks the caller may act on each, changing nothing. */
export async function previewBulk(
  db: Database,
  membership: Membership,
  action: DeviceAction,
  request: BulkRequest,
): Promise<BulkResult> {
  const chosen = await choose(db, membership, request.selection, false);
  authorize(membership, chosen, action, request.expected_count);
  return { count: chosen.length, task_id: null, skipped: 0 };
}

/**
 * Runs a task on the devices (the task engine of server/features/tasks); the devices its type does not run
 * on, or that cannot take it, are left out and counted as skipped.
 */
export async function bulkTask(
  db: Database,
  actor: AuditActor,
  membership: Membership,
  action: 'reboot' | 'firmware',
  request: BulkRequest,
  task: Pick<CreateTaskBody, 'type' | 'params'>,
): Promise<BulkResult & { alerts: NewAlert[] }> {
  const chosen = await choose(db, membership, request.selection, false);
  authorize(membership, chosen, action, request.expected_count);
  const body: CreateTaskBody = { ...task, targets: { device_ids: chosen.map((device) => device.id) } };
  let plan: Awaited<ReturnType<typeof planTask>>;
  try {
    plan = await planTask(db, membership, body);
  } catch (error) {
    // One issue for the whole selection, not one per device.
    if (
      error instanceof HttpError &&
      error.statusCode === 400 &&
      !error.extra.issues?.[0]?.path.startsWith('/params')
    ) {
      throw errors.validation([
        issue('/selection', 'no_targets', `None of these ${chosen.length} devices can run this task.`),
      ]);
    }
    throw error;
  }
  const { taskId, alerts } = await createTask(db, actor, membership, body, plan);
  return { count: chosen.length, task_id: taskId, skipped: plan.refused.length, alerts };
}

export type ConsoleChange =
  | { action: 'move'; siteId: number }
  | { action: 'decommission' }
  | { action: 'delete' };

/**
 * Moves, decommissions or deletes the devices in one transaction with a change log record for each device
 * it changes: every device or none.
 */
export async function bulkChange(
  db: Database,
  membership: Membership,
  actor: AuditActor,
  change: ConsoleChange,
  request: BulkRequest,
): Promise<BulkResult> {
  if (change.action === 'move') {
    const [site] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM sites WHERE id = ${change.siteId} AND cloud_id = ${membership.cloudId} AND deleted_at IS NULL`,
    );
    // A site the caller cannot see does not exist for them (docs/api.md#http-conventions).
    if (!site || !canSeeSite(membership, site.id)) throw errors.notFound('No such site in this cloud.');
    if (!mayActOnDevice(membership, site.id, 'move')) {
      throw errors.forbidden('You may not move devices to this site. Nothing was done.');
    }
  }
  return db.transaction(async (tx) => {
    const chosen = await choose(tx, membership, request.selection, true);
    authorize(membership, chosen, change.action, request.expected_count);
    if (request.dry_run) return { count: chosen.length, task_id: null, skipped: 0 };
    const ids = intArray(chosen.map((device) => device.id));
    const entries: AuditEntry[] = [];
    const record = (device: Chosen, entry: Pick<AuditEntry, 'action' | 'before' | 'after'>) =>
      entries.push({
        cloudId: membership.cloudId,
        objectType: 'device',
        objectId: device.id,
        objectName: device.name,
        ...entry,
      });
    if (change.action === 'move') {
      const moving = chosen.filter((device) => device.site_id !== change.siteId);
      await tx.execute(
        sql`UPDATE devices SET site_id = ${change.siteId}, updated_at = now() WHERE id = ANY(${intArray(moving.map((d) => d.id))})`,
      );
      for (const device of moving) {
        record(device, {
          action: 'changed',
          before: { site_id: device.site_id },
          after: { site_id: change.siteId },
        });
      }
    } else if (change.action === 'decommission') {
      await tx.execute(sql`UPDATE devices SET decomm = true, updated_at = now() WHERE id = ANY(${ids})`);
      for (const device of chosen) {
        record(device, { action: 'changed', before: { decomm: false }, after: { decomm: true } });
      }
    } else {
      await tx.execute(sql`UPDATE devices SET deleted_at = now(), updated_at = now() WHERE id = ANY(${ids})`);
      for (const device of chosen) {
        record(device, {
          action: 'deleted',
          before: { name: device.name, site_id: device.site_id },
          after: null,
        });
      }
    }
    await auditEach(tx, actor, entries);
    return { count: chosen.length, task_id: null, skipped: 0 };
  });
}
