import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      totpSecret: users.totpSecret,
      totpEnabledAt: users.totpEnabledAt,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`, isNull(users.deletedAt)));
  return row ?? null;
}

export async function findUser(db: Database, id: number) {
  const [row] = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      timezone: users.timezone,
      preferredLanguage: users.preferredLanguage,
      dateFormat: users.dateFormat,
      timeFormat: users.timeFormat,
      measurementUnits: users.measurementUnits,
      subscribeNewsletter: users.subscribeNewsletter,
      supportTools: users.supportTools,
      isAdministrator: users.isAdministrator,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

export function listMemberships(db: Database, userId: number) {
  return db
    .select({
      cloudId: memberships.cloudId,
      cloudName: clouds.name,
      roleId: memberships.roleId,
      permissions: memberships.permissions,
      pushAlerts: memberships.pushAlerts,
    })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(and(eq(memberships.userId, userId), isNull(clouds.deletedAt)))
    .orderBy(asc(memberships.cloudId));
}
