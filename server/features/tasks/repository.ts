import {
  and,
  count,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { statesOf, type TaskHistoryQuery } from '../../../core/api/activity.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import type { Task, TaskTarget } from '../../../core/api/tasks.ts';
import { toCsv } from '../../../core/csv.ts';
import {
  ACTIVE_TASK_STATES,
  FINISHED_TASK_STATES,
  TASK_STATES,
  type TaskState,
} from '../../../core/domain.ts';
import type { TargetPlace } from '../../../core/task-types.ts';
import { emptyStateCounts } from '../../../core/tasks.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { taskFiles, tasks, taskTargets } from '../../db/schema/activity.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';

/** Whose tasks: the cloud, the sites the caller may see (null = all) and when they last viewed tasks. */
export type TaskScope = { cloudId: number; siteIds: number[] | null; viewedAt: Date | null };

/** The cloud's tasks the caller may see; a Site User sees the tasks of their sites only. */
function visible(scope: TaskScope): SQL {
  // A tunnel's opening is the console's own step, kept in the change log and Tunnel Management
  // (docs/remote-access.md), not an operator's task.
  const inCloud = and(eq(tasks.cloudId, scope.cloudId), ne(tasks.typeId, 'TASK_TUNNEL_OPEN')) as SQL;
  if (!scope.siteIds) return inCloud;
  return and(inCloud, scope.siteIds.length > 0 ? inArray(tasks.siteId, scope.siteIds) : sql`false`) as SQL;
}

/** docs/api.md#the-calls recent tasks by execute_at, newest first (tasks_cloud_execute_idx), with their target counts. */
export const listRecentTasks = (db: Database, scope: TaskScope, limit: number) =>
  listTasks(db, scope, { limit, offset: 0 });

const targetedAt = (column: AnyPgColumn, id: number) =>
  exists(sql`(SELECT 1 FROM ${taskTargets} WHERE ${taskTargets.taskId} = ${tasks.id} AND ${column} = ${id})`);

/**
 * One page of the task history (the activity page), newest first, filtered, with the capped total;
 * `sitesIn` narrows it to those sites (an active site grouping's).
 */
export async function listTaskHistory(
  db: Database,
  scope: TaskScope,
  query: TaskHistoryQuery,
  sitesIn?: readonly number[],
): Promise<ListPage<Task>> {
  const states = statesOf(query.status);
  const only = and(
    query.id ? eq(tasks.id, query.id) : undefined,
    query.type ? eq(tasks.typeId, query.type) : undefined,
    states ? inArray(tasks.taskState, states) : undefined,
    query.from ? gte(tasks.executeAt, new Date(query.from)) : undefined,
    query.to ? lt(tasks.executeAt, new Date(query.to)) : undefined,
    query.site_id ? eq(tasks.siteId, query.site_id) : undefined,
    sitesIn ? (sitesIn.length > 0 ? inArray(tasks.siteId, [...sitesIn]) : sql`false`) : undefined,
    query.device_id ? targetedAt(taskTargets.deviceId, query.device_id) : undefined,
    query.snvr_device_id ? targetedAt(taskTargets.smartNvrId, query.snvr_device_id) : undefined,
  );
  const items = await listTasks(db, scope, query, only);
  return { items, ...(await countCapped(db, tasks, and(visible(scope), only), query)) };
}

type Rollout = { paused: boolean; stopped_reason: string | null } | null;

async function listTasks(
  db: Database,
  scope: TaskScope,
  page: { limit: number; offset: number },
  only?: SQL,
): Promise<(Task & { rollout: Rollout })[]> {
  const rows = await db
    .select({
      id: tasks.id,
      typeId: tasks.typeId,
      taskState: tasks.taskState,
      taskParams: tasks.taskParams,
      executeAt: tasks.executeAt,
      completedAt: tasks.completedAt,
      deviceId: tasks.deviceId,
      deviceName: devices.name,
      siteId: tasks.siteId,
      siteName: sites.name,
      smartNvrId: tasks.smartNvrId,
      smartNvrName: smartNvrs.name,
      rollout: tasks.rollout,
    })
    .from(tasks)
    .leftJoin(sites, eq(sites.id, tasks.siteId))
    .leftJoin(devices, eq(devices.id, tasks.deviceId))
    .leftJoin(smartNvrs, eq(smartNvrs.id, tasks.smartNvrId))
    .where(and(visible(scope), only))
    .orderBy(desc(tasks.executeAt), desc(tasks.id))
    .limit(page.limit)
    .offset(page.offset);
  const stateCounts = await countTargetStates(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    type_id: row.typeId,
    task_state: row.taskState,
    task_params: row.taskParams,
    execute_at: row.executeAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    device_id: row.deviceId,
    device_name: row.deviceName,
    site_id: row.siteId,
    site_name: row.siteName,
    snvr_device_id: row.smartNvrId,
    snvr_device_name: row.smartNvrName,
    stateCounts: stateCounts.get(row.id) ?? emptyStateCounts(),
    rollout: row.rollout && { paused: row.rollout.paused, stopped_reason: row.rollout.stoppedReason },
  }));
}

