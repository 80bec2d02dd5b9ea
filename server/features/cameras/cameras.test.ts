// @vitest-environment node
// A smart NVR's cameras (docs/cameras.md): kept from its heartbeats, discovered by its ONVIF scan, read by
// every member, and changed only by tasks that need manage_snvr.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CameraItem,
  CameraListResponse,
  DiscoveredCameraListResponse,
} from '../../../core/api/cameras.ts';
import { CLOUD_PERMISSION } from '../../../core/domain.ts';
import type { Camera } from '../../../core/fleet/protocol.ts';
import { queryRows } from '../../db/rows.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { adoptDevice, heartbeat, sendHeartbeat } from '../../fleet/test-fleet.ts';
import { commandsOf, report } from '../../fleet/test-tasks.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import { addMember, createCloud, createUser, TEST_PASSWORD } from '../../test/factories.ts';
import { getCamera } from './repository.ts';
import { reportedCamera } from './test-cameras.ts';

let t: TestApp;
let cloudId: number;
let recorderId: number;
let credential: string;
let seq = 0;
const session: Record<string, Session> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  const [recorder] = await db
    .insert(smartNvrs)
    .values({ cloudId, name: 'Yard NVR', mac: '02:00:00:ca:00:01', sn: 'NVRCAM1', productBrandId: 190 })
    .returning();
  if (!recorder) throw new Error('smart NVR not created');
  recorderId = recorder.id;
  credential = await adoptDevice(t, recorder, 190);
  for (const [key, role, bits] of [
    ['owner', 'ROLE_OWNER', 0],
    ['admin', 'ROLE_ADMIN', 0],
    ['manager', 'ROLE_ADMIN', CLOUD_PERMISSION.manage_snvr],
    ['guest', 'ROLE_GUEST', 0],
  ] as const) {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role, bits);
    session[key] = await login(t.app, user.email, TEST_PASSWORD);
  }
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  session.outsider = await login(t.app, outsider.email, TEST_PASSWORD);
});
afterAll(() => t.close());

const beat = async (cameras: Camera[] | undefined) => {
  seq += 1;
  const response = await sendHeartbeat(
    t,
    credential,
    heartbeat(seq, { radios: undefined, clients: undefined, cameras }),
  );
  expect(response.statusCode).toBe(200);
  return response.json().commands as { id: number; type: string; params: Record<string, unknown> }[];
};
const base = () => `/apiv2/cloud/${cloudId}/smartnvrs/${recorderId}`;
const get = (who: string, path: string) =>
  t.app.inject({ method: 'GET', url: `${base()}${path}`, headers: as(session[who] as Session) });
