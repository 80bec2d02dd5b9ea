// @vitest-environment node
// The task engine's work after a device's report: a failure is logged with its cause, never dropped.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { sweepTasks } from './task-schedule.ts';
import { commandsOf, createTaskCloud, report, startTask, taskDetail } from './test-tasks.ts';

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: { level: 'info', stream: { write: (line) => lines.push(line) } } });
  await t.app.ready();
});
afterAll(() => t.close());

const logged = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('bringing a task up to date after its reports', () => {
  it('logs a failure with its cause and the tasks it left, which the task sweep then brings up to date', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
    });
    const [command] = await commandsOf(t, device.credential);
    const db = t.database.db;
    // From here on the task row refuses every change, as a database failing at that moment would.
    await db.execute(sql`CREATE FUNCTION refuse_task_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'the tasks table refuses changes'; END $$`);
    await db.execute(sql`CREATE TRIGGER refuse_task_change BEFORE UPDATE ON tasks
      FOR EACH ROW EXECUTE FUNCTION refuse_task_change()`);

    const answer = await report(t, device.credential, command?.id ?? 0, { state: 'success' });
    expect(answer.json()).toEqual({ state: 'TASK_SUCCESS' });
    await t.app.fleet.tasks.flush();

    const failure = logged().find(
      (line) => line.msg === 'bringing tasks up to date after their reports failed',
    );
    expect(failure).toMatchObject({ level: 50, taskIds: [taskId] });
    expect(JSON.stringify(failure?.err)).toContain('the tasks table refuses changes');

    await db.execute(sql`DROP TRIGGER refuse_task_change ON tasks`);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).not.toBe('TASK_SUCCESS');
    await sweepTasks(db);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_SUCCESS');
  });
});
