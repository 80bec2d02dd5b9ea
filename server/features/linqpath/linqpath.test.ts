// @vitest-environment node
// Saved LinqPath plans (docs/linqpath.md#saved-plans): saved, renamed and deleted with manage_sites, read by
// the members who see every site; bad input changes nothing; another cloud's plans, devices and sites are
// none; each change in the change log. server/test/access-table.ts has every caller kind of each route.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinqPathInputs, LinqPathPlan } from '../../../core/api/linqpath.ts';
import { linqpathPlans } from '../../db/schema/linqpath.ts';
import { tableLinqPathInputs } from '../../test/access-table-linqpath.ts';
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
let siteId: number;
let deviceId: number;
let otherDeviceId: number;
let owner: Session;
let guest: Session;
let siteUser: Session;
let admin: Session;
let otherOwner: Session;

const inputs = (change: (inputs: LinqPathInputs) => void = () => {}): LinqPathInputs => {
  const made = tableLinqPathInputs() as LinqPathInputs;
  change(made);
  return made;
};

async function signedIn(cloud: number, role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER') {
  const user = await createUser(t.database.db);
  await addMember(t.database.db, user.id, cloud, role, 0);
  return { session: await login(t.app, user.email, TEST_PASSWORD), userId: user.id };
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  cloudId = (await createCloud(db)).id;
  siteId = (await createSite(db, cloudId, { name: 'Harbour' })).id;
  deviceId = (await createDevice(db, cloudId, siteId)).id;
  const otherCloudId = (await createCloud(db)).id;
  otherDeviceId = (await createDevice(db, otherCloudId, null)).id;
  owner = (await signedIn(cloudId, 'ROLE_OWNER')).session;
  guest = (await signedIn(cloudId, 'ROLE_GUEST')).session;
  admin = (await signedIn(cloudId, 'ROLE_ADMIN')).session;
  const user = await signedIn(cloudId, 'ROLE_USER');
  await assignSite(db, user.userId, cloudId, siteId, ['read_site', 'register']);
  siteUser = user.session;
  otherOwner = (await signedIn(otherCloudId, 'ROLE_OWNER')).session;
});
afterAll(async () => {
  await t.close();
});

const call = (session: Session, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: object) =>
  t.app.inject({
    method,
    url: `/apiv2/cloud/${cloudId}/linqpath/plans${path}`,
    headers: as(session),
    ...(body === undefined ? {} : { payload: body }),
  });

const planCount = async () =>
  (await t.database.db.select().from(linqpathPlans).where(eq(linqpathPlans.cloudId, cloudId))).length;