const send = (who: string, method: 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
  t.app.inject({
    method,
    url: `${base()}${path}`,
    headers: as(session[who] as Session),
    ...(payload === undefined ? {} : { payload }),
  });
const taskCount = async () =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM tasks WHERE cloud_id = ${cloudId}`,
    )
  )[0]?.n;

describe('the cameras a recorder reports', () => {
  it('keeps each heartbeat’s cameras, marks one it leaves out removed, and lists it again when it returns', async () => {
    await beat([
      reportedCamera(1),
      reportedCamera(2),
      reportedCamera(3, { name: 'Alley', stream: 'failed' }),
    ]);
    const first = (await get('guest', '/cameras')).json<CameraListResponse>();
    expect(first.items.map((c) => c.name)).toEqual(['Alley', 'Camera 01', 'Camera 02']);
    expect(first).toMatchObject({
      total: 3,
      can_manage: false,
      recorder: { id: recorderId, name: 'Yard NVR' },
    });
    expect(first.items[1]).toMatchObject({
      id: 'cam-1',
      model: 'P3265-LVE',
      ip: '192.168.50.11',
      firmware: '11.9.60',
      main: { codec: 'h265', width: 1920, height: 1080 },
      sub: { codec: 'h264', width: 640, height: 360 },
      status: 'streaming',
      recording: true,
      recording_profile: 'continuous',
      retention_days: 30,
      storage_used_bytes: 120_000_000_000,
    });

    await beat([reportedCamera(1), reportedCamera(3, { name: 'Alley' })]);
    expect((await get('owner', '/cameras')).json<CameraListResponse>().items.map((c) => c.id)).toEqual([
      'cam-3',
      'cam-1',
    ]);
    expect((await get('owner', '/cameras/cam-2')).statusCode).toBe(404);
    expect(await getCamera(t.database.db, cloudId, recorderId, 'cam-2')).toBeNull();

    // A heartbeat without cameras says nothing of them; one that lists cam-2 again brings it back.
    await beat(undefined);
    expect((await get('owner', '/cameras')).json<CameraListResponse>().total).toBe(2);
    await beat([reportedCamera(1), reportedCamera(2), reportedCamera(3, { name: 'Alley' })]);
    expect((await get('owner', '/cameras/cam-2')).json<CameraItem>()).toMatchObject({ id: 'cam-2' });
    expect(await getCamera(t.database.db, cloudId, recorderId, 'cam-1')).toEqual({
      id: 'cam-1',
      name: 'Camera 01',
      main: { codec: 'h265', width: 1920, height: 1080 },
      sub: { codec: 'h264', width: 640, height: 360 },
      status: 'streaming',
    });
  });

  it('searches, filters and pages the list on the server', async () => {
    await beat([
      reportedCamera(1),
      reportedCamera(2, { recording: false }),
      reportedCamera(3, { name: 'Alley', stream: 'failed', model: 'XNV-8080R' }),
    ]);
    const ids = async (query: string) =>
      (await get('guest', `/cameras?${query}`)).json<CameraListResponse>().items.map((c) => c.id);
    expect(await ids('search=XNV')).toEqual(['cam-3']);
    expect(await ids('search=50.12')).toEqual(['cam-2']);
    expect(await ids('filter=failed')).toEqual(['cam-3']);
    expect(await ids('filter=not_recording')).toEqual(['cam-2']);
    const page = (await get('guest', '/cameras?offset=1&limit=1')).json<CameraListResponse>();
    expect(page).toMatchObject({ total: 3, total_capped: false });
    expect(page.items.map((c) => c.id)).toEqual(['cam-1']);
    for (const bad of ['limit=0', 'limit=101', 'filter=broken', 'search=a', 'colour=red']) {
      expect((await get('guest', `/cameras?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('answers 404 for a recorder or camera that is not the cloud’s, and to an outsider', async () => {
    expect((await get('outsider', '/cameras')).statusCode).toBe(404);
    expect((await get('owner', '/cameras/cam-99')).statusCode).toBe(404);
    const other = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/smartnvrs/${recorderId + 1000}/cameras`,
      headers: as(session.owner as Session),
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('scanning for cameras and adopting one', () => {
  it('lists what the scan found that the recorder does not record, and adopts one by a task', async () => {
    expect((await get('guest', '/discovered-cameras')).json()).toMatchObject({ items: [], last_scan: null });
    const scan = await send('manager', 'POST', '/camera-scans');
    expect(scan.statusCode).toBe(201);
    expect(scan.json().task).toMatchObject({
      type_id: 'TASK_ONVIF_SCAN_AND_COLLECT',
      snvr_device_id: recorderId,
    });
    const [command] = await commandsOf(t, credential);
    expect(command).toMatchObject({ type: 'TASK_ONVIF_SCAN_AND_COLLECT' });
    const found = (ip: string, name: string) => ({ ip, manufacturer: 'Hanwha', model: 'XNV-8080R', name });
    // 192.168.50.11 is cam-1's address: recorded already, so not offered.
    await report(t, credential, command?.id ?? 0, {
      state: 'success',
      result: { cameras: [found('192.168.50.40', 'Lobby'), found('192.168.50.11', 'Camera 01')] },
    });
    await t.app.fleet.tasks.flush();
    const list = (await get('guest', '/discovered-cameras')).json<DiscoveredCameraListResponse>();
    expect(list.items).toEqual([
      expect.objectContaining({
        ip: '192.168.50.40',
        manufacturer: 'Hanwha',
        model: 'XNV-8080R',
        name: 'Lobby',
      }),
    ]);
    expect(list.last_scan).toMatchObject({ task_id: scan.json().task.id, task_state: 'TASK_SUCCESS' });

    const discoveredId = list.items[0]?.id ?? 0;
    const adopted = await send('owner', 'POST', `/discovered-cameras/${discoveredId}/adopt`, {
      name: 'Front desk',
    });
    expect(adopted.statusCode).toBe(201);
    expect(adopted.json().task).toMatchObject({
      type_id: 'TASK_CAMERA_ADOPT',
      task_params: { ip: '192.168.50.40', name: 'Front desk' },
    });
    const [adopt] = await commandsOf(t, credential);
    expect(adopt).toMatchObject({
      type: 'TASK_CAMERA_ADOPT',
      params: { ip: '192.168.50.40', name: 'Front desk' },
    });
    const [logged] = await t.database.db
      .select()
      .from(auditRecords)
      .where(
        and(eq(auditRecords.objectType, 'task'), eq(auditRecords.objectId, String(adopted.json().task.id))),
      );
    expect(logged).toMatchObject({ action: 'created', objectName: 'TASK_CAMERA_ADOPT' });

    // Once the recorder lists it, it is no longer offered; a scan that finds nothing empties the list.
    await beat([
      reportedCamera(1),
      reportedCamera(2),
      reportedCamera(3),
      reportedCamera(30, { name: 'Front desk' }),
    ]);
    expect((await get('guest', '/discovered-cameras')).json().items).toEqual([]);
    expect((await send('owner', 'POST', `/discovered-cameras/${discoveredId}/adopt`, {})).statusCode).toBe(
      404,
    );
    await send('owner', 'POST', '/camera-scans');
    const second = (await commandsOf(t, credential)).find((c) => c.type === 'TASK_ONVIF_SCAN_AND_COLLECT');
    await report(t, credential, second?.id ?? 0, { state: 'success', result: { cameras: [] } });
    await t.app.fleet.tasks.flush();
    const rows = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM discovered_cameras WHERE smart_nvr_id = ${recorderId}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});

describe('changing a camera', () => {
  it.each([
    [
      'renames',
      'PUT',
      '/cameras/cam-2/name',
      { name: 'Gate' },
      'TASK_CAMERA_RENAME',
      { cameraId: 'cam-2', name: 'Gate' },
    ],
    [
      'stops recording',
      'PUT',
      '/cameras/cam-2/recording',
      { enabled: false },
      'TASK_CAMERA_RECORDING',
      { cameraId: 'cam-2', enabled: false },
    ],
    [
      'sets the recording profile',
      'PUT',
      '/cameras/cam-2/recording-profile',
      { profile: 'motion', retention_days: 14 },
      'TASK_CAMERA_PROFILE',
      { cameraId: 'cam-2', profile: 'motion', retentionDays: 14 },
    ],
    ['removes', 'DELETE', '/cameras/cam-2', undefined, 'TASK_CAMERA_REMOVE', { cameraId: 'cam-2' }],
  ] as const)(
    '%s the camera by a task to the recorder',
    async (_name, method, path, payload, type, params) => {
      const response = await send('manager', method, path, payload);
      expect(response.statusCode).toBe(201);
      expect(response.json().task).toMatchObject({
        type_id: type,
        task_params: params,
        snvr_device_id: recorderId,
      });
      const commands = await commandsOf(t, credential);
      expect(commands.at(-1)).toMatchObject({ type, params });
    },
  );

  it.each([
    ['an empty name', '/cameras/cam-2/name', { name: '' }],
    ['a name with a space at its end', '/cameras/cam-2/name', { name: 'Gate ' }],
    ['a name of 65 characters', '/cameras/cam-2/name', { name: 'x'.repeat(65) }],
    ['an unknown key', '/cameras/cam-2/name', { name: 'Gate', colour: 'red' }],
    ['text for a boolean', '/cameras/cam-2/recording', { enabled: 'yes' }],
    ['an unknown profile', '/cameras/cam-2/recording-profile', { profile: 'always', retention_days: 5 }],
    ['no retention', '/cameras/cam-2/recording-profile', { profile: 'motion' }],
    ['0 days', '/cameras/cam-2/recording-profile', { profile: 'motion', retention_days: 0 }],
    ['366 days', '/cameras/cam-2/recording-profile', { profile: 'motion', retention_days: 366 }],
  ])('answers 400 to %s and starts no task', async (_name, path, payload) => {
    const before = await taskCount();
    const response = await send('owner', 'PUT', path, payload);
    expect(response.statusCode).toBe(400);
    expect(await taskCount()).toBe(before);
  });

  it('answers 403 without manage_snvr, 404 for a camera the recorder does not list, and starts no task', async () => {
    const before = await taskCount();
    expect((await send('guest', 'PUT', '/cameras/cam-2/name', { name: 'Gate' })).statusCode).toBe(403);
    expect((await send('admin', 'DELETE', '/cameras/cam-2')).statusCode).toBe(403);
    expect((await send('guest', 'POST', '/camera-scans')).statusCode).toBe(403);
    expect((await send('outsider', 'POST', '/camera-scans')).statusCode).toBe(404);
    expect((await send('owner', 'PUT', '/cameras/cam-99/recording', { enabled: true })).statusCode).toBe(404);
    expect((await send('owner', 'POST', '/discovered-cameras/999999/adopt', {})).statusCode).toBe(404);
    expect(await taskCount()).toBe(before);
  });
});
