// @vitest-environment node
// The device list's bulk actions: devices named one by one or all that match a filter, every device
// allowed or nothing done, tasks for what runs on the devices and one transaction with a change log record
// per device for what changes in the console.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { as, createTestApp, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

let t: TestApp;
let cloudId: number;
let north: number;
let south: number;
let hidden: number;
let owner: Session;
let guest: Session;
/** May reboot and move on North only; sees North and South. */
let siteUser: Session;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  north = (await createSite(db, cloudId, { name: 'North' })).id;
  south = (await createSite(db, cloudId, { name: 'South' })).id;
  hidden = (await createSite(db, cloudId, { name: 'Hidden' })).id;
  const device = async (key: string, siteId: number, fields: Parameters<typeof createDevice>[3]) => {
    ids[key] = (await createDevice(db, cloudId, siteId, { name: key, ...fields })).id;
  };
  await device('Alpha AP', north, { productBrandId: 13, productType: 'wifi', fw: '7.2.1-4012' });
  await device('Bravo AP', north, { productBrandId: 13, productType: 'wifi', fw: '7.2.0-3988' });
  await device('Core switch', north, { productBrandId: 96, productType: 'switch', fw: '2.2.0-760' });
  await device('Delta AP', south, { productBrandId: 13, productType: 'wifi', fw: '7.2.1-4012' });
  await device('Echo AP', hidden, { productBrandId: 13, productType: 'wifi', fw: '7.2.1-4012' });
  const member = async (role: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER') => {
    const user = await createUser(db);
    await addMember(db, user.id, cloudId, role);
    if (role === 'ROLE_USER') {
      await assignSite(db, user.id, cloudId, north, [
        'read_site',
        'read_device',
        'change_device_state',
        'register',
      ]);
      await assignSite(db, user.id, cloudId, south, ['read_site', 'read_device']);
    }
    return login(t.app, user.email, TEST_PASSWORD);
  };
  owner = await member('ROLE_OWNER');
  guest = await member('ROLE_GUEST');
  siteUser = await member('ROLE_USER');
});
afterAll(() => t.close());

const post = (session: Session, action: string, body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/devices/bulk/${action}`,
    headers: as(session),
    payload: body,
  });

const taskCount = async () =>
  Number((await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM tasks`))[0]?.n);
const targetsOf = (taskId: number) =>
  queryRows<{ device_id: number }>(
    t.database.db,
    sql`SELECT device_id FROM task_targets WHERE task_id = ${taskId} ORDER BY device_id`,
  );
const deviceRow = async (id: number) =>
  (
    await queryRows<{ site_id: number; decomm: boolean; deleted: boolean }>(
      t.database.db,
      sql`SELECT site_id, decomm, deleted_at IS NOT NULL AS deleted FROM devices WHERE id = ${id}`,
    )
  )[0];
const auditOf = (id: number) =>
  queryRows<{ action: string; object_name: string; before: object; after: object; actor_email: string }>(
    t.database.db,
    sql`SELECT action, object_name, before, after, actor_email FROM audit_records
      WHERE object_type = 'device' AND object_id = ${String(id)} ORDER BY id`,
  );

