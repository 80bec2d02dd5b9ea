// @vitest-environment node
// What devices report on their tasks: firmware versions, configuration, files, a recorder's cameras.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smartNvrs } from '../db/schema/inventory.ts';
import { as, createTestApp, type TestApp } from '../test/app.ts';
import { dropExpiredTaskFiles } from './task-schedule.ts';
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

describe('what devices do with their tasks', () => {
  it('counts a firmware update done only when the device came back on the new version', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 2);
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_FW_UPDATE',
      targets: { device_ids: devices.map((d) => d.id) },
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

  it('refuses a configuration change made by hand: it comes from applying a configuration', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const response = await postTask(t, session, cloud.id, {
      type: 'TASK_CONFIG_CHANGE',
      targets: { device_ids: [devices[0]?.id ?? 0] },
      params: { revision: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      expect.objectContaining({ path: '/type', errorCode: 'applied_from_config' }),
    ]);
  });

  it('keeps the file a capture produced for the operator to download', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_NETCAP',
      targets: { device_ids: [device.id] },
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
    expect(detail.targets.items[0]?.file).toEqual({
      name: 'netcap.pcap',
      size: content.length,
      downloadable: true,
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/targets/${command.id}/file`,
      headers: as(session),
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe('attachment; filename="netcap.pcap"');
    expect(file.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(content)).toBe(true);
    // Kept 30 days, then dropped; the target keeps its state.
    await dropExpiredTaskFiles(t.database.db, new Date(Date.now() + 31 * 24 * HOUR_MS));
    expect((await taskDetail(t, session, cloud.id, taskId)).targets.items[0]).toMatchObject({
      state: 'TASK_SUCCESS',
      file: null,
    });
  });
});

describe('the size of what devices report', () => {
  it('keeps a large result as the target file, so the task detail stays small, and refuses one past the bound', async () => {
    const { cloud, session, devices } = await createTaskCloud(t, 1);
    const [device] = devices;
    if (!device) throw new Error('no device');
    const taskId = await startTask(t, session, cloud.id, {
      type: 'TASK_RECEIVED_CONFIG',
      targets: { device_ids: [device.id] },
      params: {},
    });
    const [command] = await commandsOf(t, device.credential);
    if (!command) throw new Error('no command');

    // A 5.7 MB configuration fits the body limit a report with a file has, but not a result's own bound.
    const huge = { system: { notes: 'x'.repeat(5_700_000) } };
    const refused = await report(t, device.credential, command.id, {
      state: 'success',
      result: { config: huge },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(/at most 262144/);
    // With a file, the rest of the result must be small enough to keep in the task.
    const file = {
      name: 'running.cfg',
      contentType: 'text/plain',
      base64: Buffer.from('ok').toString('base64'),
    };
    const config = {
      wireless: Object.fromEntries(
        Array.from({ length: 2000 }, (_, n) => [`ssid_${n}`, `Network number ${n}`]),
      ),
    };
    expect(
      (await report(t, device.credential, command.id, { state: 'success', result: { config, file } }))
        .statusCode,
    ).toBe(413);
    expect((await taskDetail(t, session, cloud.id, taskId)).targets.items[0]?.state).toBe('TASK_WAIT_ACK');

    const taken = await report(t, device.credential, command.id, { state: 'success', result: { config } });
    expect(taken.json()).toEqual({ state: 'TASK_SUCCESS' });
    await t.app.fleet.tasks.flush();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}`,
      headers: as(session),
    });
    expect(detail.body.length).toBeLessThan(8 * 1024);
    const stored = JSON.stringify({ config });
    expect(detail.json().targets.items[0]).toMatchObject({
      state: 'TASK_SUCCESS',
      result: null,
      file: { name: 'result.json', size: Buffer.byteLength(stored) },
    });
    const download = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloud.id}/tasks/${taskId}/targets/${command.id}/file`,
      headers: as(session),
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^application\/json/);
    expect(download.json()).toEqual({ config });
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
      targets: { snvr_device_ids: [recorder.id], device_ids: [devices[0]?.id ?? 0] },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().refused).toEqual([
      { device_id: devices[0]?.id, snvr_device_id: null, reason: 'unsupported' },
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
