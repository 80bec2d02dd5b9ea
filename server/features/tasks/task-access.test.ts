// @vitest-environment node
// Who may stop a task and who may download the file a target left (docs/security.md, "Tasks"); the access
// table (server/access.test.ts) has every role against these routes, this file the per-site rules.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskDetail } from '../../../core/api/tasks.ts';
import type { SitePermission } from '../../../core/domain.ts';
import { devices } from '../../db/schema/inventory.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, assignSite, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { addTaskFiles, createTask, createTaskCloud } from './test-cloud.ts';

let t: TestApp;
let world: Awaited<ReturnType<typeof createTaskCloud>>;
beforeAll(async () => {
  t = await createTestApp();
  world = await createTaskCloud(t);
});
afterAll(() => t.close());

/** A Site User of the north site with these permissions there. */
async function siteUser(permissions: SitePermission[]): Promise<Session> {
  const user = await createUser(t.database.db);
  await addMember(t.database.db, user.id, world.cloud.id, 'ROLE_USER');
  await assignSite(t.database.db, user.id, world.cloud.id, world.sites.north.id, [
    'read_site',
    'read_device',
    ...permissions,
  ]);
  return login(t.app, user.email, TEST_PASSWORD);
}

const northDevice = (index: number) => {
  const device = world.northDevices[index];
  if (!device) throw new Error('no such device');
  return device;
};

async function waitingTask(typeId: 'TASK_REBOOT' | 'TASK_RECEIVED_CONFIG', deviceIds: number[]) {
  return createTask(
    t.database.db,
    {
      cloudId: world.cloud.id,
      typeId,
      taskState: 'TASK_PENDING',
      siteId: world.sites.north.id,
      executeAt: new Date(),
    },
    deviceIds.map((deviceId) => ({ deviceId, state: 'TASK_PENDING' as const })),
  );
}

const cancel = (session: Session, taskId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${world.cloud.id}/tasks/${taskId}/cancel`,
    headers: as(session),
  });

describe('POST /apiv2/cloud/:cloudId/tasks/:taskId/cancel', () => {
  it("needs the type's permission where every target is now, not only where the task was started", async () => {
    const operator = await siteUser(['change_device_state']);
    const stays = await waitingTask('TASK_REBOOT', [northDevice(0).id]);
    expect((await cancel(operator, stays.id)).statusCode).toBe(200);

    // One of the task's devices has since moved to a site the Site User does not see.
    const moved = northDevice(1);
    const spans = await waitingTask('TASK_REBOOT', [northDevice(2).id, moved.id]);
    await t.database.db.update(devices).set({ siteId: world.sites.south.id }).where(eq(devices.id, moved.id));
    const refused = await cancel(operator, spans.id);
    expect(refused.statusCode).toBe(403);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/tasks/${spans.id}`,
      headers: as(world.sessions.owner),
    });
    expect((detail.json() as TaskDetail).task.task_state).toBe('TASK_PENDING');
    expect((await cancel(world.sessions.owner, spans.id)).statusCode).toBe(200);
  });

  it('refuses a Guest whatever the task type, reading the configuration included', async () => {
    for (const typeId of ['TASK_REBOOT', 'TASK_RECEIVED_CONFIG'] as const) {
      const task = await waitingTask(typeId, [northDevice(3).id]);
      expect((await cancel(world.sessions.guest, task.id)).statusCode, typeId).toBe(403);
    }
  });
});

describe('POST /apiv2/cloud/:cloudId/tasks reading the running configuration', () => {
  it('is a live action: view_config alone does not start it', async () => {
    const start = (session: Session) =>
      t.app.inject({
        method: 'POST',
        url: `/apiv2/cloud/${world.cloud.id}/tasks`,
        headers: as(session),
        payload: { type: 'TASK_RECEIVED_CONFIG', targets: { device_ids: [northDevice(0).id] } },
      });
    expect((await start(await siteUser(['view_config']))).statusCode).toBe(403);
    expect((await start(world.sessions.guest)).statusCode).toBe(403);
    expect((await start(await siteUser(['live_actions']))).statusCode).toBe(201);
  });
});

describe('GET /apiv2/cloud/:cloudId/tasks/:taskId/targets/:targetId/file', () => {
  async function finishedWithFile(typeId: 'TASK_NETCAP' | 'TASK_REPORT', name: string) {
    const task = await createTask(
      t.database.db,
      {
        cloudId: world.cloud.id,
        typeId,
        taskState: 'TASK_SUCCESS',
        siteId: world.sites.north.id,
        executeAt: new Date(),
      },
      [{ deviceId: northDevice(0).id, state: 'TASK_SUCCESS' }],
    );
    const [targetId] = await addTaskFiles(t.database.db, task.id, name);
    return { taskId: task.id, targetId: targetId ?? 0 };
  }

  const download = (session: Session, file: { taskId: number; targetId: number }) =>
    t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/tasks/${file.taskId}/targets/${file.targetId}/file`,
      headers: as(session),
    });

  async function offered(session: Session, taskId: number) {
    const response = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${world.cloud.id}/tasks/${taskId}`,
      headers: as(session),
    });
    return (response.json() as TaskDetail).targets.items[0]?.file?.downloadable;
  }

  it('needs export_data for a capture, and view_sensitive_config too for a report', async () => {
    const capture = await finishedWithFile('TASK_NETCAP', 'capture.pcap');
    const report = await finishedWithFile('TASK_REPORT', 'running-config.cfg');
    const reader = await siteUser([]);
    const exporter = await siteUser(['export_data']);
    const trusted = await siteUser(['export_data', 'view_sensitive_config']);
    const cases = [
      [reader, capture, false],
      [reader, report, false],
      [exporter, capture, true],
      [exporter, report, false],
      [trusted, capture, true],
      [trusted, report, true],
      [world.sessions.guest, capture, false],
      [world.sessions.admin, report, true],
    ] as const;
    for (const [session, file, allowed] of cases) {
      const response = await download(session, file);
      expect(response.statusCode).toBe(allowed ? 200 : 403);
      // The task detail offers the download exactly when it would be given.
      expect(await offered(session, file.taskId)).toBe(allowed);
    }
  });
});
