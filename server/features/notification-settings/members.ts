import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AlertType } from '../../../core/domain.ts';
import type { AlertMember } from '../../../core/notification-settings.ts';
import type { Database } from '../../db/connect.ts';
import { userAlertPreferences, users } from '../../db/schema/accounts.ts';
import { membershipSites, memberships } from '../../db/schema/clouds.ts';

/** A member of a cloud as notifications need them: who they are, what they see, and their own choices. */
export type CloudMember = AlertMember & {
  name: string;
  email: string;
  /** users.preferred_language, for the mail they get. */
  language: string;
};

/** Every member of the cloud whose account is live, by name; Site Users with their sites. */
export async function loadCloudMembers(db: Database, cloudId: number): Promise<CloudMember[]> {
  const name = sql<string>`coalesce(nullif(trim(${users.firstname} || ' ' || ${users.lastname}), ''), ${users.email})`;
  const rows = await db
    .select({
      userId: memberships.userId,
      roleId: memberships.roleId,
      permissions: memberships.permissions,
      pushAlerts: memberships.pushAlerts,
      name,
      email: users.email,
      language: users.preferredLanguage,
    })
    .from(memberships)
    .innerJoin(users, and(eq(users.id, memberships.userId), isNull(users.deletedAt)))
    .where(eq(memberships.cloudId, cloudId))
    .orderBy(asc(sql`lower(${name})`), asc(memberships.userId));
  if (rows.length === 0) return [];
  const siteUserIds = rows.filter((row) => row.roleId === 'ROLE_USER').map((row) => row.userId);
  const assignments =
    siteUserIds.length === 0
      ? []
      : await db
          .select({
            userId: membershipSites.userId,
            siteId: membershipSites.siteId,
            permissions: membershipSites.permissions,
          })
          .from(membershipSites)
          .where(and(eq(membershipSites.cloudId, cloudId), inArray(membershipSites.userId, siteUserIds)));
  const hidden = await db
    .select({ userId: userAlertPreferences.userId, name: userAlertPreferences.name })
    .from(userAlertPreferences)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, userAlertPreferences.userId), eq(memberships.cloudId, cloudId)),
    )
    .where(eq(userAlertPreferences.displayAlert, false));
  const sitesOf = groupBy(assignments, (assignment) => assignment.userId);
  const hiddenOf = groupBy(hidden, (preference) => preference.userId);
  return rows.map((row) => ({
    ...row,
    sites: sitesOf.get(row.userId) ?? [],
    hiddenTypes: (hiddenOf.get(row.userId) ?? []).map((preference) => preference.name as AlertType),
  }));
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
