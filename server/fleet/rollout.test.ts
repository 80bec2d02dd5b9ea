// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type TestApp } from '../test/app.ts';
import { sweepTasks } from './task-schedule.ts';
import { commandsOf, createTaskCloud, postTask, report, startTask, taskDetail } from './test-tasks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const NEW = '7.3.0-4105';
const rollout = (deviceIds: number[], failureThresholdPct: number) => ({
  type: 'TASK_FW_ROLLING_UPDATE' as const,
  targets: { device_ids: deviceIds },
  params: { version: NEW, canarySize: 1, batchSize: 2, failureThresholdPct },
});

type Device = { id: number; credential: string };

/** Every device with a command answers it: success on the new version, or a failed boot for `failing`. */
async function answerAll(devices: readonly Device[], failing: ReadonlySet<number> = new Set()) {
  let answered = 0;
  for (const device of devices) {
    for (const command of await commandsOf(t, device.credential)) {
      answered += 1;
      await report(t, device.credential, command.id, { state: 'running' });
      await report(
        t,
        device.credential,
        command.id,
        failing.has(device.id)
          ? { state: 'failed', error: 'Boot failed; back on 7.2.0-3988', result: { fw: '7.2.0-3988' } }
          : { state: 'success', result: { fw: NEW } },
      );
    }
  }
  await t.app.fleet.tasks.flush();
  return answered;
}

describe('a rolling firmware update', () => {
  it('lists its batches in a dry run and creates nothing', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 5);
    const response = await postTask(t, session, cloud.id, {
      ...rollout(
        devices.map((d) => d.id),
        50,
      ),
      dry_run: true,
    });
    expect(response.statusCode).toBe(200);
    expect(
      response
        .json()
        .batches.map((b: { targets: { device_id: number }[] }) => b.targets.map((d) => d.device_id)),
    ).toEqual([[devices[0]?.id], [devices[1]?.id, devices[2]?.id], [devices[3]?.id, devices[4]?.id]]);
    expect(await answerAll(devices)).toBe(0);
  });

  it('goes batch by batch, each after the one before came back on the new version', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 5);
    const taskId = await startTask(
      t,
      session,
      cloud.id,
      rollout(
        devices.map((d) => d.id),
        0,
      ),
    );
    const states = async () =>
      (await taskDetail(t, session, cloud.id, taskId)).targets.items.map((x) => x.state);
    expect(await states()).toEqual([
      'TASK_WAIT_ACK',
      'TASK_STANDBY',
      'TASK_STANDBY',
      'TASK_STANDBY',
      'TASK_STANDBY',
    ]);
    // The sweep starts nothing while the canary is out.
    await sweepTasks(t.database.db);
    expect(await answerAll(devices.slice(1))).toBe(0);
    expect(await answerAll(devices)).toBe(1);
    await sweepTasks(t.database.db);
    expect(await states()).toEqual([
      'TASK_SUCCESS',
      'TASK_WAIT_ACK',
      'TASK_WAIT_ACK',
      'TASK_STANDBY',
      'TASK_STANDBY',
    ]);
    expect(await answerAll(devices)).toBe(2);
    await sweepTasks(t.database.db);
    expect(await answerAll(devices)).toBe(2);
    await sweepTasks(t.database.db);
    const detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_SUCCESS');
    expect(detail.targets.items.map((x) => x.batch)).toEqual([0, 1, 1, 2, 2]);
  });

  it('stops when failures pass the threshold and cancels the devices not touched, with the reason', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 7);
    const taskId = await startTask(
      t,
      session,
      cloud.id,
      rollout(
        devices.map((d) => d.id),
        30,
      ),
    );
    await answerAll(devices);
    await sweepTasks(t.database.db);
    // One of the batch of two fails: 1 of 3 touched is 33 %, over 30 %.
    await answerAll(devices, new Set([devices[2]?.id ?? 0]));
    await sweepTasks(t.database.db);
    const detail = await taskDetail(t, session, cloud.id, taskId);
    const reason = 'Rollout stopped: 1 of 3 devices failed (threshold 30%).';
    expect(detail.task.rollout).toEqual({ paused: false, stopped_reason: reason });
    expect(detail.targets.items.map((x) => x.state)).toEqual([
      'TASK_SUCCESS',
      'TASK_SUCCESS',
      'TASK_FAIL',
      'TASK_CANCELED',
      'TASK_CANCELED',
      'TASK_CANCELED',
      'TASK_CANCELED',
    ]);
    expect(detail.targets.items[3]?.error).toBe(reason);
    expect(detail.task.task_state).toBe('TASK_FAIL');
  });

  it('paused, lets the batch out finish and starts no other until resumed', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 3);
    const taskId = await startTask(
      t,
      session,
      cloud.id,
      rollout(
        devices.map((d) => d.id),
        0,
      ),
    );
    const action = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/${name}`,
        headers: as(session),
      });
    expect((await action('pause')).statusCode).toBe(200);
    expect(await answerAll(devices)).toBe(1);
    await sweepTasks(t.database.db);
    expect(await answerAll(devices)).toBe(0);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.rollout?.paused).toBe(true);
    expect((await action('resume')).statusCode).toBe(200);
    expect(await answerAll(devices)).toBe(2);
    await sweepTasks(t.database.db);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_SUCCESS');
  });

  it('only a rollout pauses: another task answers 409', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [devices[0]?.id ?? 0] },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/pause`,
      headers: as(session),
    });
    expect(response.statusCode).toBe(409);
  });
});
