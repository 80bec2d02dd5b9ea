// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATES } from '../../../core/domain.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createTask, createTaskCloud, hoursFromNow } from './test-cloud.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const recentTasks = (cloudId: number, session: Session, query = '') =>
  t.app.inject({ method: 'GET', url: `/apiv2/cloud/${cloudId}/recent-tasks${query}`, headers: as(session) });
const ids = (body: { tasks: { id: number }[] }) => body.tasks.map((task) => task.id);
const zeroCounts = Object.fromEntries(TASK_STATES.map((state) => [state, 0]));

describe('GET /apiv2/cloud/:cloudId/recent-tasks', () => {
  it('returns the spec fields with a target count for every task state', async () => {
    const c = await createTaskCloud(t);
    const db = t.database.db;
    const [a, b, d, e] = c.northDevices.map((device) => device.id) as [number, number, number, number];
    const rollout = await createTask(
      db,
      {
        cloudId: c.cloud.id,
        typeId: 'TASK_FW_ROLLING_UPDATE',
        taskState: 'TASK_RUNNING',
        siteId: c.sites.north.id,
        executeAt: hoursFromNow(-1),
        taskParams: { firmware: { version: '6.2.0', channel: 'stable' }, batchSize: 2 },
      },
      [
        { deviceId: a, state: 'TASK_SUCCESS' },
        { deviceId: b, state: 'TASK_FAIL' },
        { deviceId: d, state: 'TASK_RUNNING' },
        { deviceId: e, state: 'TASK_RUNNING' },
      ],
    );
    const reboot = await createTask(
      db,
      {
        cloudId: c.cloud.id,
        taskState: 'TASK_SUCCESS',
        siteId: c.sites.south.id,
        deviceId: c.southSwitch.id,
        executeAt: hoursFromNow(-3),
        completedAt: hoursFromNow(-2.9),
      },
      [{ deviceId: c.southSwitch.id, state: 'TASK_SUCCESS' }],
    );
    const scan = await createTask(db, {
      cloudId: c.cloud.id,
      typeId: 'TASK_ONVIF_SCAN_AND_COLLECT',
      taskState: 'TASK_SUCCESS',
      smartNvrId: c.recorder.id,
      executeAt: hoursFromNow(-5),
      completedAt: hoursFromNow(-4.9),
    });
    await createTask(db, {
      cloudId: c.otherCloud.id,
      taskState: 'TASK_SUCCESS',
      executeAt: hoursFromNow(-1),
    });

    const response = await recentTasks(c.cloud.id, c.sessions.owner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(ids(body)).toEqual([rollout.id, reboot.id, scan.id]);
    expect(body.tasks_viewed_at).toBeNull();
    expect(body.tasks[0]).toEqual({
      id: rollout.id,
      type_id: 'TASK_FW_ROLLING_UPDATE',
      task_state: 'TASK_RUNNING',
      task_params: { firmware: { version: '6.2.0', channel: 'stable' }, batchSize: 2 },
      execute_at: rollout.executeAt.toISOString(),
      completed_at: null,
      device_id: null,
      device_name: null,
      site_id: c.sites.north.id,
      site_name: 'North Tower',
      snvr_device_id: null,
      snvr_device_name: null,
      stateCounts: { ...zeroCounts, TASK_SUCCESS: 1, TASK_FAIL: 1, TASK_RUNNING: 2 },
    });
    expect(body.tasks[1]).toMatchObject({
      device_id: c.southSwitch.id,
      device_name: 'South Switch',
      site_name: 'South Yard',
      completed_at: reboot.completedAt?.toISOString(),
      stateCounts: { ...zeroCounts, TASK_SUCCESS: 1 },
    });
    expect(body.tasks[2]).toMatchObject({
      snvr_device_id: c.recorder.id,
      snvr_device_name: 'Lobby NVR',
      site_id: null,
      stateCounts: zeroCounts,
    });
    for (const task of body.tasks)
      expect(Object.keys(task.stateCounts).sort()).toEqual([...TASK_STATES].sort());
  });

  it('orders by execute_at, newest first (scheduled ones ahead), then by id', async () => {
    const c = await createTaskCloud(t);
    const db = t.database.db;
    const at = hoursFromNow(-2);
    const older = await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_SUCCESS',
      executeAt: hoursFromNow(-9),
    });
    const first = await createTask(db, { cloudId: c.cloud.id, taskState: 'TASK_RUNNING', executeAt: at });
    const second = await createTask(db, { cloudId: c.cloud.id, taskState: 'TASK_STANDBY', executeAt: at });
    const scheduled = await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_PENDING',
      executeAt: hoursFromNow(5),
    });
    expect(ids((await recentTasks(c.cloud.id, c.sessions.admin)).json())).toEqual([
      scheduled.id,
      second.id,
      first.id,
      older.id,
    ]);
  });

  it('returns 20 tasks by default and fewer with a smaller limit', async () => {
    const c = await createTaskCloud(t);
    const created = [];
    for (let hour = 1; hour <= 22; hour++)
      created.push(
        await createTask(t.database.db, {
          cloudId: c.cloud.id,
          taskState: 'TASK_SUCCESS',
          executeAt: hoursFromNow(-hour),
        }),
      );
    expect(ids((await recentTasks(c.cloud.id, c.sessions.owner)).json())).toEqual(
      created.slice(0, 20).map((x) => x.id),
    );
    const three = await recentTasks(c.cloud.id, c.sessions.owner, '?limit=3&v=1.2.3');
    expect(three.statusCode).toBe(200);
    expect(ids(three.json())).toEqual(created.slice(0, 3).map((x) => x.id));
  });

  it.each(['21', '0'])('answers limit=%s with the 400 shape', async (limit) => {
    const c = await createTaskCloud(t);
    const response = await recentTasks(c.cloud.id, c.sessions.owner, `?limit=${limit}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ location: 'query', path: '/limit' })]);
  });

  it('shows a Site User the tasks of their sites only', async () => {
    const c = await createTaskCloud(t);
    const db = t.database.db;
    const north = await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_SUCCESS',
      siteId: c.sites.north.id,
      executeAt: hoursFromNow(-3),
    });
    const south = await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_SUCCESS',
      siteId: c.sites.south.id,
      executeAt: hoursFromNow(-2),
    });
    const recorder = await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_SUCCESS',
      smartNvrId: c.recorder.id,
      executeAt: hoursFromNow(-1),
    });
    expect(ids((await recentTasks(c.cloud.id, c.sessions.siteUser)).json())).toEqual([north.id]);
    expect(ids((await recentTasks(c.cloud.id, c.sessions.guest)).json())).toEqual([
      recorder.id,
      south.id,
      north.id,
    ]);
  });
});
