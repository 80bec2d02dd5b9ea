import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AdminUser } from '../../../core/api/admin.ts';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { likeContains } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';

// The expression of users_name_trgm, written the same way so the index can serve it.
const fullName = sql`(${users.firstname} || ' ' || ${users.lastname})`;

/**
 * One page of everyone on the platform, in clouds or not, by email; a search matches part of the name
 * (users_name_trgm) or of the email (users_email_trgm). Each comes with the clouds they belong to.
 */
export async function listPlatformUsers(db: Database, page: ListPageRequest): Promise<ListPage<AdminUser>> {
  const text = likeContains(page.search);
  const where = and(
    isNull(users.deletedAt),
    page.search === '' ? undefined : (or(sql`${fullName} ILIKE ${text}`, ilike(users.email, text)) as SQL),
  );
  const rows = await db
    .select({
      id: users.id,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
      createdAt: users.createdAt,
      totpEnabledAt: users.totpEnabledAt,
      isAdministrator: users.isAdministrator,
    })
    .from(users)
    .where(where)
    .orderBy(asc(sql`lower(${users.email})`), asc(users.id))
    .limit(page.limit)
    .offset(page.offset);
  const cloudsOf = await cloudsOfUsers(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map(({ totpEnabledAt, createdAt, isAdministrator, ...row }) => ({
      ...row,
      is_administrator: isAdministrator,
      created_at: createdAt.toISOString(),
      two_factor_enabled: totpEnabledAt !== null,
      clouds: cloudsOf.get(row.id) ?? [],
    })),
    ...(await countCapped(db, users, where, page)),
  };
}

/** The live clouds of each person of a page, by name (the memberships key starts with the person). */
async function cloudsOfUsers(db: Database, userIds: number[]) {
  const byUser = new Map<number, AdminUser['clouds']>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ userId: memberships.userId, id: clouds.id, name: clouds.name, role_id: memberships.roleId })
    .from(memberships)
    .innerJoin(clouds, and(eq(clouds.id, memberships.cloudId), isNull(clouds.deletedAt)))
    .where(inArray(memberships.userId, userIds))
    .orderBy(asc(clouds.name), asc(clouds.id));
  for (const { userId, ...cloud } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), cloud]);
  return byUser;
}

export async function isLiveUser(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row !== undefined;
}
