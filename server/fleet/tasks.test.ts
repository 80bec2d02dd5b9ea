// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartNvrs } from '../db/schema/inventory.ts';
import { as, createTestApp, login, type TestApp } from '../test/app.ts';
import {
  addMember,
  assignSite,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { dropExpiredTaskFiles, sweepTasks } from './task-schedule.ts';
import { adoptDevice } from './test-fleet.ts';
import {
  alertsOfType,
  commandsOf,
  createTaskCloud,
  postTask,
  report,
  startTask,
  taskDetail,
} from './test-tasks.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t.close());

const HOUR_MS = 3_600_000;

describe('a task on devices', () => {
  it('reaches a device waiting on the command channel at once, and follows its reports to SUCCESS', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    // The device is already waiting when the task is created.
    const waiting = commandsOf(t, device.credential, 10);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { deviceIds: [device.id] },
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

  it('rides along in the heartbeat answer for a device that does not hold the channel open', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_TROUBLESHOOT',
      targets: { deviceIds: [device.id] },
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
    await startTask(t, session, cloud.id, { type: 'TASK_REBOOT', targets: { deviceIds: [first.id] } });
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
      targets: { deviceIds: [devices[0]?.id ?? 0] },
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
      targets: { deviceIds: ids },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().refused).toEqual([
      { deviceId: elsewhere.id, smartNvrId: null, reason: 'forbidden' },
      { deviceId: 999_999, smartNvrId: null, reason: 'not_found' },
    ]);
    const detail = await taskDetail(t, session, cloud.id, response.json().task.id);
    expect(detail.targets.items.map((target) => target.device_id)).toEqual(devices.map((d) => d.id));

    // A whole family of the cloud: the devices of the site the user cannot see are not even mentioned.
    const third = await createSite(db, cloud.id);
    await createDevice(db, cloud.id, third.id, { productType: 'gateway' });
    const family = await postTask(t, siteUser, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { productType: 'gateway' },
    });
    expect(family.statusCode).toBe(400);
    expect(family.json().errors).toEqual([expect.objectContaining({ errorCode: 'no_targets' })]);

    // Firmware needs its own permission, which this user has nowhere.
    const firmware = await postTask(t, siteUser, cloud.id, {
      type: 'TASK_FW_UPDATE',
      targets: { deviceIds: ids },
      params: { version: '7.3.0-4105' },
    });
    expect(firmware.statusCode).toBe(403);
    const guest = await createUser(db);
    await addMember(db, guest.id, cloud.id, 'ROLE_GUEST');
    const guestSession = await login(t.app, guest.email, TEST_PASSWORD);
    expect(
      (await postTask(t, guestSession, cloud.id, { type: 'TASK_REBOOT', targets: { siteId: site.id } }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses a family the task does not run on', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const response = await postTask(t, session, cloud.id, {
      type: 'TASK_SDWAN_CERT',
      targets: { deviceIds: [devices[0]?.id ?? 0] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0]).toMatchObject({ errorCode: 'unsupported' });
  });
});

describe('scheduling, cancelling and timeouts', () => {
  it('keeps a scheduled task PENDING until its time, then the sweep contacts its devices', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const at = new Date(Date.now() + HOUR_MS);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { deviceIds: [device.id] },
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
      targets: { deviceIds: [first.id, second.id] },
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
      targets: { deviceIds: [devices[0]?.id ?? 0] },
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
        alert_data3: '1 of 1 devices',
      }),
    ]);
  });
});

