import { and, desc, eq, gte, inArray, isNull, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { ChangeLogItem, ChangeLogQuery } from '../../../core/api/change-log.ts';
import type { ListPage } from '../../../core/api/list-query.ts';
import { type AuditAction, type AuditObjectType, PLATFORM_OBJECT_TYPES } from '../../../core/audit.ts';
import type { Database } from '../../db/connect.ts';
import { countCapped } from '../../db/count-capped.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditRecords } from '../../db/schema/audit.ts';
import { memberships } from '../../db/schema/clouds.ts';

/**
 * The cloud's records, and the personal ones (sign-ins, security changes) of its members, but not their
 * changes to platform content. Each side has its index: audit_records_cloud_at_idx, and
 * audit_records_actor_at_idx per member.
 */
function changeLogWhere(cloudId: number, query: Omit<ChangeLogQuery, 'offset' | 'limit'>): SQL | undefined {
  const members = sql`(select ${memberships.userId} from ${memberships} where ${memberships.cloudId} = ${cloudId})`;
  return and(
    or(
      eq(auditRecords.cloudId, cloudId),
      and(
        isNull(auditRecords.cloudId),
        inArray(auditRecords.actorUserId, members),
        notInArray(auditRecords.objectType, [...PLATFORM_OBJECT_TYPES]),
      ),
    ),
    query.person === undefined ? undefined : eq(auditRecords.actorUserId, query.person),
    query.object_type === undefined ? undefined : eq(auditRecords.objectType, query.object_type),
    query.object_id === undefined ? undefined : eq(auditRecords.objectId, query.object_id),
    query.from === undefined ? undefined : gte(auditRecords.at, new Date(query.from)),
    query.to === undefined ? undefined : lt(auditRecords.at, new Date(query.to)),
  );
}

/** One page of the change log, newest first, with the count of matches (capped). */
export async function listChangeLog(
  db: Database,
  cloudId: number,
  query: ChangeLogQuery,
): Promise<ListPage<ChangeLogItem>> {
  const where = changeLogWhere(cloudId, query);
  const rows = await db
    .select({
      id: auditRecords.id,
      at: auditRecords.at,
      actorId: auditRecords.actorUserId,
      email: auditRecords.actorEmail,
      name: sql<string>`coalesce(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
      ip: auditRecords.ip,
      action: auditRecords.action,
      objectType: auditRecords.objectType,
      objectId: auditRecords.objectId,
      objectName: auditRecords.objectName,
      before: auditRecords.before,
      after: auditRecords.after,
    })
    .from(auditRecords)
    .leftJoin(users, eq(users.id, auditRecords.actorUserId))
    .where(where)
    .orderBy(desc(auditRecords.at), desc(auditRecords.id))
    .limit(query.limit)
    .offset(query.offset);
  const counted = await countCapped(db, auditRecords, where, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { id: row.actorId, email: row.email, name: row.name },
      ip: row.ip,
      action: row.action as AuditAction,
      object_type: row.objectType as AuditObjectType,
      object_id: row.objectId,
      object_name: row.objectName,
      before: row.before,
      after: row.after,
    })),
    ...counted,
  };
}
