// A cloud with an access point and a switch that called home, and a session for each kind of reader.
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/rows.ts';
import { adoptDevice, createFleetCloud } from '../../fleet/test-fleet.ts';
import { login, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

export async function agentIdOf(t: TestApp, deviceId: number): Promise<number> {
  const [agent] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM device_agents WHERE device_id = ${deviceId}`,
  );
  if (!agent) throw new Error('the device has no agent');
  return agent.id;
}

export async function createMetricWorld(t: TestApp) {
  const db = t.database.db;
  const { cloud, site, device: accessPoint } = await createFleetCloud(t);
  const otherSite = await createSite(db, cloud.id, { name: 'Warehouse' });
  // A switch model of the catalogue (SW family); adoption sets its product type.
  const switchDevice = await createDevice(db, cloud.id, site.id, {
    productBrandId: 96,
    productType: 'switch',
  });
  const apCredential = await adoptDevice(t, accessPoint);
  const switchCredential = await adoptDevice(t, switchDevice, 96);

  const member = async (
    roleId: 'ROLE_OWNER' | 'ROLE_GUEST' | 'ROLE_USER',
    assignment?: { siteId: number; permissions: string[] },
  ) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, roleId);
    if (assignment) await assignSite(db, user.id, cloud.id, assignment.siteId, assignment.permissions);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');

  return {
    cloud,
    site,
    otherSite,
    accessPoint,
    switchDevice,
    apCredential,
    switchCredential,
    sessions: {
      owner: await member('ROLE_OWNER'),
      guest: await member('ROLE_GUEST'),
      siteUser: await member('ROLE_USER', { siteId: site.id, permissions: ['read_site', 'read_device'] }),
      // Sees the site but not its devices.
      siteReader: await member('ROLE_USER', { siteId: site.id, permissions: ['read_site'] }),
      otherSiteUser: await member('ROLE_USER', {
        siteId: otherSite.id,
        permissions: ['read_site', 'read_device'],
      }),
      outsider: await login(t.app, outsider.email, TEST_PASSWORD),
    },
  };
}
export type MetricWorld = Awaited<ReturnType<typeof createMetricWorld>>;
