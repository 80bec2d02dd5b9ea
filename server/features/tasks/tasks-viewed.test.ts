// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, type Session, type TestApp } from '../../test/app.ts';
import { createTask, createTaskCloud, hoursFromNow } from './test-cloud.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (cloudId: number, session: Session, path: string) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/${path}`,
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json();
};
const counts = (cloudId: number, session: Session) => get(cloudId, session, 'recent-tasks-count');
const markViewed = (cloudId: number, session: Session) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/mark-task-tracker-as-viewed`,
    headers: as(session),
  });

/** Two finished and three in-progress tasks, all before now. */
async function seedTasks(c: Awaited<ReturnType<typeof createTaskCloud>>) {
  const db = t.database.db;
  const cloudId = c.cloud.id;
  const north = c.sites.north.id;
  const south = c.sites.south.id;
  await createTask(db, {
    cloudId,
    siteId: north,
    taskState: 'TASK_SUCCESS',
    executeAt: hoursFromNow(-5),
    completedAt: hoursFromNow(-4),
  });
  await createTask(db, {
    cloudId,
    siteId: south,
    taskState: 'TASK_FAIL',
    executeAt: hoursFromNow(-3),
    completedAt: hoursFromNow(-2),
  });
  await createTask(db, { cloudId, siteId: north, taskState: 'TASK_RUNNING', executeAt: hoursFromNow(-1) });
  await createTask(db, { cloudId, siteId: south, taskState: 'TASK_WAIT_ACK', executeAt: hoursFromNow(-0.5) });
  await createTask(db, { cloudId, siteId: north, taskState: 'TASK_STANDBY', executeAt: hoursFromNow(-0.2) });
}

describe('task tracker viewed state', () => {
  it('counts every finished and in-progress task before the tracker is first viewed', async () => {
    const c = await createTaskCloud(t);
    await seedTasks(c);
    await createTask(t.database.db, {
      cloudId: c.otherCloud.id,
      taskState: 'TASK_RUNNING',
      executeAt: hoursFromNow(-1),
    });
    expect(await counts(c.cloud.id, c.sessions.owner)).toEqual({ newCompleted: 2, newRunning: 3 });
    expect((await get(c.cloud.id, c.sessions.owner, 'recent-tasks')).tasks_viewed_at).toBeNull();
  });

  it('counts nothing once viewed, then only tasks completed or scheduled after', async () => {
    const c = await createTaskCloud(t);
    await seedTasks(c);
    const marked = await markViewed(c.cloud.id, c.sessions.owner);
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({ ok: true });
    expect(await counts(c.cloud.id, c.sessions.owner)).toEqual({ newCompleted: 0, newRunning: 0 });
    const viewedAt = (await get(c.cloud.id, c.sessions.owner, 'recent-tasks')).tasks_viewed_at;
    expect(new Date(viewedAt).toISOString()).toBe(viewedAt);

    const db = t.database.db;
    // Started before the mark, finished after it (a second ahead, so the clock cannot tie with it).
    await createTask(db, {
      cloudId: c.cloud.id,
      taskState: 'TASK_TIMEOUT',
      executeAt: hoursFromNow(-1),
      completedAt: new Date(Date.now() + 1000),
    });
    await createTask(db, { cloudId: c.cloud.id, taskState: 'TASK_PENDING', executeAt: hoursFromNow(2) });
    expect(await counts(c.cloud.id, c.sessions.owner)).toEqual({ newCompleted: 1, newRunning: 1 });
  });

  it('keeps the viewed state per user: another member still counts every task', async () => {
    const c = await createTaskCloud(t);
    await seedTasks(c);
    expect((await markViewed(c.cloud.id, c.sessions.admin)).statusCode).toBe(200);
    expect(await counts(c.cloud.id, c.sessions.admin)).toEqual({ newCompleted: 0, newRunning: 0 });
    expect(await counts(c.cloud.id, c.sessions.owner)).toEqual({ newCompleted: 2, newRunning: 3 });
    expect((await get(c.cloud.id, c.sessions.owner, 'recent-tasks')).tasks_viewed_at).toBeNull();
  });

  it('counts for a Site User only the tasks of their sites, and lets them mark their own view', async () => {
    const c = await createTaskCloud(t);
    await seedTasks(c);
    expect(await counts(c.cloud.id, c.sessions.siteUser)).toEqual({ newCompleted: 1, newRunning: 2 });
    expect((await markViewed(c.cloud.id, c.sessions.siteUser)).statusCode).toBe(200);
    expect(await counts(c.cloud.id, c.sessions.siteUser)).toEqual({ newCompleted: 0, newRunning: 0 });
  });

  it('refuses to mark the tracker viewed without the CSRF token and changes nothing', async () => {
    const c = await createTaskCloud(t);
    await seedTasks(c);
    const response = await t.app.inject({
      method: 'POST',
      url: `/apiv2/cloud/${c.cloud.id}/mark-task-tracker-as-viewed`,
      headers: { cookie: c.sessions.owner.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await counts(c.cloud.id, c.sessions.owner)).toEqual({ newCompleted: 2, newRunning: 3 });
  });
});
