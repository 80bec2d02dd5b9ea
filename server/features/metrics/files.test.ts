// @vitest-environment node
// A switch's Files (docs/navigation.md#navigation-drawer, docs/constants.md): GET /apiv2/cloud/:cloudId/devices/:deviceId/files lists what its last
// heartbeat reported, and a TASK_REPORT task naming a file fetches it from the device for download.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { commandsOf, postTask, report, startTask } from '../../fleet/test-tasks.ts';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createDevice } from '../../test/factories.ts';
import { createMetricWorld, type MetricWorld } from './test-world.ts';

let t: TestApp;
let world: MetricWorld;
beforeAll(async () => {
  t = await createTestApp();
  world = await createMetricWorld(t);
}, 60_000);
afterAll(() => t.close());

const files = (session: Session, deviceId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${world.cloud.id}/devices/${deviceId}/files`,
    headers: as(session),
  });

const listed = [
  { name: 'running-config.cfg', size: 2048, modifiedAt: '2026-11-20T08:00:00.000Z' },
  { name: 'messages.log', size: 120_000, modifiedAt: '2026-11-26T09:30:00.000Z' },
];

const fetchFile = (file: string) =>
  postTask(t, world.sessions.owner, world.cloud.id, {
    type: 'TASK_REPORT',
    params: { file },
    targets: { device_ids: [world.switchDevice.id] },
  });

describe('GET /apiv2/cloud/:cloudId/devices/:deviceId/files', () => {
  it('answers no list before the switch first calls home', async () => {
    const response = await files(world.sessions.owner, world.switchDevice.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ at: null, can_fetch: true, files: [], keeps_files: true });
  });

  it('answers the files of the last heartbeat by name, none fetched yet', async () => {
    const beat = heartbeat(1, { radios: undefined, clients: undefined, files: listed });
    expect((await sendHeartbeat(t, world.switchCredential, beat)).statusCode).toBe(200);
    const response = await files(world.sessions.owner, world.switchDevice.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().files).toEqual([
      ...[listed[1], listed[0]].map((file) => ({
        name: file?.name,
        size: file?.size,
        modified_at: file?.modifiedAt,
        last_fetch: null,
      })),
    ]);
  });

  it('follows a fetch from the request to the download, and says why a fetch failed', async () => {
    const taskId = (await (await fetchFile('messages.log')).json()).task.id;
    const pending = (await files(world.sessions.owner, world.switchDevice.id)).json().files[0];
    expect(pending.last_fetch).toMatchObject({
      task_id: taskId,
      state: 'TASK_WAIT_ACK',
      downloadable: false,
    });

    const [command] = await commandsOf(t, world.switchCredential);
    expect(command).toMatchObject({ taskId, type: 'TASK_REPORT', params: { file: 'messages.log' } });
    if (!command) throw new Error('no command');
    const content = 'Nov 26 09:30:00 port 3 link down\n';
    const done = await report(t, world.switchCredential, command.id, {
      state: 'success',
      result: {
        file: {
          name: 'messages.log',
          contentType: 'text/plain',
          base64: Buffer.from(content).toString('base64'),
        },
      },
    });
    expect(done.statusCode).toBe(200);
    await t.app.fleet.tasks.flush();

    const fetched = (await files(world.sessions.owner, world.switchDevice.id)).json().files[0];
    expect(fetched.last_fetch).toMatchObject({
      task_id: taskId,
      state: 'TASK_SUCCESS',
      downloadable: true,
      error: null,
    });
    expect(Date.parse(fetched.last_fetch.finished_at)).toBeGreaterThan(0);
    // The Site User who may only read the switch sees the fetch but not the copy, which needs export_data
    // and view_sensitive_config.
    const fileUrl = `/apiv2/cloud/${world.cloud.id}/tasks/${taskId}/targets/${fetched.last_fetch.target_id}/file`;
    const readerView = (await files(world.sessions.siteUser, world.switchDevice.id)).json().files[0];
    expect(readerView.last_fetch).toMatchObject({
      task_id: taskId,
      state: 'TASK_SUCCESS',
      downloadable: false,
    });
    const refused = await t.app.inject({ method: 'GET', url: fileUrl, headers: as(world.sessions.siteUser) });
    expect(refused.statusCode).toBe(403);
    const download = await t.app.inject({ method: 'GET', url: fileUrl, headers: as(world.sessions.owner) });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe(content);
    expect(download.headers['content-disposition']).toBe('attachment; filename="messages.log"');

    const failedId = await startTask(t, world.sessions.owner, world.cloud.id, {
      type: 'TASK_REPORT',
      params: { file: 'running-config.cfg' },
      targets: { device_ids: [world.switchDevice.id] },
    });
    const [next] = await commandsOf(t, world.switchCredential);
    if (!next) throw new Error('no command');
    const error = 'No such file on the device: running-config.cfg';
    expect((await report(t, world.switchCredential, next.id, { state: 'failed', error })).statusCode).toBe(
      200,
    );
    await t.app.fleet.tasks.flush();
    const after = (await files(world.sessions.owner, world.switchDevice.id)).json().files;
    expect(after[1].last_fetch).toMatchObject({
      task_id: failedId,
      state: 'TASK_FAIL',
      error,
      downloadable: false,
    });
    // The other file's fetch is still the one it had.
    expect(after[0].last_fetch.task_id).toBe(taskId);
  });

  it('refuses to fetch a file from a device that keeps none, and a name that is no file name', async () => {
    const oldSwitch = await createDevice(t.database.db, world.cloud.id, world.site.id, {
      productBrandId: 96,
      productType: 'switch',
      mgmtdVersion: '1.4.9',
    });
    for (const deviceId of [oldSwitch.id, world.accessPoint.id]) {
      const response = await postTask(t, world.sessions.owner, world.cloud.id, {
        type: 'TASK_REPORT',
        params: { file: 'messages.log' },
        targets: { device_ids: [deviceId] },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ errorCode: 'unsupported' }));
      // Its Files page says so, as an answer rather than an error.
      const listing = await files(world.sessions.owner, deviceId);
      expect(listing.statusCode).toBe(200);
      expect(listing.json()).toEqual({ at: null, can_fetch: false, files: [], keeps_files: false });
    }
    for (const file of ['../etc/passwd', 'logs/messages.log', '', 'a'.repeat(101)]) {
      const response = await fetchFile(file);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual(expect.objectContaining({ path: '/params/file' }));
    }
    // A switch listing a file by a name that is no file name is refused whole.
    const badName = { name: '../x', size: 1, modifiedAt: '2026-11-20T08:00:00.000Z' };
    const beat = heartbeat(2, { radios: undefined, clients: undefined, files: [badName] });
    expect((await sendHeartbeat(t, world.switchCredential, beat)).statusCode).toBe(400);
  });

  it("lets a Guest and a Site User of the switch's site read it, and nobody else", async () => {
    const { sessions, switchDevice } = world;
    // They read the list, but may not fetch: that takes export_data on the site.
    for (const session of [sessions.guest, sessions.siteUser]) {
      const response = await files(session, switchDevice.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ can_fetch: false, files: [{}, {}] });
    }
    for (const session of [sessions.siteReader, sessions.otherSiteUser, sessions.outsider]) {
      const response = await files(session, switchDevice.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});