/** Targets per state of each task, in one grouped query (task_targets primary key). */
async function countTargetStates(db: Database, taskIds: number[]) {
  const result = new Map<number, ReturnType<typeof emptyStateCounts>>();
  if (taskIds.length === 0) return result;
  const rows = await db
    .select({ taskId: taskTargets.taskId, state: taskTargets.state, targets: count() })
    .from(taskTargets)
    .where(inArray(taskTargets.taskId, taskIds))
    .groupBy(taskTargets.taskId, taskTargets.state);
  for (const row of rows) {
    const counts = result.get(row.taskId) ?? emptyStateCounts();
    counts[row.state] = row.targets;
    result.set(row.taskId, counts);
  }
  return result;
}

/**
 * docs/api.md#the-calls task counts: finished tasks completed after the caller last viewed the tracker
 * (tasks_cloud_completed_idx), and in-progress tasks scheduled after it (tasks_cloud_execute_idx);
 * every one of them when the tracker was never viewed.
 */
export async function countNewTasks(db: Database, scope: TaskScope) {
  const { viewedAt } = scope;
  const finished = and(
    inArray(tasks.taskState, FINISHED_TASK_STATES),
    viewedAt ? gt(tasks.completedAt, viewedAt) : isNotNull(tasks.completedAt),
  ) as SQL;
  const running = and(
    inArray(tasks.taskState, ACTIVE_TASK_STATES),
    viewedAt ? gt(tasks.executeAt, viewedAt) : undefined,
  ) as SQL;
  // One pass over the visible tasks counts both.
  const [row] = await db
    .select({
      newCompleted: sql<number>`count(*) filter (where ${finished})`.mapWith(Number),
      newRunning: sql<number>`count(*) filter (where ${running})`.mapWith(Number),
    })
    .from(tasks)
    .where(and(visible(scope), or(finished, running)));
  return { newCompleted: row?.newCompleted ?? 0, newRunning: row?.newRunning ?? 0 };
}

/** docs/decisions.md: the tasks viewed-at time is the caller's own, per cloud. */
export async function markTasksViewed(db: Database, userId: number, cloudId: number): Promise<void> {
  await db
    .update(memberships)
    // Whole milliseconds, so the time read back into a JS date is exactly the stored one.
    .set({ tasksViewedAt: sql`date_trunc('milliseconds', now())` })
    .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
}

/** One task the caller may see, as the recent-tasks list shows it, with its rollout state; null when none. */
export async function findTask(db: Database, scope: TaskScope, taskId: number) {
  const [task] = await listTasks(db, scope, { limit: 1, offset: 0 }, eq(tasks.id, taskId));
  return task ?? null;
}

/** A target as stored: whether its file may be downloaded depends on who asks. */
type StoredTarget = Omit<TaskTarget, 'file'> & { file: { name: string; size: number } | null };

