import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import type { MemberDetail } from '../../../core/api/users.ts';
import type { Database } from '../../db/connect.ts';
import { likeContains } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';
import { membershipSites, memberships } from '../../db/schema/clouds.ts';
import { sites } from '../../db/schema/inventory.ts';

// The expression of users_name_trgm, written the same way so the index can serve it.
const fullName = sql`(${users.firstname} || ' ' || ${users.lastname})`;
// People are listed by the name they show, or their email when they have none.
const shownName = sql`lower(coalesce(nullif(trim(${fullName}), ''), ${users.email}))`;

export type UserListOptions = ListPageRequest & { cloudId: number };

/**
 * One page of the cloud's members by name then email, and how many match. Members come from
 * memberships_cloud_idx; a cloud has few, so the search filters them (users_name_trgm and users_email_trgm
 * serve it when the planner prefers to start from the users).
 */
export async function listMembers(db: Database, options: UserListOptions): Promise<ListPage<MemberDetail>> {
  const conditions = [eq(memberships.cloudId, options.cloudId), isNull(users.deletedAt)];
  if (options.search !== '') {
    const text = likeContains(options.search);
    conditions.push(or(sql`${fullName} ILIKE ${text}`, ilike(users.email, text)) as SQL);
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      role_id: memberships.roleId,
      permissions: memberships.permissions,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .orderBy(shownName, asc(sql`lower(${users.email})`), asc(users.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db
    .select({ value: count() })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where);
  const sites = await siteGrantsOf(
    db,
    options.cloudId,
    rows.filter((row) => row.role_id === 'ROLE_USER').map((row) => row.id),
  );
  // A cloud's members are few enough to count them all.
  return {
    items: rows.map((row) => ({ ...row, sites: sites.get(row.id) ?? [] })),
    total: total?.value ?? 0,
    total_capped: false,
  };
}

/** The sites of Site Users of the cloud, by user, each with its name and site permissions. */
async function siteGrantsOf(db: Database, cloudId: number, userIds: number[]) {
  const grants = new Map<number, MemberDetail['sites']>();
  if (userIds.length === 0) return grants;
  const rows = await db
    .select({
      userId: membershipSites.userId,
      site_id: membershipSites.siteId,
      name: sites.name,
      permissions: membershipSites.permissions,
    })
    .from(membershipSites)
    .innerJoin(sites, and(eq(sites.id, membershipSites.siteId), isNull(sites.deletedAt)))
    .where(and(eq(membershipSites.cloudId, cloudId), inArray(membershipSites.userId, userIds)))
    .orderBy(asc(sites.name));
  for (const { userId, ...grant } of rows) grants.set(userId, [...(grants.get(userId) ?? []), grant]);
  return grants;
}
