import { aliasedTable, and, asc, count, desc, eq, gt, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { InvitationState } from '../../../core/domain.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, invitations, membershipSites, memberships } from '../../db/schema/clouds.ts';

/** The user's email, which invitations are addressed to. */
export async function findUserEmail(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.email ?? null;
}

export type Invitee = { userId: number; email: string };

/**
 * Invitations the user can still answer: addressed to their current email (any case;
 * invitations_email_idx) while that address is verified (docs/security.md "Email addresses"),
 * REGISTRATION_PENDING, not expired, to a live cloud they are not a member of yet. The account row is read
 * in the same statement, so an address changed meanwhile answers nothing.
 */
function pending(invitee: Invitee, now: Date) {
  return and(
    sql`lower(${invitations.email}) = ${invitee.email.trim().toLowerCase()}`,
    // Names qualified by hand: a column rendered unqualified would name the subquery's own table.
    sql`exists (select 1 from users u where u.id = ${invitee.userId}
      and lower(u.email) = lower("invitations"."email") and u.email_verified_at is not null)`,
    eq(invitations.state, 'REGISTRATION_PENDING'),
    gt(invitations.expiresAt, now),
    isNull(clouds.deletedAt),
    notExists(
      sql`(select 1 from ${memberships} where ${memberships.userId} = ${invitee.userId} and ${memberships.cloudId} = ${invitations.cloudId})`,
    ),
  );
}

const inviter = aliasedTable(users, 'inviter');

/** The user's pending invitations, newest first. */
export function listPendingInvitations(db: Database, invitee: Invitee, now: Date) {
  const fullName = sql`nullif(trim(${inviter.firstname} || ' ' || ${inviter.lastname}), '')`;
  return db
    .select({
      id: invitations.id,
      cloud_id: invitations.cloudId,
      cloud_name: clouds.name,
      company: clouds.company,
      invited_by: sql<string | null>`coalesce(${fullName}, ${inviter.email})`,
      state: invitations.state,
    })
    .from(invitations)
    .innerJoin(clouds, eq(clouds.id, invitations.cloudId))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
    .where(pending(invitee, now))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function countPendingInvitations(db: Database, invitee: Invitee, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(invitations)
    .innerJoin(clouds, eq(clouds.id, invitations.cloudId))
    .where(pending(invitee, now));
  return row?.count ?? 0;
}

/**
 * Answers the user's pending invitations to one cloud. Joining creates the membership with the newest
 * invitation's role and permission bits. Returns false when there was nothing to answer.
 */
export async function answerInvitation(
  db: Database,
  actor: AuditActor,
  invitee: Invitee,
  cloudId: number,
  answer: 'join' | 'decline',
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: invitations.id,
        roleId: invitations.roleId,
        permissions: invitations.permissions,
        sites: invitations.sites,
      })
      .from(invitations)
      .innerJoin(clouds, eq(clouds.id, invitations.cloudId))
      .where(and(eq(invitations.cloudId, cloudId), pending(invitee, now)))
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .for('update', { of: invitations });
    const newest = rows[0];
    if (!newest) return false;
    if (answer === 'join') {
      await tx
        .insert(memberships)
        .values({ userId: invitee.userId, cloudId, roleId: newest.roleId, permissions: newest.permissions })
        .onConflictDoNothing();
      if (newest.sites.length > 0) {
        await tx
          .insert(membershipSites)
          .values(
            newest.sites.map((site) => ({
              userId: invitee.userId,
              cloudId,
              siteId: site.siteId,
              permissions: site.permissions,
            })),
          )
          .onConflictDoNothing();
      }
    }
    await audit(tx, actor, {
      cloudId,
      action: answer === 'join' ? 'created' : 'changed',
      objectType: answer === 'join' ? 'membership' : 'invitation',
      objectId: answer === 'join' ? invitee.userId : newest.id,
      objectName: invitee.email,
      after:
        answer === 'join' ? { roleId: newest.roleId, permissions: newest.permissions } : { declined: true },
    });
    const state: InvitationState = answer === 'join' ? 'REGISTERED' : 'INVITATION_DECLINED';
    await tx
      .update(invitations)
      .set({ state, readAt: now })
      .where(
        inArray(
          invitations.id,
          rows.map((row) => row.id),
        ),
      );
    return true;
  });
}

/** The user's live clouds, sorted by name (memberships primary key, user first). */
export function listUserClouds(db: Database, userId: number) {
  return db
    .select({
      id: clouds.id,
      name: clouds.name,
      company: clouds.company,
      plan_type: clouds.planType,
      role_id: memberships.roleId,
      suspended: sql<boolean>`${clouds.suspendedAt} is not null`,
    })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(and(eq(memberships.userId, userId), isNull(clouds.deletedAt)))
    .orderBy(asc(sql`lower(${clouds.name})`), asc(clouds.id));
}