describe('places', () => {
  it('lists the sites and link radios with coordinates the caller sees, by name', async () => {
    const { db } = t.database;
    const harbourPier = await createSite(db, cloudId, {
      name: 'Harbour Pier',
      latitude: 37.8,
      longitude: -122.4,
    });
    await createSite(db, cloudId, { name: 'Harbour Depot' });
    await createDevice(db, cloudId, harbourPier.id, {
      name: 'Harbour PtP',
      productType: 'metrolinq',
      productBrandId: 150,
    });
    await createDevice(db, cloudId, harbourPier.id, { name: 'Harbour switch', productType: 'switch' });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/linqpath/places?search=harbour`,
      headers: as(owner),
    });
    expect(answer.json()).toEqual({
      sites: [{ id: harbourPier.id, name: 'Harbour Pier', latitude: 37.8, longitude: -122.4 }],
      devices: [
        expect.objectContaining({
          name: 'Harbour PtP',
          site_name: 'Harbour Pier',
          product_brand_id: 150,
          latitude: 37.8,
          longitude: -122.4,
        }),
      ],
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/linqpath/places?search=harbour`,
      headers: as(siteUser),
    });
    expect(mine.json()).toEqual({ sites: [], devices: [] });
    const short = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/linqpath/places?search=ha`,
      headers: as(owner),
    });
    expect(short.statusCode).toBe(400);
  });
});

describe('saved plans', () => {
  it('saves a plan, lists the plans by name a page at a time and reads one back', async () => {
    const made = await call(owner, 'POST', '', {
      name: '  Zulu tower  ',
      inputs: inputs((i) => {
        i.a.device_id = deviceId;
        i.a.site_id = siteId;
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const plan = made.json<LinqPathPlan>();
    expect(plan).toMatchObject({
      name: 'Zulu tower',
      inputs: { a: { device_id: deviceId, site_id: siteId } },
    });
    expect(plan.created_by).not.toBeNull();
    await call(owner, 'POST', '', { name: 'alpha roof', inputs: inputs() });
    const first = await call(owner, 'GET', '?limit=1');
    expect(first.json()).toMatchObject({
      total: 2,
      total_capped: false,
      can_edit: true,
      items: [{ name: 'alpha roof' }],
    });
    const second = await call(owner, 'GET', '?limit=1&offset=1');
    expect(second.json().items).toEqual([expect.objectContaining({ name: 'Zulu tower' })]);
    expect((await call(owner, 'GET', `/${plan.id}`)).json().name).toBe('Zulu tower');
  });

  it('lets a Guest read the plans but not save them, and a Site User neither', async () => {
    const read = await call(guest, 'GET', '');
    expect(read.statusCode).toBe(200);
    expect(read.json().can_edit).toBe(false);
    expect((await call(guest, 'POST', '', { name: 'Guest plan', inputs: inputs() })).statusCode).toBe(403);
    expect((await call(siteUser, 'GET', '')).statusCode).toBe(403);
    expect((await call(admin, 'POST', '', { name: 'Admin plan', inputs: inputs() })).statusCode).toBe(403);
  });

  it('refuses unknown keys, values out of range, radios on different bands and places of another cloud, changing nothing', async () => {
    const before = await planCount();
    const bodies: object[] = [
      { name: 'Extra', inputs: inputs(), extra: true },
      { name: 'Extra end key', inputs: { ...inputs(), a: { ...inputs().a, colour: 'red' } } },
      { name: '', inputs: inputs() },
      { name: 'No inputs' },
      {
        name: 'Latitude',
        inputs: inputs((i) => {
          i.a.latitude = 91;
        }),
      },
      {
        name: 'Height',
        inputs: inputs((i) => {
          i.b.height_m = -1;
        }),
      },
      { name: 'Zone', inputs: { ...inputs(), rain_zone: 'Z' } },
      {
        name: 'Availability',
        inputs: inputs((i) => {
          i.availability_percent = 100;
        }),
      },
      {
        name: 'Not a radio',
        inputs: inputs((i) => {
          i.a.product_brand_id = 1;
        }),
      },
      {
        name: 'Bands',
        inputs: inputs((i) => {
          i.b.product_brand_id = 152;
        }),
      },
      {
        name: 'Same place',
        inputs: inputs((i) => {
          i.b.latitude = i.a.latitude;
        }),
      },
      {
        name: 'Terrain',
        inputs: inputs((i) => {
          i.terrain = [
            [10, 1],
            [5, 2],
          ];
        }),
      },
      {
        name: 'Device',
        inputs: inputs((i) => {
          i.b.device_id = otherDeviceId;
        }),
      },
    ];
    for (const body of bodies) {
      const answer = await call(owner, 'POST', '', body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bands = await call(owner, 'POST', '', {
      name: 'Bands',
      inputs: inputs((i) => {
        i.b.product_brand_id = 152;
      }),
    });
    expect(bands.json().errors).toEqual([
      expect.objectContaining({
        path: '/inputs/b/product_brand_id',
        message: 'Both ends need radios on the same band.',
      }),
    ]);
    expect(await planCount()).toBe(before);
  });

  it('renames a plan and replaces its inputs; a plan of another cloud is none', async () => {
    const plan = (await call(owner, 'POST', '', { name: 'Before', inputs: inputs() })).json<LinqPathPlan>();
    const renamed = await call(owner, 'PATCH', `/${plan.id}`, { name: 'After' });
    expect(renamed.json()).toMatchObject({ name: 'After', inputs: { rain_zone: 'K' } });
    const changed = await call(owner, 'PATCH', `/${plan.id}`, {
      inputs: inputs((i) => {
        i.rain_zone = 'N';
      }),
    });
    expect(changed.json()).toMatchObject({ name: 'After', inputs: { rain_zone: 'N' } });
    expect((await call(owner, 'PATCH', `/${plan.id}`, {})).statusCode).toBe(400);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/linqpath/plans/${plan.id}`,
      headers: as(otherOwner),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('deletes a plan, and the change log names each change', async () => {
    const plan = (
      await call(owner, 'POST', '', { name: 'Short lived', inputs: inputs() })
    ).json<LinqPathPlan>();
    expect((await call(owner, 'DELETE', `/${plan.id}`)).json()).toEqual({ ok: true });
    expect((await call(owner, 'GET', `/${plan.id}`)).statusCode).toBe(404);
    const log = await t.app.inject({
      method: 'GET',
      url: `/apiv2/cloud/${cloudId}/change-log?object_type=linqpath_plan`,
      headers: as(owner),
    });
    const actions = log
      .json()
      .items.filter((item: { object_name: string }) => item.object_name === 'Short lived')
      .map((item: { action: string }) => item.action);
    expect(actions.sort()).toEqual(['created', 'deleted']);
  });
});
