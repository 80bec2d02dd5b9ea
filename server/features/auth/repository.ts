import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';

export async function findUserByEmail(db: Database, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      preferredLanguage: users.preferredLanguage,
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
      preferred_language: users.preferredLanguage,
      date_format: users.dateFormat,
      time_format: users.timeFormat,
      measurement_units: users.measurementUnits,
      subscribe_newsletter: users.subscribeNewsletter,
      support_tools: users.supportTools,
      is_administrator: users.isAdministrator,
      email_verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      // The address whose mailed link is still waiting to be opened (names qualified: the select leaves
      // its own columns unqualified, which inside the subquery would name account_links' columns).
      pending_email: sql<string | null>`(
        select l.email from account_links l
        where l.user_id = "users"."id" and l.purpose = 'email_change'
          and l.used_at is null and l.expires_at > now()
        order by l.created_at desc limit 1)`,
    })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

export function listMemberships(db: Database, userId: number) {
  return db
    .select({
      cloud_id: memberships.cloudId,
      cloud_name: clouds.name,
      role_id: memberships.roleId,
      permissions: memberships.permissions,
      push_alerts: memberships.pushAlerts,
    })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(and(eq(memberships.userId, userId), isNull(clouds.deletedAt)))
    .orderBy(asc(memberships.cloudId));
}
