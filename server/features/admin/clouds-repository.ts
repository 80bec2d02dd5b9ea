import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { ADMIN_SUSPEND_TYPE, type AdminCloud } from '../../../core/api/admin.ts';
import type { ListPage, ListPageRequest } from '../../../core/api/list-query.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { likeContains } from '../../db/like.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, memberships } from '../../db/schema/clouds.ts';
import { devices } from '../../db/schema/inventory.ts';

const CLOUD_ID_MAX = 2_147_483_647;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A search of digits names a cloud by id, or is part of a name; anything else is part of a name. */
function searchWhere(search: string): SQL | undefined {
  if (search === '') return undefined;
  const byName = search.length >= 3 ? ilike(clouds.name, likeContains(search)) : undefined;
  const id = /^[0-9]+$/.test(search) ? Number(search) : null;
  const byId = id !== null && id >= 1 && id <= CLOUD_ID_MAX ? eq(clouds.id, id) : undefined;
  // A short search that is no id finds nothing rather than every cloud.
  return or(byId, byName) ?? sql`false`;
}

/** One page of the platform's live clouds by name; a search matches the id, or part of the name (clouds_name_trgm). */
export async function listPlatformClouds(db: Database, page: ListPageRequest): Promise<ListPage<AdminCloud>> {
  const where = and(isNull(clouds.deletedAt), searchWhere(page.search));
  const rows = await db
    .select()
    .from(clouds)
    .where(where)
    .orderBy(asc(sql`lower(${clouds.name})`), asc(clouds.id))
    .limit(page.limit)
    .offset(page.offset);
  const details = await cloudDetails(
    db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => presentCloud(row, details)),
    ...(await countCapped(db, clouds, where, page)),
  };
}

type CloudRow = typeof clouds.$inferSelect;
type Details = { owners: Map<number, string>; devices: Map<number, number> };

function presentCloud(row: CloudRow, details: Details): AdminCloud {
  return {
    id: row.id,
    name: row.name,
    owner_email: details.owners.get(row.id) ?? null,
    plan_type: row.planType,
    device_count: details.devices.get(row.id) ?? 0,
    suspended_at: iso(row.suspendedAt),
    suspend_type: row.suspendType,
    created_at: row.createdAt.toISOString(),
  };
}

/** The first Owner's email and the live device count of each cloud of a page. */
async function cloudDetails(db: Database, cloudIds: number[]): Promise<Details> {
  const details: Details = { owners: new Map(), devices: new Map() };
  if (cloudIds.length === 0) return details;
  const [owners, deviceCounts] = await Promise.all([
    db
      .selectDistinctOn([memberships.cloudId], { cloudId: memberships.cloudId, email: users.email })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(inArray(memberships.cloudId, cloudIds), eq(memberships.roleId, 'ROLE_OWNER')))
      .orderBy(memberships.cloudId, asc(memberships.createdAt), asc(memberships.userId)),
    // devices_cloud_site_idx serves the count per cloud.
    db
      .select({ cloudId: devices.cloudId, value: count() })
      .from(devices)
      .where(and(inArray(devices.cloudId, cloudIds), isNull(devices.deletedAt)))
      .groupBy(devices.cloudId),
  ]);
  for (const owner of owners) details.owners.set(owner.cloudId, owner.email);
  for (const row of deviceCounts) details.devices.set(row.cloudId, row.value);
  return details;
}

async function findPlatformCloud(db: Database, cloudId: number): Promise<AdminCloud | null> {
  const [row] = await db
    .select()
    .from(clouds)
    .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)));
  return row ? presentCloud(row, await cloudDetails(db, [row.id])) : null;
}

/**
 * Suspends a live cloud (or lifts its suspension), recorded in that cloud's change log; null when there is
 * no such cloud. Asking for the state the cloud is already in changes and records nothing.
 */
export async function setCloudSuspended(
  db: Database,
  cloudId: number,
  suspend: boolean,
  actor: AuditActor,
  now: Date,
): Promise<AdminCloud | null> {
  const changed = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ name: clouds.name, suspendedAt: clouds.suspendedAt, suspendType: clouds.suspendType })
      .from(clouds)
      .where(and(eq(clouds.id, cloudId), isNull(clouds.deletedAt)))
      .for('update');
    if (!before) return false;
    if ((before.suspendedAt !== null) === suspend) return true;
    const after = suspend
      ? { suspendedAt: now, suspendType: ADMIN_SUSPEND_TYPE }
      : { suspendedAt: null, suspendType: null };
    await tx
      .update(clouds)
      .set({ ...after, updatedAt: now })
      .where(eq(clouds.id, cloudId));
    await audit(tx, actor, {
      cloudId,
      action: suspend ? 'suspended' : 'unsuspended',
      objectType: 'cloud',
      objectId: cloudId,
      objectName: before.name,
      before: { suspendedAt: iso(before.suspendedAt), suspendType: before.suspendType },
      after: { suspendedAt: iso(after.suspendedAt), suspendType: after.suspendType },
    });
    return true;
  });
  return changed ? findPlatformCloud(db, cloudId) : null;
}
