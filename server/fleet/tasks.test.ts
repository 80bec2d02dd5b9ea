// @vitest-environment node
// Tasks through the API: delivery to devices, who may start them, reading them, a server stopping.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  assignSite,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { commandsOf, createTaskCloud, postTask, report, startTask, taskDetail } from './test-tasks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

describe('a task on devices', () => {
  it('reaches a device waiting on the command channel at once, and follows its reports to SUCCESS', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    // The device is already waiting when the task is created.
    const waiting = commandsOf(t, device.credential, 10);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [device.id] },
    });
    const [command] = await waiting;
    expect(command).toMatchObject({ taskId, type: 'TASK_REBOOT', params: {} });
    if (!command) throw new Error('no command');
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_WAIT_ACK');

    expect(
      (await report(t, device.credential, command.id, { state: 'running', progress: 10 })).json(),
    ).toEqual({
      state: 'TASK_RUNNING',
    });
    let detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_RUNNING');
    expect(detail.targets.items[0]).toMatchObject({ state: 'TASK_RUNNING', progress: 10 });

    expect((await report(t, device.credential, command.id, { state: 'success' })).json()).toEqual({
      state: 'TASK_SUCCESS',
    });
    detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_SUCCESS');
    expect(detail.task.stateCounts.TASK_SUCCESS).toBe(1);
    // Finished targets never change: a late failure report is answered with the state it keeps.
    expect(
      (await report(t, device.credential, command.id, { state: 'failed', error: 'late' })).json(),
    ).toEqual({
      state: 'TASK_SUCCESS',
    });
    // Nothing is waiting any more.
    expect(await commandsOf(t, device.credential)).toEqual([]);
  });

  it('gives each of many devices polling at once its own commands, and none to a device without', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 12);
    const busy = devices.slice(0, 8);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: busy.map((device) => device.id) },
    });
    const answers = await Promise.all(devices.map((device) => commandsOf(t, device.credential)));
    const ids = answers.map((commands) => commands.map((command) => command.id));
    expect(answers.slice(0, 8).map((commands) => commands.map((command) => command.taskId))).toEqual(
      busy.map(() => [taskId]),
    );
    expect(new Set(ids.flat()).size).toBe(8);
    expect(answers.slice(8)).toEqual([[], [], [], []]);
  });

  it('rides along in the heartbeat answer for a device that does not hold the channel open', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_TROUBLESHOOT',
      targets: { device_ids: [device.id] },
      params: { tool: 'ping', host: '8.8.8.8' },
    });
    const { heartbeat, sendHeartbeat } = await import('./test-fleet.ts');
    const answer = await sendHeartbeat(t, device.credential, heartbeat(1));
    expect(answer.json().commands).toEqual([
      expect.objectContaining({
        taskId,
        type: 'TASK_TROUBLESHOOT',
        params: { tool: 'ping', host: '8.8.8.8', count: 4 },
      }),
    ]);
  });

  it("refuses a report on another device's task with 404", async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 2);
    const [first, second] = devices;
    if (!first || !second) throw new Error('no devices');
    await startTask(t, session, cloud.id, { type: 'TASK_REBOOT', targets: { device_ids: [first.id] } });
    const [command] = await commandsOf(t, first.credential);
    if (!command) throw new Error('no command');
    const response = await report(t, second.credential, command.id, { state: 'success' });
    expect(response.statusCode).toBe(404);
    const forged = await report(t, `${first.credential.split('.')[0]}.forged`, command.id, {
      state: 'success',
    });
    expect(forged.statusCode).toBe(401);
    expect((await taskDetail(t, session, cloud.id, command.taskId)).targets.items[0]?.state).toBe(
      'TASK_WAIT_ACK',
    );
  });

  it('checks parameters against the type and creates nothing when they are wrong', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const response = await postTask(t, session, cloud.id, {
      type: 'TASK_FW_UPDATE',
      targets: { device_ids: [devices[0]?.id ?? 0] },
      params: { version: 'latest' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([expect.objectContaining({ path: '/params/version' })]);
    expect(await commandsOf(t, devices[0]?.credential ?? '')).toEqual([]);
  });
});

