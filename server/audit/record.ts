import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditAction, AuditObjectType } from '../../core/audit.ts';
import { tokenActorName } from '../auth/api-tokens.ts';
import type { Database } from '../db/connect.ts';
import { jsonRows } from '../db/rows.ts';

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

/**
 * The signed-in caller of a request as the change log names them. An API token is named as the actor
 * (docs/api-tokens.md#the-change-log): a personal token with its owner's id, a cloud token with none.
 */
export function actorOf(request: FastifyRequest): AuditActor {
  const token = request.apiToken;
  if (token) return { userId: token.userId, email: tokenActorName(token), ip: request.ip };
  return { userId: request.session?.userId ?? null, ip: request.ip };
}

/**
 * Writes a change log record. Pass the transaction of the change, so the record and the change are
 * kept or lost together.
 */
export function audit(db: Database, actor: AuditActor, entry: AuditEntry): Promise<void> {
  return auditEach(db, actor, [entry]);
}

/** Records one statement writes: a bulk change of 100,000 devices is 10 statements, not 100,000. */
const BATCH = 10_000;

/**
 * Writes a change log record per entry, in batches. Pass the transaction of the change,
 * so the records and the change are kept or lost together.
 */
export async function auditEach(
  db: Database,
  actor: AuditActor,
  entries: readonly AuditEntry[],
): Promise<void> {
  for (let start = 0; start < entries.length; start += BATCH) {
    const rows = entries.slice(start, start + BATCH).map((entry) => ({
      c: entry.cloudId,
      a: entry.action,
      t: entry.objectType,
      i: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      n: entry.objectName ?? '',
      b: entry.before ?? null,
      f: entry.after ?? null,
    }));
    await db.execute(sql`
      INSERT INTO audit_records (cloud_id, actor_user_id, actor_email, ip, action, object_type, object_id,
        object_name, before, after)
      SELECT v.c, ${actor.userId}::int,
        -- The account's email as it is now, so the record still names someone once the account is gone.
        coalesce(${actor.email ?? null}::text, (SELECT email FROM users WHERE id = ${actor.userId}::int), ''),
        ${actor.ip}::text, v.a, v.t, v.i, v.n, v.b, v.f
      FROM jsonb_to_recordset(${jsonRows(rows)}) AS v(c int, a text, t text, i text, n text, b jsonb, f jsonb)`);
  }
}
