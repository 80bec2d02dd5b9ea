import { and, count, desc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Task } from '../../../core/api/tasks.ts';
import { ACTIVE_TASK_STATES, FINISHED_TASK_STATES } from '../../../core/domain.ts';
import { emptyStateCounts } from '../../../core/tasks.ts';
import type { Database } from '../../db/connect.ts';
import { tasks, taskTargets } from '../../db/schema/activity.ts';
import { memberships } from '../../db/schema/clouds.ts';
import { devices, sites, smartNvrs } from '../../db/schema/inventory.ts';

/** Whose tasks: the cloud, the sites the caller may see (null = all) and when they last viewed tasks. */
export type TaskScope = { cloudId: number; siteIds: number[] | null; viewedAt: Date | null };

/** The cloud's tasks the caller may see; a Site User sees the tasks of their sites only. */
function visible(scope: TaskScope): SQL {
  const inCloud = eq(tasks.cloudId, scope.cloudId);
  if (!scope.siteIds) return inCloud;
  return and(inCloud, scope.siteIds.length > 0 ? inArray(tasks.siteId, scope.siteIds) : sql`false`) as SQL;
}

/** SPEC §7 recent tasks by execute_at, newest first (tasks_cloud_execute_idx), with their target counts. */
export async function listRecentTasks(db: Database, scope: TaskScope, limit: number): Promise<Task[]> {
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
    })
    .from(tasks)
    .leftJoin(sites, eq(sites.id, tasks.siteId))
    .leftJoin(devices, eq(devices.id, tasks.deviceId))
    .leftJoin(smartNvrs, eq(smartNvrs.id, tasks.smartNvrId))
    .where(visible(scope))
    .orderBy(desc(tasks.executeAt), desc(tasks.id))
    .limit(limit);
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
 * SPEC §7 task counts: finished tasks completed after the caller last viewed the tracker
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

/** DESIGN §5: the tasks viewed-at time is the caller's own, per cloud. */
export async function markTasksViewed(db: Database, userId: number, cloudId: number): Promise<void> {
  await db
    .update(memberships)
    // Whole milliseconds, so the time read back into a JS date is exactly the stored one.
    .set({ tasksViewedAt: sql`date_trunc('milliseconds', now())` })
    .where(and(eq(memberships.userId, userId), eq(memberships.cloudId, cloudId)));
}
