// Invitations sent by a cloud: creating (with a link that lets a person without an account create one),
// listing, sending again, revoking, and a new person accepting through the link.
import { aliasedTable, and, count, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { InvitationItem, InviteBody } from '../../../core/api/users.ts';
import type { Access } from '../../../core/policy.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import { newToken, tokenHash } from '../../auth/tokens.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { clouds, invitations, memberships } from '../../db/schema/clouds.ts';
import { errors } from '../../errors.ts';
import { checkGrant, checkSites, namedGrants, replaceSiteGrants } from './members.ts';

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;

const inviter = aliasedTable(users, 'inviter');
const invitedBy = sql<
  string | null
>`coalesce(nullif(trim(${inviter.firstname} || ' ' || ${inviter.lastname}), ''), ${inviter.email})`;
const lowerEmail = (email: string) => sql`lower(${invitations.email}) = ${email.trim().toLowerCase()}`;

const itemColumns = {
  id: invitations.id,
  email: invitations.email,
  role_id: invitations.roleId,
  state: sql<
    InvitationItem['state']
  >`case when ${invitations.state} = 'REGISTRATION_PENDING' and ${invitations.expiresAt} <= now() then 'EXPIRED' else ${invitations.state} end`,
  invited_by: invitedBy,
  created_at: sql<string>`to_char(${invitations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  expires_at: sql<string>`to_char(${invitations.expiresAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
};

async function findItem(db: Database, id: number): Promise<InvitationItem> {
  const [item] = await db
    .select(itemColumns)
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
    .where(eq(invitations.id, id));
  if (!item) throw errors.notFound('No such invitation.');
  return item;
}

/** The cloud's invitations, newest first (invitations_cloud_idx). */
export async function listInvitations(
  db: Database,
  cloudId: number,
  page: { offset: number; limit: number },
) {
  const items = await db
    .select(itemColumns)
    .from(invitations)
    .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
    .where(eq(invitations.cloudId, cloudId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(invitations)
    .where(eq(invitations.cloudId, cloudId));
  return { items, total: total?.value ?? 0, total_capped: false };
}

/**
 * Invites an email with a role the granter may give; a newer invitation replaces the pending ones to the
 * same email. Answers the invitation and the secret of its link.
 */
export async function createInvitation(
  db: Database,
  actor: AuditActor,
  granter: Access,
  cloudId: number,
  body: InviteBody,
): Promise<{ invitation: InvitationItem; token: string }> {
  const email = body.email.trim();
  const grants = body.role_id === 'ROLE_USER' ? namedGrants(body.sites ?? []) : [];
  checkGrant(granter, { roleId: body.role_id, permissions: body.permissions, sites: grants });
  const token = newToken();
  const id = await db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.cloudId, cloudId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
    if (member) {
      throw errors.validation([
        { errorCode: 'member', location: 'body', path: '/email', message: 'Already a member of this cloud.' },
      ]);
    }
    await checkSites(tx, cloudId, grants, '/sites');
    await tx
      .delete(invitations)
      .where(
        and(
          eq(invitations.cloudId, cloudId),
          lowerEmail(email),
          eq(invitations.state, 'REGISTRATION_PENDING'),
        ),
      );
    const [created] = await tx
      .insert(invitations)
      .values({
        cloudId,
        email,
        // None for a cloud API token, which acts for no person (docs/api-tokens.md#cloud-tokens).
        invitedByUserId: actor.userId,
        roleId: body.role_id,
        permissions: body.permissions,
        sites: grants,
        state: 'REGISTRATION_PENDING',
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        tokenHash: tokenHash(token),
      })
      .returning({ id: invitations.id });
    if (!created) throw new Error('invitation not created');
    await audit(tx, actor, {
      cloudId,
      action: 'created',
      objectType: 'invitation',
      objectId: created.id,
      objectName: email,
      after: { roleId: body.role_id, permissions: body.permissions, sites: grants },
    });
    return created.id;
  });
  return { invitation: await findItem(db, id), token };
}

/**
 * A new link and a new week for an invitation nobody has joined with yet, when the granter may give what it
 * gives: sending it again grants it again.
 */
export async function renewInvitation(
  db: Database,
  actor: AuditActor,
  granter: Access,
  cloudId: number,
  id: number,
): Promise<{ invitation: InvitationItem; token: string }> {
  const token = newToken();
  await db.transaction(async (tx) => {
    const [grant] = await tx
      .select({ roleId: invitations.roleId, permissions: invitations.permissions, sites: invitations.sites })
      .from(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.cloudId, cloudId)))
      .for('update');
    if (grant) checkGrant(granter, grant);
    const renewed = await tx
      .update(invitations)
      .set({
        state: 'REGISTRATION_PENDING',
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        tokenHash: tokenHash(token),
        readAt: null,
      })
      .where(
        and(eq(invitations.id, id), eq(invitations.cloudId, cloudId), ne(invitations.state, 'REGISTERED')),
      )
      .returning({ email: invitations.email });
    const row = renewed[0];
    if (!row) throw errors.notFound('No such invitation waiting for an answer.');
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'invitation',
      objectId: id,
      objectName: row.email,
      after: { resent: true },
    });
  });
  return { invitation: await findItem(db, id), token };
}

