import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditObjectType } from '../../core/audit.ts';
import type { Database } from '../db/connect.ts';
import { users } from '../db/schema/accounts.ts';
import { auditRecords } from '../db/schema/audit.ts';

/** Who made a change and from where. */
export type AuditActor = { userId: number | null; email?: string; ip: string | null };

export type AuditEntry = {
  /** null for what belongs to a person rather than a cloud: sign-ins and security changes. */
  cloudId: number | null;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId?: string | number | null;
  objectName?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** The signed-in caller of a request as the change log names them. */
export function actorOf(request: FastifyRequest): AuditActor {
  return { userId: request.session?.userId ?? null, ip: request.ip };
}

/**
 * Writes a change log record. Pass the transaction of the change, so the record and the change are
 * kept or lost together.
 */
export async function audit(db: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditRecords).values({
    cloudId: entry.cloudId,
    actorUserId: actor.userId,
    // The account's email as it is now, so the record still names someone once the account is gone.
    actorEmail:
      actor.email ??
      (actor.userId === null
        ? ''
        : sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${actor.userId}), '')`),
    ip: actor.ip,
    action: entry.action,
    objectType: entry.objectType,
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    objectName: entry.objectName ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
