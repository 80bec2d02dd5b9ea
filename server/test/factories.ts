import type { RoleId } from '../../core/domain.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import { clouds, membershipSites, memberships } from '../db/schema/clouds.ts';
import { devices, sites } from '../db/schema/inventory.ts';

export const TEST_PASSWORD = 'correct horse battery';
const passwordHash = hashPassword(TEST_PASSWORD);
let sequence = 0;

export async function createUser(db: Database, fields: Partial<typeof users.$inferInsert> = {}) {
  sequence += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `user${sequence}@test.example`,
      passwordHash: await passwordHash,
      firstname: 'Test',
      lastname: `User ${sequence}`,
      // Accounts are made by invitation links, the seed or an administrator: their address is verified.
      emailVerifiedAt: new Date(),
      ...fields,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

export async function createCloud(db: Database, fields: Partial<typeof clouds.$inferInsert> = {}) {
  sequence += 1;
  const [cloud] = await db
    .insert(clouds)
    .values({ name: `Cloud ${sequence}`, planType: 'intro', ...fields })
    .returning();
  if (!cloud) throw new Error('cloud not created');
  return cloud;
}

export async function addMember(
  db: Database,
  userId: number,
  cloudId: number,
  roleId: RoleId,
  permissions = 0,
) {
  await db.insert(memberships).values({ userId, cloudId, roleId, permissions });
}

export async function createSite(
  db: Database,
  cloudId: number,
  fields: Partial<typeof sites.$inferInsert> = {},
) {
  sequence += 1;
  const [site] = await db
    .insert(sites)
    .values({ cloudId, name: `Site ${sequence}`, location: `${sequence} Main Street`, ...fields })
    .returning();
  if (!site) throw new Error('site not created');
  return site;
}

export async function createDevice(
  db: Database,
  cloudId: number,
  siteId: number | null,
  fields: Partial<typeof devices.$inferInsert> = {},
) {
  sequence += 1;
  const hex = sequence.toString(16).padStart(6, '0');
  const [device] = await db
    .insert(devices)
    .values({
      cloudId,
      siteId,
      name: `Device ${sequence}`,
      sn: `SN${hex.toUpperCase()}`,
      mac: `02:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`,
      ip: `10.0.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`,
      hostname: `device-${sequence}`,
      productBrandId: 1,
      productId: 1,
      productType: 'wifi',
      ...fields,
    })
    .returning();
  if (!device) throw new Error('device not created');
  return device;
}

/** A Site User's assignment to a site with its site-level permission list. */
export async function assignSite(
  db: Database,
  userId: number,
  cloudId: number,
  siteId: number,
  permissions: string[],
) {
  await db.insert(membershipSites).values({ userId, cloudId, siteId, permissions });
}
