// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskHistory } from '../../../core/api/activity.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createTask, createTaskCloud, hoursFromNow } from './test-cloud.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof createTaskCloud>>;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  world = await createTaskCloud(t);
  const { cloud, sites, northDevices, southSwitch } = world;
  const db = t.database.db;
  const [first, second] = northDevices;
  if (!first || !second) throw new Error('no devices');
  ids.northReboot = (
    await createTask(
      db,
      {
        cloudId: cloud.id,
        siteId: sites.north.id,
        taskState: 'TASK_SUCCESS',
        executeAt: hoursFromNow(-3),
        completedAt: hoursFromNow(-3),
      },
      [
        { deviceId: first.id, state: 'TASK_SUCCESS' },
        { deviceId: second.id, state: 'TASK_SUCCESS' },
      ],
    )
  ).id;
  ids.southFirmware = (
    await createTask(
      db,
      {
        cloudId: cloud.id,
        siteId: sites.south.id,
        typeId: 'TASK_FW_UPDATE',
        taskState: 'TASK_CANCELED',
        executeAt: hoursFromNow(-2),
        completedAt: hoursFromNow(-2),
      },
      [{ deviceId: southSwitch.id, state: 'TASK_CANCELED' }],
    )
  ).id;
  ids.running = (
    await createTask(
      db,
      { cloudId: cloud.id, siteId: sites.north.id, taskState: 'TASK_WAIT_ACK', executeAt: hoursFromNow(-1) },
      [{ deviceId: second.id, state: 'TASK_WAIT_ACK' }],
    )
  ).id;
  ids.scheduled = (
    await createTask(
      db,
      { cloudId: cloud.id, siteId: sites.south.id, taskState: 'TASK_PENDING', executeAt: hoursFromNow(5) },
      [{ deviceId: southSwitch.id, state: 'TASK_PENDING' }],
    )
  ).id;
});
afterAll(() => t.close());

const history = async (who: Session, query = '') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/tasks${query}`,
    headers: as(who),
  });
  return { status: response.statusCode, body: response.json() as TaskHistory };
};
const idsOf = async (query: string, who = world.sessions.owner) =>
  (await history(who, query)).body.items.map((task) => task.id);

describe('GET /apiv2/cloud/:cloudId/tasks', () => {
  it('lists every task, newest scheduled first, with its target counts and the total', async () => {
    const { status, body } = await history(world.sessions.owner);
    expect(status).toBe(200);
    expect(body.items.map((task) => task.id)).toEqual([
      ids.scheduled,
      ids.running,
      ids.southFirmware,
      ids.northReboot,
    ]);
    expect(body).toMatchObject({ total: 4, total_capped: false });
    expect(body.items[3]).toMatchObject({
      type_id: 'TASK_REBOOT',
      task_state: 'TASK_SUCCESS',
      site_name: 'North Tower',
      stateCounts: expect.objectContaining({ TASK_SUCCESS: 2, TASK_FAIL: 0 }),
    });
  });

  it('reads the status query of docs/api.md: finished (canceled among the failed) and in progress', async () => {
    expect(await idsOf('?status=SUCCESS%2BFAIL%2BTIMEOUT')).toEqual([ids.southFirmware, ids.northReboot]);
    expect(await idsOf('?status=RUNNING+PENDING')).toEqual([ids.scheduled, ids.running]);
    expect(await idsOf('?status=FAIL')).toEqual([ids.southFirmware]);
  });

  it('filters by id, type, time, site and target device, and pages', async () => {
    expect(await idsOf(`?id=${ids.running}`)).toEqual([ids.running]);
    expect(await idsOf('?type=TASK_FW_UPDATE')).toEqual([ids.southFirmware]);
    const now = encodeURIComponent(new Date().toISOString());
    expect(await idsOf(`?from=${now}`)).toEqual([ids.scheduled]);
    expect(await idsOf(`?to=${now}`)).toEqual([ids.running, ids.southFirmware, ids.northReboot]);
    expect(await idsOf(`?site_id=${world.sites.south.id}`)).toEqual([ids.scheduled, ids.southFirmware]);
    expect(await idsOf(`?device_id=${world.northDevices[1]?.id}`)).toEqual([ids.running, ids.northReboot]);
    const page = (await history(world.sessions.owner, '?limit=1&offset=1')).body;
    expect(page.items.map((task) => task.id)).toEqual([ids.running]);
    expect(page.total).toBe(4);
  });

  it('exports the filtered history as a CSV file with the targets per state', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/tasks/export?status=SUCCESS%2BFAIL%2BTIMEOUT`,
      headers: as(world.sessions.owner),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tasks-\d+-[\d-]+\.csv"$/);
    const [header, ...lines] = response.body.trimEnd().split('\r\n');
    expect(header).toBe(
      'id,type,state,scheduled_at,completed_at,site,device,smart_nvr,TASK_PENDING,TASK_STANDBY,TASK_WAIT_ACK,TASK_RUNNING,TASK_SUCCESS,TASK_FAIL,TASK_TIMEOUT,TASK_CANCELED',
    );
    expect(lines.map((line) => Number(line.split(',')[0]))).toEqual([ids.southFirmware, ids.northReboot]);
    expect(lines[1]).toMatch(/^\d+,TASK_REBOOT,TASK_SUCCESS,.*,North Tower,,,0,0,0,0,2,0,0,0$/);
  });

  it('shows a Site User their sites’ tasks only, and an outsider nothing', async () => {
    expect(await idsOf('', world.sessions.siteUser)).toEqual([ids.running, ids.northReboot]);
    expect((await history(world.sessions.outsider)).status).toBe(404);
  });

  it.each([
    ['?status=DONE', '/status'],
    ['?type=TASK_NOPE', '/type'],
    ['?id=0', '/id'],
    ['?to=tomorrow', '/to'],
  ])('answers %s with the 400 shape', async (query, path) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/tasks${query}`,
      headers: as(world.sessions.owner),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toContainEqual(expect.objectContaining({ location: 'query', path }));
  });
});