/** A page of a task's targets, by id, with the device's name and whether it left a file. */
export async function listTaskTargets(
  db: Database,
  taskId: number,
  page: { offset: number; limit: number; state?: TaskState },
): Promise<{ items: StoredTarget[]; total: number }> {
  const where = and(
    eq(taskTargets.taskId, taskId),
    page.state ? eq(taskTargets.state, page.state) : undefined,
  ) as SQL;
  const iso = (at: Date | null) => at?.toISOString() ?? null;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: taskTargets.id,
        deviceId: taskTargets.deviceId,
        smartNvrId: taskTargets.smartNvrId,
        name: sql<string>`coalesce(${devices.name}, ${smartNvrs.name}, '')`,
        siteId: devices.siteId,
        state: taskTargets.state,
        error: taskTargets.error,
        progress: taskTargets.progress,
        batch: taskTargets.batch,
        contactedAt: taskTargets.contactedAt,
        startedAt: taskTargets.startedAt,
        finishedAt: taskTargets.finishedAt,
        result: taskTargets.result,
        fileName: taskFiles.name,
        fileSize: taskFiles.size,
      })
      .from(taskTargets)
      .leftJoin(devices, eq(devices.id, taskTargets.deviceId))
      .leftJoin(smartNvrs, eq(smartNvrs.id, taskTargets.smartNvrId))
      .leftJoin(taskFiles, eq(taskFiles.targetId, taskTargets.id))
      .where(where)
      .orderBy(taskTargets.id)
      .offset(page.offset)
      .limit(page.limit),
    db.select({ total: count() }).from(taskTargets).where(where),
  ]);
  return {
    total: counted?.total ?? 0,
    items: rows.map((row) => ({
      id: row.id,
      device_id: row.deviceId,
      snvr_device_id: row.smartNvrId,
      name: row.name,
      site_id: row.siteId,
      state: row.state,
      error: row.error,
      progress: row.progress,
      batch: row.batch,
      contacted_at: iso(row.contactedAt),
      started_at: iso(row.startedAt),
      finished_at: iso(row.finishedAt),
      result: row.result,
      file: row.fileName === null ? null : { name: row.fileName, size: row.fileSize ?? 0 },
    })),
  };
}

/** The file a task's target left, when the target belongs to the task. */
export async function findTaskFile(db: Database, taskId: number, targetId: number) {
  const [file] = await db
    .select({
      name: taskFiles.name,
      contentType: taskFiles.contentType,
      content: taskFiles.content,
      siteId: devices.siteId,
      smartNvr: sql<boolean>`${taskTargets.smartNvrId} IS NOT NULL`,
    })
    .from(taskFiles)
    .innerJoin(taskTargets, eq(taskTargets.id, taskFiles.targetId))
    .leftJoin(devices, eq(devices.id, taskTargets.deviceId))
    .where(and(eq(taskFiles.targetId, targetId), eq(taskTargets.taskId, taskId)));
  return file ?? null;
}

/** Where a task's targets are: each site of its devices once, and whether it has recorders. */
export async function taskTargetPlaces(db: Database, taskId: number): Promise<TargetPlace[]> {
  return db
    .selectDistinct({
      siteId: devices.siteId,
      smartNvr: sql<boolean>`${taskTargets.smartNvrId} IS NOT NULL`,
    })
    .from(taskTargets)
    .leftJoin(devices, eq(devices.id, taskTargets.deviceId))
    .where(eq(taskTargets.taskId, taskId));
}

/** The history as a spreadsheet reads it: one task per line, with its targets per state. */
export function tasksCsv(items: Task[]): string {
  return toCsv(
    ['id', 'type', 'state', 'scheduled_at', 'completed_at', 'site', 'device', 'smart_nvr', ...TASK_STATES],
    items.map((task) => [
      task.id,
      task.type_id,
      task.task_state,
      task.execute_at,
      task.completed_at,
      task.site_name,
      task.device_name,
      task.snvr_device_name,
      ...TASK_STATES.map((state) => task.stateCounts[state]),
    ]),
  );
}
