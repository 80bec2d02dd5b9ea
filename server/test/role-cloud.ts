import { CLOUD_PERMISSION } from '../../core/domain.ts';
import { siteFilters, smartNvrs } from '../db/schema/inventory.ts';
import { login, type Session, type TestApp } from './app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from './factories.ts';

/** Every kind of caller the access rules tell apart (SPEC §6, DESIGN §5). */
export const ACTORS = [
  'owner',
  'admin',
  'adminManageLicenses',
  'adminManageSnvr',
  'adminManageVpc',
  'adminManageSites',
  'guest',
  'siteUser',
  'outsider',
  'platformAdmin',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * A cloud with two sites (a switch on each, a Site User assigned to the first), a smart NVR, a saved site
 * filter, and a signed-in session for every actor: owner; administrators with no bit and with each bit;
 * guest; Site User; the owner of another cloud; a platform administrator who is not a member.
 */
export async function createRoleCloud(t: TestApp) {
  const db = t.database.db;
  const cloud = await createCloud(db, { name: 'Access Table Cloud' });
  const assigned = await createSite(db, cloud.id, { name: 'Assigned Site' });
  const other = await createSite(db, cloud.id, { name: 'Other Site' });
  // Switches that keep files, so every device route (the Files page's too) has a device to answer for.
  const fileSwitch = { productBrandId: 96, productType: 'switch', mgmtdVersion: '1.5.0' } as const;
  const assignedDevice = await createDevice(db, cloud.id, assigned.id, fileSwitch);
  const otherDevice = await createDevice(db, cloud.id, other.id, fileSwitch);
  const [recorder] = await db
    .insert(smartNvrs)
    .values({
      cloudId: cloud.id,
      name: 'Table NVR',
      mac: '02:00:00:ff:ff:01',
      sn: 'NVRT',
      productBrandId: 190,
    })
    .returning();
  const [filter] = await db
    .insert(siteFilters)
    .values({ cloudId: cloud.id, name: 'Both sites', siteIds: [assigned.id, other.id] })
    .returning();
  if (!recorder || !filter) throw new Error('fixture not created');

  const member = async (role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER', permissions = 0) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, role, permissions);
    if (role === 'ROLE_USER')
      await assignSite(db, user.id, cloud.id, assigned.id, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  const outsider = await createUser(db);
  await addMember(db, outsider.id, (await createCloud(db)).id, 'ROLE_OWNER');
  const platformAdmin = await createUser(db, { isAdministrator: true, supportTools: true });

  const sessions: Record<Actor, Session> = {
    owner: await member('ROLE_OWNER'),
    admin: await member('ROLE_ADMIN'),
    adminManageLicenses: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses),
    adminManageSnvr: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_snvr),
    adminManageVpc: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_vpc),
    adminManageSites: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_sites),
    guest: await member('ROLE_GUEST'),
    siteUser: await member('ROLE_USER'),
    outsider: await login(t.app, outsider.email, TEST_PASSWORD),
    platformAdmin: await login(t.app, platformAdmin.email, TEST_PASSWORD),
  };
  return {
    cloud,
    sites: { assigned, other },
    devices: { assignedDevice, otherDevice },
    recorder,
    filter,
    sessions,
  };
}
export type RoleCloud = Awaited<ReturnType<typeof createRoleCloud>>;
