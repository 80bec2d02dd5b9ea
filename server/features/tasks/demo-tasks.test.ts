// @vitest-environment node
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATES } from '../../../core/domain.ts';
import { users } from '../../db/schema/accounts.ts';
import { taskTargets } from '../../db/schema/activity.ts';
import { clouds, membershipSites } from '../../db/schema/clouds.ts';
import { seedDemo } from '../../db/seed/demo.ts';
import { as, createTestApp, login, type TestApp, testSecrets } from '../../test/app.ts';

let t: TestApp;
let demoCloudId: number;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, testSecrets);
  const [demo] = await t.database.db
    .select({ id: clouds.id })
    .from(clouds)
    .where(eq(clouds.name, 'Demo Networks'));
  if (!demo) throw new Error('Demo Networks not seeded');
  demoCloudId = demo.id;
});
afterAll(() => t.close());

type Task = { id: number; task_state: string; site_id: number | null; stateCounts: Record<string, number> };

async function recentTasks(email: string): Promise<Task[]> {
  const session = await login(t.app, email, 'demo-console');
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${demoCloudId}/recent-tasks`,
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json().tasks;
}

describe('recent tasks of the demo data', () => {
  it('gives each task counts that sum to its targets, state by state', async () => {
    const tasks = await recentTasks('owner@demo.example');
    expect(tasks).toHaveLength(20);
    const rows = await t.database.db
      .select({ taskId: taskTargets.taskId, state: taskTargets.state, n: sql<number>`count(*)::int` })
      .from(taskTargets)
      .where(
        inArray(
          taskTargets.taskId,
          tasks.map((task) => task.id),
        ),
      )
      .groupBy(taskTargets.taskId, taskTargets.state);
    for (const task of tasks) {
      const expected = Object.fromEntries(TASK_STATES.map((state) => [state, 0]));
      for (const row of rows.filter((r) => r.taskId === task.id)) expected[row.state] = row.n;
      expect(task.stateCounts).toEqual(expected);
    }
    const running = tasks.filter((task) => task.task_state === 'TASK_RUNNING');
    expect(running.length).toBeGreaterThan(0);
    for (const task of running)
      expect(Object.values(task.stateCounts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
  });

  it('shows the demo Site User only tasks of their two sites', async () => {
    const [siteUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'siteuser@demo.example'));
    const assigned = await t.database.db
      .select({ siteId: membershipSites.siteId })
      .from(membershipSites)
      .where(and(eq(membershipSites.userId, siteUser?.id ?? 0), eq(membershipSites.cloudId, demoCloudId)));
    const allowed = new Set(assigned.map((row) => row.siteId));
    const tasks = await recentTasks('siteuser@demo.example');
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(allowed.has(task.site_id ?? -1)).toBe(true);
  });
});
