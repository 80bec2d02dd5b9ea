// @vitest-environment node
// When tasks run: scheduled ones, cancelled ones, devices that never answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.ts';
import { sweepTasks } from './task-schedule.ts';
import { alertsOfType, commandsOf, createTaskCloud, report, startTask, taskDetail } from './test-tasks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

describe('scheduling, cancelling and timeouts', () => {
  it('keeps a scheduled task PENDING until its time, then the sweep contacts its devices', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const at = new Date(Date.now() + HOUR_MS);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
      execute_at: at.toISOString(),
    });
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_PENDING');
    await sweepTasks(t.database.db, new Date());
    expect(await commandsOf(t, device.credential)).toEqual([]);
    await sweepTasks(t.database.db, new Date(at.getTime() + 1000));
    expect(await commandsOf(t, device.credential)).toEqual([expect.objectContaining({ taskId })]);
  });

  it('cancels what has not started; a running device finishes its part', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 2);
    const [first, second] = devices;
    if (!first || !second) throw new Error('no devices');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [first.id, second.id] },
    });
    const [command] = await commandsOf(t, first.credential);
    const [contacted] = await commandsOf(t, second.credential);
    if (!command || !contacted) throw new Error('no command');
    await report(t, first.credential, command.id, { state: 'running' });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/cancel`,
      headers: as(session),
    });
    expect(cancel.statusCode).toBe(200);
    let detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.targets.items.map((target) => target.state)).toEqual(['TASK_RUNNING', 'TASK_CANCELED']);
    // The canceled device, contacted before, learns it when it takes the task.
    expect((await report(t, second.credential, contacted.id, { state: 'running' })).json()).toEqual({
      state: 'TASK_CANCELED',
    });
    expect(await commandsOf(t, second.credential)).toEqual([]);
    await report(t, first.credential, command.id, { state: 'success' });
    detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_CANCELED');
  });

  it('times out a device that never answers and raises TASK_FAILED once', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [devices[0]?.id ?? 0] },
    });
    const later = new Date(Date.now() + 2 * HOUR_MS);
    await sweepTasks(t.database.db, later);
    await sweepTasks(t.database.db, new Date(later.getTime() + 1000));
    const detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_TIMEOUT');
    expect(detail.targets.items[0]).toMatchObject({
      state: 'TASK_TIMEOUT',
      error: 'The device did not take the task in time.',
    });
    expect(await alertsOfType(t, cloud.id, 'TASK_FAILED')).toEqual([
      expect.objectContaining({
        alert_data1: String(taskId),
        alert_data2: 'TASK_REBOOT',
        // Failed of all targets, which the alert's text words (core/alerts/alert-params.ts).
        alert_data3: '1/1',
      }),
    ]);
  });
});