describe('POST /apiv2/cloud/:cloudId/devices/bulk/reboot', () => {
  it('reboots the devices named, as one task with a target each', async () => {
    const response = await post(owner, 'reboot', {
      selection: { device_ids: [ids['Alpha AP'], ids['Core switch']] },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({ count: 2, skipped: 0 });
    expect((await targetsOf(result.task_id)).map((row) => row.device_id)).toEqual([
      ids['Alpha AP'],
      ids['Core switch'],
    ]);
  });

  it('resolves all that match a filter on the server, and counts them in a dry run without a task', async () => {
    const before = await taskCount();
    const filter = { type: 'wifi', search: ' a AP ' };
    const dry = await post(owner, 'reboot', { selection: { filter }, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ count: 2, task_id: null, skipped: 0 });
    expect(await taskCount()).toBe(before);
    const run = await post(owner, 'reboot', { selection: { filter }, expected_count: 2 });
    expect(run.statusCode, run.body).toBe(201);
    expect((await targetsOf(run.json().task_id)).map((row) => row.device_id)).toEqual(
      ['Alpha AP', 'Delta AP'].map((name) => ids[name]),
    );
  });

  it('does nothing when the filter now matches another number than the one confirmed', async () => {
    const before = await taskCount();
    const response = await post(owner, 'reboot', {
      selection: { filter: { type: 'wifi' } },
      expected_count: 3,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: '4 devices match now, not the 3 confirmed. Nothing was done.',
    });
    expect(await taskCount()).toBe(before);
  });

  it('refuses the whole request when the caller may not act on one of the devices', async () => {
    const before = await taskCount();
    // North allows it, South does not: the filter covers both of the sites the Site User sees.
    const all = await post(siteUser, 'reboot', { selection: { filter: { type: 'wifi' } } });
    expect(all.statusCode).toBe(403);
    expect(all.json()).toEqual({ message: 'You may not reboot 1 of these 3 devices. Nothing was done.' });
    const guests = await post(guest, 'reboot', { selection: { device_ids: [ids['Alpha AP']] } });
    expect(guests.statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
    const allowed = await post(siteUser, 'reboot', { selection: { filter: { site_id: north } } });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(allowed.json().count).toBe(3);
  });

  it('answers 404 for a device of a site the caller does not see, as for one that does not exist', async () => {
    const hiddenOne = await post(siteUser, 'reboot', { selection: { device_ids: [ids['Echo AP']] } });
    expect(hiddenOne.statusCode).toBe(404);
    const missing = await post(owner, 'reboot', { selection: { device_ids: [ids['Alpha AP'], 99_999] } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: '1 of the 2 devices do not exist in this cloud.' });
  });

  it('answers 400 with the error list for a bad selection, and starts nothing', async () => {
    const before = await taskCount();
    const cases: [object, string, string][] = [
      [{ selection: {} }, '/selection', 'one_selection'],
      [{ selection: { device_ids: [ids['Alpha AP']], filter: {} } }, '/selection', 'one_selection'],
      [{ selection: { device_ids: [] } }, '/selection/device_ids', 'minItems'],
      [{ selection: { filter: { health: 'HEALTH_BAD' } } }, '/selection/filter/health', 'enum'],
      [{ selection: { filter: { search: 'AP', model: 1 } } }, '/selection/filter/search', 'pattern'],
      [{ selection: { filter: { fw: 'zzz-999' } } }, '/selection/filter', 'no_devices'],
    ];
    for (const [body, path, errorCode] of cases) {
      const response = await post(owner, 'reboot', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ location: 'body', path, errorCode })]),
      );
    }
    expect(await taskCount()).toBe(before);
  });
});

