import { eq } from 'drizzle-orm';
import type { TaskState, TaskType } from '../../../core/domain.ts';
import type { Database } from '../../db/connect.ts';
import { taskFiles, tasks, taskTargets } from '../../db/schema/activity.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/**
 * A cloud with two sites (four devices on the first, one on the second), a smart NVR, and a signed-in
 * member of every role: a Site User of the first site, and the owner of another cloud.
 */
export async function createTaskCloud(t: TestApp) {
  const db = t.database.db;
  const cloud = await createCloud(db);
  const north = await createSite(db, cloud.id, { name: 'North Tower' });
  const south = await createSite(db, cloud.id, { name: 'South Yard' });
  const northDevices = [];
  for (let i = 1; i <= 4; i++)
    northDevices.push(await createDevice(db, cloud.id, north.id, { name: `North AP ${i}` }));
  const southSwitch = await createDevice(db, cloud.id, south.id, { name: 'South Switch' });
  const [recorder] = await db
    .insert(smartNvrs)
    .values({
      cloudId: cloud.id,
      name: 'Lobby NVR',
      mac: '02:00:00:aa:bb:cd',
      sn: 'NVR2',
      productBrandId: 190,
    })
    .returning();
  if (!recorder) throw new Error('smart NVR not created');

  const member = async (
    role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER',
    siteIds: number[] = [],
  ) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, role);
    for (const siteId of siteIds)
      await assignSite(db, user.id, cloud.id, siteId, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  const outsiderUser = await createUser(db);
  const otherCloud = await createCloud(db);
  await addMember(db, outsiderUser.id, otherCloud.id, 'ROLE_OWNER');

  const sessions: Record<'owner' | 'admin' | 'guest' | 'siteUser' | 'outsider', Session> = {
    owner: await member('ROLE_OWNER'),
    admin: await member('ROLE_ADMIN'),
    guest: await member('ROLE_GUEST'),
    siteUser: await member('ROLE_USER', [north.id]),
    outsider: await login(t.app, outsiderUser.email, TEST_PASSWORD),
  };
  return { cloud, otherCloud, sites: { north, south }, northDevices, southSwitch, recorder, sessions };
}

/** A task with one target per given device state. */
export async function createTask(
  db: Database,
  fields: {
    cloudId: number;
    taskState: TaskState;
    executeAt: Date;
    completedAt?: Date | null;
    typeId?: TaskType;
    siteId?: number | null;
    deviceId?: number | null;
    smartNvrId?: number | null;
    taskParams?: Record<string, unknown>;
  },
  targets: { deviceId: number; state: TaskState }[] = [],
) {
  const [task] = await db
    .insert(tasks)
    .values({ typeId: 'TASK_REBOOT', ...fields })
    .returning();
  if (!task) throw new Error('task not created');
  if (targets.length > 0)
    await db.insert(taskTargets).values(targets.map((target) => ({ taskId: task.id, ...target })));
  return task;
}

/** A file left by each target of the task, as a capture or a report is kept; answers the target ids. */
export async function addTaskFiles(db: Database, taskId: number, name: string) {
  const targets = await db
    .select({ id: taskTargets.id })
    .from(taskTargets)
    .where(eq(taskTargets.taskId, taskId));
  for (const target of targets) {
    const content = Buffer.from(`${name} of target ${target.id}`);
    await db
      .insert(taskFiles)
      .values({ targetId: target.id, name, contentType: 'text/plain', size: content.length, content });
  }
  return targets.map((target) => target.id);
}
