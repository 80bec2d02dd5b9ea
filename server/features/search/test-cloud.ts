import type { SearchFind, SearchFindResult, SearchResult } from '../../../core/api/search.ts';
import { objectHistory, wirelessClients } from '../../db/schema/inventory.ts';
import { as, login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

/**
 * "Acme Networks" with two sites, devices, wireless clients, members of every role and some history;
 * its owner also owns "Acme Labs". "Acme Rivals" belongs to someone else and holds look-alike objects
 * that must never be found.
 */
export async function createSearchCloud(t: TestApp) {
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Acme Networks' });
  const labs = await createCloud(db, { name: 'Acme Labs' });
  const rivals = await createCloud(db, { name: 'Acme Rivals' });

  const harbor = await createSite(db, cloud.id, { name: 'Harbor Office', location: '12 Quay Street' });
  const airport = await createSite(db, cloud.id, { name: 'Airport Hangar', location: 'Runway Road' });
  // A site whose name looks like a MAC prefix: a MAC search must not find it.
  const lab = await createSite(db, cloud.id, { name: 'Lab aa:bb:cc', location: 'Basement' });

  const harborAp = await createDevice(db, cloud.id, harbor.id, {
    name: 'Lobby AP 1',
    hostname: 'ap-harbor-01',
    mac: 'aa:bb:cc:00:00:01',
    ip: '10.20.0.1',
    sn: 'WA1000001',
  });
  const airportAp = await createDevice(db, cloud.id, airport.id, {
    name: 'Lobby AP 2',
    hostname: 'ap-airport-02',
    mac: 'aa:bb:cc:00:00:02',
    ip: '10.20.1.2',
    sn: 'WA1000002',
  });
  const kiosk = await createDevice(db, cloud.id, harbor.id, { name: '50% Off Kiosk', hostname: 'kiosk-1' });
  const rackB = await createDevice(db, cloud.id, harbor.id, { name: 'Rack_B Switch', hostname: 'sw-rack-b' });
  await createDevice(db, cloud.id, harbor.id, { name: 'RackXB Switch', hostname: 'sw-rack-x' });
  const retired = await createDevice(db, cloud.id, airport.id, {
    name: 'Retired Bridge',
    hostname: 'bridge-old',
    deletedAt: daysAgo(3),
    updatedAt: daysAgo(3),
  });

  const [laptop, phone] = await db
    .insert(wirelessClients)
    .values([
      {
        cloudId: cloud.id,
        siteId: harbor.id,
        deviceId: harborAp.id,
        mac: 'aa:bb:cc:00:00:77',
        ip: '192.168.5.10',
        hostname: 'laptop-anna',
      },
      {
        cloudId: cloud.id,
        siteId: airport.id,
        deviceId: airportAp.id,
        mac: '3c:22:fb:10:20:30',
        ip: '192.168.6.20',
        hostname: '',
      },
    ])
    .returning();
  if (!laptop || !phone) throw new Error('clients not created');

  await db.insert(objectHistory).values([
    // The Harbor access point was called something else until 40 days ago.
    {
      cloudId: cloud.id,
      siteId: harbor.id,
      objectType: 'device',
      objectId: harborAp.id,
      field: 'name',
      value: 'Old Warehouse AP',
      validFrom: daysAgo(400),
      validTo: daysAgo(40),
    },
    // A visitor's laptop that is gone, last seen at the airport.
    {
      cloudId: cloud.id,
      siteId: airport.id,
      objectType: 'client',
      objectId: 999_999,
      field: 'mac',
      value: 'de:ad:be:ef:00:01',
      validFrom: daysAgo(30),
      validTo: daysAgo(9),
    },
    // Anna's laptop was at the airport before; it is still known by the same MAC.
    {
      cloudId: cloud.id,
      siteId: airport.id,
      objectType: 'client',
      objectId: laptop.id,
      field: 'mac',
      value: 'aa:bb:cc:00:00:77',
      validFrom: daysAgo(30),
      validTo: daysAgo(20),
    },
    // Still valid: not history yet.
    {
      cloudId: cloud.id,
      siteId: airport.id,
      objectType: 'device',
      objectId: airportAp.id,
      field: 'name',
      value: 'Future Gate AP',
      validFrom: daysAgo(10),
      validTo: new Date(Date.now() + 86_400_000),
    },
    // The airport site's former name: only callers who see that site may find it.
    {
      cloudId: cloud.id,
      siteId: airport.id,
      objectType: 'site',
      objectId: airport.id,
      field: 'name',
      value: 'Lobby Field Terminal',
      validFrom: daysAgo(700),
      validTo: daysAgo(100),
    },
  ]);

  const owner = await createUser(db, {
    firstname: 'Olivia',
    lastname: 'Owner',
    email: 'olivia@acme.example',
  });
  await addMember(db, owner.id, cloud.id, 'ROLE_OWNER');
  await addMember(db, owner.id, labs.id, 'ROLE_OWNER');
  const admin = await createUser(db, { firstname: 'Maria', lastname: 'Garcia', email: 'maria@acme.example' });
  await addMember(db, admin.id, cloud.id, 'ROLE_ADMIN', 8);
  const guest = await createUser(db, { firstname: 'Gus', lastname: 'Guest', email: 'gus@acme.example' });
  await addMember(db, guest.id, cloud.id, 'ROLE_GUEST');
  const siteUser = await createUser(db, { firstname: 'Sam', lastname: 'Harbor', email: 'sam@acme.example' });
  await addMember(db, siteUser.id, cloud.id, 'ROLE_USER');
  await assignSite(db, siteUser.id, cloud.id, harbor.id, ['read_site', 'read_device']);

  // The rival cloud: its owner is no member of Acme Networks.
  const rival = await createUser(db, { firstname: 'Rita', lastname: 'Rival', email: 'rita@rivals.example' });
  await addMember(db, rival.id, rivals.id, 'ROLE_OWNER');
  const rivalSite = await createSite(db, rivals.id, { name: 'Harbor Rival Office' });
  const rivalDevice = await createDevice(db, rivals.id, rivalSite.id, {
    name: 'Lobby AP Rival',
    mac: 'aa:bb:cc:00:00:09',
    ip: '10.20.0.9',
  });
  await db.insert(wirelessClients).values({
    cloudId: rivals.id,
    siteId: rivalSite.id,
    mac: 'aa:bb:cc:00:00:99',
    ip: '192.168.5.99',
    hostname: 'laptop-rival',
  });

  const sessions: Record<'owner' | 'admin' | 'guest' | 'siteUser' | 'rival', Session> = {
    owner: await login(t.app, owner.email, TEST_PASSWORD),
    admin: await login(t.app, admin.email, TEST_PASSWORD),
    guest: await login(t.app, guest.email, TEST_PASSWORD),
    siteUser: await login(t.app, siteUser.email, TEST_PASSWORD),
    rival: await login(t.app, rival.email, TEST_PASSWORD),
  };
  return {
    cloud,
    labs,
    rivals,
    sites: { harbor, airport, lab },
    devices: { harborAp, airportAp, kiosk, rackB, retired, rivalDevice },
    clients: { laptop, phone },
    users: { owner, admin, guest, siteUser },
    sessions,
  };
}

export type SearchCloud = Awaited<ReturnType<typeof createSearchCloud>>;

/** Calls search/find as a member; answers the raw response. */
export function find(t: TestApp, session: Session, cloudId: number, body: Partial<SearchFind> | object) {
  return t.app.inject({
    method: 'POST',
    url: `/apiv2/cloud/${cloudId}/search/find`,
    headers: as(session),
    payload: body,
  });
}

/** Calls search/find and answers the 200 body. */
export async function search(
  t: TestApp,
  session: Session,
  cloudId: number,
  body: SearchFind,
): Promise<SearchFindResult> {
  const response = await find(t, session, cloudId, body);
  if (response.statusCode !== 200) throw new Error(`search failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** "type:id" of each result, to compare lists. */
export const ids = (results: SearchResult[]) => results.map((r) => `${r.object_type}:${r.object_id}`);