describe('POST /apiv2/cloud/:cloudId/devices/bulk/firmware', () => {
  const typeOf = async (taskId: number) =>
    (
      await queryRows<{ type_id: string; task_params: object }>(
        t.database.db,
        sql`SELECT type_id, task_params FROM tasks WHERE id = ${taskId}`,
      )
    )[0];

  it('updates each device to the newest firmware of its family without a version', async () => {
    const response = await post(owner, 'firmware', { selection: { filter: { site_id: north } } });
    expect(response.statusCode, response.body).toBe(201);
    expect(await typeOf(response.json().task_id)).toEqual({
      type_id: 'TASK_FW_AUTO_UPDATE',
      task_params: {},
    });
  });

  it('rolls a version out in batches after a canary, leaving out the devices it is not for', async () => {
    const rolling = { canarySize: 1, batchSize: 2, failureThresholdPct: 10 };
    const response = await post(owner, 'firmware', {
      selection: { filter: { site_id: north } },
      version: '7.3.0-4105',
      rolling,
    });
    expect(response.statusCode, response.body).toBe(201);
    // The switch has no 7.3.0 release.
    expect(response.json()).toMatchObject({ count: 3, skipped: 1 });
    expect(await typeOf(response.json().task_id)).toEqual({
      type_id: 'TASK_FW_ROLLING_UPDATE',
      task_params: { version: '7.3.0-4105', ...rolling },
    });
  });

  it('asks for the version of a rolling update, and refuses a site user without the firmware permission', async () => {
    const before = await taskCount();
    const noVersion = await post(owner, 'firmware', {
      selection: { device_ids: [ids['Alpha AP']] },
      rolling: { canarySize: 1, batchSize: 2, failureThresholdPct: 10 },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().errors).toEqual([
      expect.objectContaining({ path: '/version', errorCode: 'required' }),
    ]);
    const refused = await post(siteUser, 'firmware', { selection: { device_ids: [ids['Alpha AP']] } });
    expect(refused.statusCode).toBe(403);
    expect(await taskCount()).toBe(before);
  });
});

describe('console changes: move, decommission, delete', () => {
  let spare: Record<string, number>;
  let run = 0;
  beforeEach(async () => {
    const { db } = t.database;
    spare = {};
    run += 1;
    for (const name of [`Spare ${run}-one`, `Spare ${run}-two`, `Spare ${run}-three`]) {
      spare[name] = (await createDevice(db, cloudId, north, { name })).id;
    }
  });
  const spareIds = () => Object.values(spare);

  it('moves the devices to another site with a change log record for each', async () => {
    const response = await post(owner, 'move', { selection: { device_ids: spareIds() }, site_id: south });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ count: 3, task_id: null, skipped: 0 });
    for (const id of spareIds()) {
      expect((await deviceRow(id))?.site_id).toBe(south);
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: 'changed', before: { site_id: north }, after: { site_id: south } }),
      ]);
    }
  });

  it('moves nothing when the caller may not register devices on the new site, or cannot see it', async () => {
    const toSouth = await post(siteUser, 'move', { selection: { device_ids: spareIds() }, site_id: south });
    expect(toSouth.statusCode).toBe(403);
    const toHidden = await post(siteUser, 'move', { selection: { device_ids: spareIds() }, site_id: hidden });
    expect(toHidden.statusCode).toBe(404);
    const badSite = await post(owner, 'move', { selection: { device_ids: spareIds() }, site_id: 'north' });
    expect(badSite.statusCode).toBe(400);
    for (const id of spareIds()) {
      expect((await deviceRow(id))?.site_id).toBe(north);
      expect(await auditOf(id)).toEqual([]);
    }
  });

  it('decommissions all that match: they leave the list, each with its record, in one transaction', async () => {
    const response = await post(owner, 'decommission', {
      selection: { filter: { search: `Spare ${run}-`, site_id: north } },
      expected_count: 3,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().count).toBe(3);
    for (const id of spareIds()) {
      expect(await deviceRow(id)).toMatchObject({ decomm: true, deleted: false });
      const [record] = await auditOf(id);
      expect(record).toMatchObject({ action: 'changed', before: { decomm: false }, after: { decomm: true } });
      expect(record?.actor_email).toMatch(/@test\.example$/);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/devices?search=Spare%20${run}-`,
      headers: as(owner),
    });
    expect(list.json().total).toBe(0);
  });

  it('deletes the devices, and deletes none when one of them is not the caller’s to delete', async () => {
    const refused = await post(siteUser, 'delete', { selection: { device_ids: spareIds() } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You may not delete 3 of these 3 devices. Nothing was done.');
    for (const id of spareIds()) expect(await deviceRow(id)).toMatchObject({ deleted: false });

    const response = await post(owner, 'delete', { selection: { device_ids: spareIds() } });
    expect(response.statusCode, response.body).toBe(200);
    for (const [name, id] of Object.entries(spare)) {
      expect(await deviceRow(id)).toMatchObject({ deleted: true });
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: 'deleted', object_name: name, before: { name, site_id: north } }),
      ]);
    }
  });
});
