import type { RoleId } from '../../core/domain.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import { clouds, memberships } from '../db/schema/clouds.ts';

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