export async function revokeInvitation(
  db: Database,
  actor: AuditActor,
  cloudId: number,
  id: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), eq(invitations.cloudId, cloudId)))
      .returning({ email: invitations.email, roleId: invitations.roleId });
    const row = deleted[0];
    if (!row) throw errors.notFound('No such invitation.');
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'invitation',
      objectId: id,
      objectName: row.email,
      before: { roleId: row.roleId },
    });
  });
}

/** The invitation a link names, while it can still be answered. */
export async function findOpenInvitation(db: Database, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      cloudId: invitations.cloudId,
      email: invitations.email,
      roleId: invitations.roleId,
      permissions: invitations.permissions,
      sites: invitations.sites,
      cloudName: clouds.name,
      invitedBy,
      accountExists: sql<boolean>`exists (select 1 from ${users} where lower(${users.email}) = lower(${invitations.email}) and ${users.deletedAt} is null)`,
    })
    .from(invitations)
    .innerJoin(clouds, and(eq(clouds.id, invitations.cloudId), isNull(clouds.deletedAt)))
    .leftJoin(inviter, eq(inviter.id, invitations.invitedByUserId))
    .where(
      and(
        eq(invitations.tokenHash, tokenHash(token)),
        eq(invitations.state, 'REGISTRATION_PENDING'),
        gt(invitations.expiresAt, new Date()),
      ),
    );
  return row ?? null;
}
export type OpenInvitation = NonNullable<Awaited<ReturnType<typeof findOpenInvitation>>>;

/** Creates the invited person's account and membership; null when the email has an account by now. */
export async function acceptAsNewAccount(
  db: Database,
  invitation: OpenInvitation,
  person: { firstname: string; lastname: string; passwordHash: string },
  ip: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      // The link came to this address, which proves it: the account starts verified.
      .values({
        email: invitation.email,
        firstname: person.firstname,
        lastname: person.lastname,
        passwordHash: person.passwordHash,
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!user) return null;
    await tx.insert(memberships).values({
      userId: user.id,
      cloudId: invitation.cloudId,
      roleId: invitation.roleId,
      permissions: invitation.permissions,
    });
    await replaceSiteGrants(tx, invitation.cloudId, user.id, invitation.sites);
    await tx
      .update(invitations)
      .set({ state: 'REGISTERED', readAt: new Date(), tokenHash: null })
      .where(eq(invitations.id, invitation.id));
    await audit(
      tx,
      { userId: user.id, email: invitation.email, ip },
      {
        cloudId: invitation.cloudId,
        action: 'created',
        objectType: 'membership',
        objectId: user.id,
        objectName: invitation.email,
        after: { roleId: invitation.roleId, permissions: invitation.permissions, invitation: invitation.id },
      },
    );
    return user.id;
  });
}
