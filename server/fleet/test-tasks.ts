import { sql } from 'drizzle-orm';
import type { CreateTaskBody } from '../../core/api/tasks.ts';
import type { TaskReport } from '../../core/fleet/protocol.ts';
import { queryRows } from '../db/rows.ts';
import { as, login, type Session, type TestApp } from '../test/app.ts';
import {
  addMember,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../test/factories.ts';
import { adoptDevice, bearer } from './test-fleet.ts';

/** A cloud with its owner signed in, a site and `count` adopted access points on 7.2.0-3988. */
export async function createTaskCloud(t: TestApp, count = 1) {
  const db = t.database.db;
  const cloud = await createCloud(db);
  const site = await createSite(db, cloud.id);
  const owner = await createUser(db);
  await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
  const session = await login(t.app, owner.email, TEST_PASSWORD);
  const devices = [];
  for (let n = 0; n < count; n += 1) {
    const device = await createDevice(db, cloud.id, site.id, { fw: '7.2.0-3988', productBrandId: 13 });
    devices.push({ ...device, credential: await adoptDevice(t, device) });
  }
  return { cloud, site, owner, session, devices };
}

export const postTask = (t: TestApp, session: Session, cloudId: number, body: CreateTaskBody) =>
  t.app.inject({ method: 'POST', url: `/apiv2/cloud/${cloudId}/tasks`, headers: as(session), payload: body });

export async function startTask(t: TestApp, session: Session, cloudId: number, body: CreateTaskBody) {
  const response = await postTask(t, session, cloudId, body);
  if (response.statusCode !== 201) throw new Error(`task refused: ${response.statusCode} ${response.body}`);
  return response.json().task.id as number;
}

/** The device's waiting commands through the command channel. */
export async function commandsOf(t: TestApp, credential: string, waitS = 0) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/agent/v1/commands?waitS=${waitS}`,
    headers: bearer(credential),
  });
  if (response.statusCode !== 200)
    throw new Error(`commands refused: ${response.statusCode} ${response.body}`);
  return response.json().commands as {
    id: number;
    taskId: number;
    type: string;
    params: Record<string, unknown>;
  }[];
}

export const report = (t: TestApp, credential: string, id: number, body: TaskReport) =>
  t.app.inject({
    method: 'POST',
    url: `/agent/v1/commands/${id}`,
    headers: bearer(credential),
    payload: body,
  });

/** The task and its targets as the API shows them, once reports so far are followed up. */
export async function taskDetail(t: TestApp, session: Session, cloudId: number, taskId: number) {
  await t.app.fleet.tasks.flush();
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${cloudId}/tasks/${taskId}?limit=500`,
    headers: as(session),
  });
  if (response.statusCode !== 200) throw new Error(`task detail: ${response.statusCode} ${response.body}`);
  return response.json() as {
    task: {
      task_state: string;
      stateCounts: Record<string, number>;
      rollout: { paused: boolean; stopped_reason: string | null } | null;
    };
    targets: {
      total: number;
      items: {
        id: number;
        device_id: number;
        state: string;
        error: string | null;
        progress: number;
        batch: number | null;
        result: Record<string, unknown> | null;
        file: { name: string; size: number } | null;
      }[];
    };
  };
}

export const alertsOfType = (t: TestApp, cloudId: number, type: string) =>
  queryRows<{ alert_data1: string; alert_data2: string; alert_data3: string; device_id: number | null }>(
    t.database.db,
    sql`SELECT alert_data1, alert_data2, alert_data3, device_id FROM alerts WHERE cloud_id = ${cloudId} AND alert_type = ${type} ORDER BY id`,
  );