describe('who may start a task', () => {
  it('checks each target: the refused ones are listed and left out; none allowed is 403', async () => {
    const { cloud, session, devices, site } = await createTaskCloud(t, 2);
    const db = t.database.db;
    const other = await createSite(db, cloud.id);
    const elsewhere = await createDevice(db, cloud.id, other.id);
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_USER');
    await assignSite(db, user.id, cloud.id, site.id, ['read_site', 'read_device', 'change_device_state']);
    await assignSite(db, user.id, cloud.id, other.id, ['read_site', 'read_device']);
    const siteUser = await login(t.app, user.email, TEST_PASSWORD);
    const ids = [...devices.map((d) => d.id), elsewhere.id, 999_999];

    const response = await postTask(t, siteUser, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: ids },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().refused).toEqual([
      { device_id: elsewhere.id, snvr_device_id: null, reason: 'forbidden' },
      { device_id: 999_999, snvr_device_id: null, reason: 'not_found' },
    ]);
    const detail = await taskDetail(t, session, cloud.id, response.json().task.id);
    expect(detail.targets.items.map((target) => target.device_id)).toEqual(devices.map((d) => d.id));

    // A whole family of the cloud: the devices of the site the user cannot see are not even mentioned.
    const third = await createSite(db, cloud.id);
    await createDevice(db, cloud.id, third.id, { productType: 'gateway' });
    const family = await postTask(t, siteUser, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { product_type: 'gateway' },
    });
    expect(family.statusCode).toBe(400);
    expect(family.json().errors).toEqual([expect.objectContaining({ errorCode: 'no_targets' })]);

    // Firmware needs its own permission, which this user has nowhere.
    const firmware = await postTask(t, siteUser, cloud.id, {
      type: 'TASK_FW_UPDATE',
      targets: { device_ids: ids },
      params: { version: '7.3.0-4105' },
    });
    expect(firmware.statusCode).toBe(403);
    const guest = await createUser(db);
    await addMember(db, guest.id, cloud.id, 'ROLE_GUEST');
    const guestSession = await login(t.app, guest.email, TEST_PASSWORD);
    expect(
      (await postTask(t, guestSession, cloud.id, { type: 'TASK_REBOOT', targets: { site_id: site.id } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a family the task does not run on', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const response = await postTask(t, session, cloud.id, {
      type: 'TASK_SDWAN_CERT',
      targets: { device_ids: [devices[0]?.id ?? 0] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ errorCode: 'unsupported' });
  });
});

it("refuses a firmware version that is not in the target's own product catalogue", async () => {
  const { cloud, site, session, devices } = await createTaskCloud(t, 1);
  const ap = devices[0]?.id ?? 0;
  const gateway = await createDevice(t.database.db, cloud.id, site.id, {
    productBrandId: 86,
    productType: 'gateway',
  });
  const response = await postTask(t, session, cloud.id, {
    type: 'TASK_FW_UPDATE',
    targets: { device_ids: [ap, gateway.id] },
    params: { version: '7.3.0-4105' },
  });
  expect(response.statusCode).toBe(201);
  expect(response.json().refused).toEqual([
    { device_id: gateway.id, snvr_device_id: null, reason: 'no_firmware' },
  ]);
  expect((await taskDetail(t, session, cloud.id, response.json().task.id)).targets.total).toBe(1);
});

describe('reading tasks', () => {
  it('pages a task’s targets and filters them by state', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 3);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: devices.map((d) => d.id) },
    });
    const [command] = await commandsOf(t, devices[1]?.credential ?? '');
    await report(t, devices[1]?.credential ?? '', command?.id ?? 0, { state: 'running', progress: 30 });
    const page = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}?${query}`,
        headers: as(session),
      });
    const second = (await page('offset=1&limit=1')).json();
    expect(second.targets.total).toBe(3);
    expect(second.targets.items).toEqual([
      expect.objectContaining({
        device_id: devices[1]?.id,
        state: 'TASK_RUNNING',
        progress: 30,
        started_at: expect.any(String),
      }),
    ]);
    const waiting = (await page('state=TASK_WAIT_ACK')).json();
    expect(waiting.targets.items.map((target: { device_id: number }) => target.device_id)).toEqual([
      devices[0]?.id,
      devices[2]?.id,
    ]);
    expect(waiting.targets.total).toBe(2);
  });

  it('lets only those who may run a task cancel it', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { device_ids: [devices[0]?.id ?? 0] },
    });
    const guest = await createUser(t.database.db);
    await addMember(t.database.db, guest.id, cloud.id, 'ROLE_GUEST');
    const guestSession = await login(t.app, guest.email, TEST_PASSWORD);
    const cancel = (who: typeof session) =>
      t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/cancel`,
        headers: as(who),
      });
    expect((await cancel(guestSession)).statusCode).toBe(403);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_WAIT_ACK');
    expect((await cancel(session)).statusCode).toBe(200);
    expect((await taskDetail(t, session, cloud.id, taskId)).task.task_state).toBe('TASK_CANCELED');
  });

  it('lists the firmware a product can be updated to, newest first, with release notes', async () => {
    const { cloud, session } = await createTaskCloud(t, 0);
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/firmware?product_brand_id=13`,
      headers: as(session),
    });
    const { releases } = response.json();
    expect(releases[0]).toEqual({
      version: '7.3.0-4105',
      released_at: expect.any(String),
      notes: expect.stringContaining('WPA3'),
    });
    expect(releases.map((release: { version: string }) => release.version)).toContain('7.2.1-4012');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/firmware?product_brand_id=99999`,
      headers: as(session),
    });
    expect(unknown.json().releases).toEqual([]);
  });
});

describe('a server stopping', () => {
  // A server of its own to stop: its start and a cloud of devices take a while on a busy machine.
  it('answers the devices waiting on the command channel at once, so they ask again elsewhere', async () => {
    const own = await createTestApp();
    await own.app.ready();
    const { devices } = await createTaskCloud(own, 1);
    // Closed once the device's long poll has reached the channel, however slow the machine.
    const channel = own.app.fleet.tasks.channel;
    const wait = channel.wait.bind(channel);
    const reached = new Promise<void>((resolve) => {
      vi.spyOn(channel, 'wait').mockImplementation((...args) => {
        const commands = wait(...args);
        resolve();
        return commands;
      });
    });
    const waiting = commandsOf(own, devices[0]?.credential ?? '', 25);
    await reached;
    await own.close();
    expect(await waiting).toEqual([]);
  }, 60_000);
});