describe('what devices do with their tasks', () => {
  it('counts a firmware update done only when the device came back on the new version', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 2);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_FW_UPDATE',
      targets: { deviceIds: devices.map((d) => d.id) },
      params: { version: '7.3.0-4105' },
    });
    const [good, reverted] = devices;
    if (!good || !reverted) throw new Error('no devices');
    const [a] = await commandsOf(t, good.credential);
    const [b] = await commandsOf(t, reverted.credential);
    if (!a || !b) throw new Error('no commands');
    await report(t, good.credential, a.id, { state: 'success', result: { fw: '7.3.0-4105' } });
    expect(
      (await report(t, reverted.credential, b.id, { state: 'success', result: { fw: '7.2.0-3988' } })).json(),
    ).toEqual({
      state: 'TASK_FAIL',
    });
    const detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.task.task_state).toBe('TASK_FAIL');
    expect(detail.targets.items[1]?.error).toBe('Came back on 7.2.0-3988, not 7.3.0-4105.');
    expect(await alertsOfType(t, cloud.id, 'TASK_FAILED')).toHaveLength(1);
  });

  it('sends the whole configuration document with the changes, keeps what applied, and a failure raises DEV_CONFIG_FAILED', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const change = (changes: Record<string, Record<string, string | number>>) =>
      startTask(t, session, cloud.id, {
        type: 'TASK_CONFIG_CHANGE',
        targets: { deviceIds: [device.id] },
        params: { changes },
      });
    await change({ wireless: { ssid: 'Lobby', channel: 36 } });
    const [first] = await commandsOf(t, device.credential);
    if (!first) throw new Error('no command');
    expect(first.params.config).toEqual({ wireless: { ssid: 'Lobby', channel: 36 } });
    await report(t, device.credential, first.id, { state: 'success' });

    await change({ wireless: { channel: 40 }, system: { hostname: 'lobby' } });
    const [second] = await commandsOf(t, device.credential);
    if (!second) throw new Error('no command');
    expect(second.params.config).toEqual({
      wireless: { ssid: 'Lobby', channel: 40 },
      system: { hostname: 'lobby' },
    });
    await report(t, device.credential, second.id, { state: 'failed', error: 'uci commit failed' });
    expect(await alertsOfType(t, cloud.id, 'DEV_CONFIG_FAILED')).toEqual([
      expect.objectContaining({ device_id: device.id, alert_data1: 'uci commit failed' }),
    ]);
  });

  it('keeps the file a capture produced for the operator to download', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_NETCAP',
      targets: { deviceIds: [device.id] },
      params: { interface: 'eth0', durationS: 10 },
    });
    const [command] = await commandsOf(t, device.credential);
    if (!command) throw new Error('no command');
    const content = Buffer.from([0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0]);
    await report(t, device.credential, command.id, {
      state: 'success',
      result: {
        file: {
          name: 'netcap.pcap',
          contentType: 'application/vnd.tcpdump.pcap',
          base64: content.toString('base64'),
        },
      },
    });
    const detail = await taskDetail(t, session, cloud.id, taskId);
    expect(detail.targets.items[0]?.file).toEqual({ name: 'netcap.pcap', size: content.length });
    const file = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/targets/${command.id}/file`,
      headers: as(session),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="netcap.pcap"');
    expect(file.rawPayload.equals(content)).toBe(true);
    // Kept 30 days, then dropped; the target keeps its state.
    await dropExpiredTaskFiles(t.database.db, new Date(Date.now() + 31 * 24 * HOUR_MS));
    expect((await taskDetail(t, session, cloud.id, taskId)).targets.items[0]).toMatchObject({
      state: 'TASK_SUCCESS',
      file: null,
    });
  });
});

describe('reading tasks', () => {
  it('pages a task’s targets and filters them by state', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 3);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_REBOOT',
      targets: { deviceIds: devices.map((d) => d.id) },
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
      targets: { deviceIds: [devices[0]?.id ?? 0] },
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
      url: `/apiv2/cloud/${cloud.id}/firmware?productBrandId=13`,
      headers: as(session),
    });
    const { releases } = response.json();
    expect(releases[0]).toEqual({
      version: '7.3.0-4105',
      releasedAt: expect.any(String),
      notes: expect.stringContaining('WPA3'),
    });
    expect(releases.map((release: { version: string }) => release.version)).toContain('7.2.1-4012');
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/firmware?productBrandId=99999`,
      headers: as(session),
    });
    expect(unknown.json().releases).toEqual([]);
  });
});

describe('a task on a smart NVR', () => {
  it('reaches the recorder, which reports the cameras its ONVIF scan found', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [recorder] = await t.database.db
      .insert(smartNvrs)
      .values({
        cloudId: cloud.id,
        name: 'Gate NVR',
        mac: '02:00:00:aa:bb:ef',
        sn: 'NVR9',
        productBrandId: 190,
      })
      .returning();
    if (!recorder) throw new Error('smart NVR not created');
    const credential = await adoptDevice(t, recorder, 190);
    // A scan runs on recorders only: the access point asked for too is refused.
    const created = await postTask(t, session, cloud.id, {
      type: 'TASK_ONVIF_SCAN_AND_COLLECT',
      targets: { smartNvrIds: [recorder.id], deviceIds: [devices[0]?.id ?? 0] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().refused).toEqual([
      { deviceId: devices[0]?.id, smartNvrId: null, reason: 'unsupported' },
    ]);
    const [command] = await commandsOf(t, credential);
    expect(command).toMatchObject({ type: 'TASK_ONVIF_SCAN_AND_COLLECT' });
    const cameras = [{ ip: '192.168.50.10', manufacturer: 'Axis', model: 'P3265-LVE', name: 'Gate' }];
    await report(t, credential, command?.id ?? 0, { state: 'success', result: { cameras } });
    const detail = await taskDetail(t, session, cloud.id, created.json().task.id);
    expect(detail.task.task_state).toBe('TASK_SUCCESS');
    expect(detail.targets.items[0]).toMatchObject({ result: { cameras } });
  });
});

describe('a server stopping', () => {
  it('answers the devices waiting on the command channel at once, so they ask again elsewhere', async () => {
    const own = await createTestApp();
    await own.app.ready();
    const { devices } = await createTaskCloud(own, 1);
    const waiting = commandsOf(own, devices[0]?.credential ?? '', 25);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await own.close();
    expect(await waiting).toEqual([]);
  });
});
