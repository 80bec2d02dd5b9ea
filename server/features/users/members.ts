// Changing what a member may do, removing them, and handing the cloud's ownership to another member.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { MemberUpdateBody, SiteGrant } from '../../../core/api/users.ts';
import { changedValues } from '../../../core/audit.ts';
import { ALL_CLOUD_PERMISSIONS } from '../../../core/domain.ts';
import { type Grant, type GrantRefusal, grantRefusal, mayManageMember } from '../../../core/grants.ts';
import type { Access } from '../../../core/policy.ts';
import { type AuditActor, audit } from '../../audit/record.ts';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema/accounts.ts';
import { membershipSites, memberships } from '../../db/schema/clouds.ts';
import { sites } from '../../db/schema/inventory.ts';
import { errors } from '../../errors.ts';

type Tx = Database;

const REFUSALS: Record<GrantRefusal, string> = {
  member: 'This member holds more than you do: only someone who holds as much can change or remove them.',
  role: 'You cannot give a role above your own.',
  permissions: 'You cannot give a permission you do not hold.',
  sites: 'You cannot give a site permission you do not hold on that site.',
};

/**
 * Refuses (403, changing nothing) a grant the granter may not give, to the member when one is changed
 * (docs/security.md "Granting").
 */
export function checkGrant(granter: Access, grant: Grant, member?: Access): void {
  const refusal = grantRefusal(granter, grant, member);
  if (refusal) throw errors.forbidden(REFUSALS[refusal]);
}

/** Locks a member's row; answers their access (a Site User's sites too) and email. */
async function lockMember(tx: Tx, cloudId: number, userId: number) {
  const [member] = await tx
    .select({ roleId: memberships.roleId, permissions: memberships.permissions, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, userId)))
    .for('update', { of: memberships });
  if (!member) throw errors.notFound('No such member of this cloud.');
  return { ...member, sites: await siteGrantsOf(tx, cloudId, userId) };
}

/** Refuses sites that are not live sites of the cloud, naming the first. */
export async function checkSites(tx: Tx, cloudId: number, grants: readonly StoredGrant[], path: string) {
  const ids = [...new Set(grants.map((grant) => grant.siteId))];
  if (ids.length !== grants.length) {
    throw errors.validation([
      { errorCode: 'duplicate', location: 'body', path, message: 'A site is listed twice.' },
    ]);
  }
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: sites.id })
    .from(sites)
    .where(and(eq(sites.cloudId, cloudId), inArray(sites.id, ids), isNull(sites.deletedAt)));
  const known = new Set(found.map((row) => row.id));
  const index = grants.findIndex((grant) => !known.has(grant.siteId));
  if (index >= 0) {
    throw errors.validation([
      {
        errorCode: 'site',
        location: 'body',
        path: `${path}/${index}/site_id`,
        message: 'No such site in this cloud.',
      },
    ]);
  }
}

/** Gives a member a role, permission bits and (a Site User) their sites, replacing the old ones. */
/** Site grants by their named fields: only these reach a row, an invitation or the change log. */
export const namedGrants = <P extends string>(
  grants: readonly { site_id: number; permissions: readonly P[] }[],
): StoredGrant<P>[] =>
  grants.map((grant) => ({ siteId: grant.site_id, permissions: [...grant.permissions] }));

/** A site grant as the console keeps it (a membership's rows, an invitation's document, the change log). */
export type StoredGrant<P extends string = SiteGrant['permissions'][number]> = {
  siteId: number;
  permissions: P[];
};

export async function replaceSiteGrants(
  tx: Tx,
  cloudId: number,
  userId: number,
  grants: readonly { siteId: number; permissions: readonly string[] }[],
) {
  await tx
    .delete(membershipSites)
    .where(and(eq(membershipSites.cloudId, cloudId), eq(membershipSites.userId, userId)));
  if (grants.length === 0) return;
  await tx
    .insert(membershipSites)
    .values(
      grants.map((grant) => ({ userId, cloudId, siteId: grant.siteId, permissions: [...grant.permissions] })),
    );
}

function siteGrantsOf(tx: Tx, cloudId: number, userId: number) {
  return tx
    .select({ siteId: membershipSites.siteId, permissions: membershipSites.permissions })
    .from(membershipSites)
    .where(and(eq(membershipSites.cloudId, cloudId), eq(membershipSites.userId, userId)));
}

export async function updateMember(
  db: Database,
  actor: AuditActor,
  granter: Access,
  cloudId: number,
  userId: number,
  body: MemberUpdateBody,
): Promise<void> {
  // A cloud token (no person: userId null) is never the member it changes.
  if (userId === actor.userId) throw errors.forbidden('You cannot change your own role.');
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, cloudId, userId);
    if (member.roleId === 'ROLE_OWNER') {
      throw errors.forbidden('The owner’s role changes only when ownership is transferred.');
    }
    const grants = body.role_id === 'ROLE_USER' ? namedGrants(body.sites ?? []) : [];
    checkGrant(granter, { roleId: body.role_id, permissions: body.permissions, sites: grants }, member);
    await checkSites(tx, cloudId, grants, '/sites');
    const before = { roleId: member.roleId, permissions: member.permissions, sites: member.sites };
    await tx
      .update(memberships)
      .set({ roleId: body.role_id, permissions: body.permissions })
      .where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, userId)));
    await replaceSiteGrants(tx, cloudId, userId, grants);
    const after = { roleId: body.role_id, permissions: body.permissions, sites: grants };
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'membership',
      objectId: userId,
      objectName: member.email,
      ...changedValues(before, after),
    });
  });
}

export async function removeMember(
  db: Database,
  actor: AuditActor,
  granter: Access,
  cloudId: number,
  userId: number,
): Promise<void> {
  if (userId === actor.userId) throw errors.forbidden('To leave the cloud, use Manage Clouds.');
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, cloudId, userId);
    if (member.roleId === 'ROLE_OWNER') throw errors.forbidden('The owner cannot be removed.');
    if (!mayManageMember(granter, member)) throw errors.forbidden(REFUSALS.member);
    await replaceSiteGrants(tx, cloudId, userId, []);
    await tx.delete(memberships).where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, userId)));
    await audit(tx, actor, {
      cloudId,
      action: 'deleted',
      objectType: 'membership',
      objectId: userId,
      objectName: member.email,
      before: { roleId: member.roleId, permissions: member.permissions },
    });
  });
}

/** The owner hands the cloud to another member and becomes an Administrator with every bit. */
export async function transferOwnership(
  db: Database,
  actor: AuditActor & { userId: number },
  cloudId: number,
  userId: number,
): Promise<void> {
  if (userId === actor.userId) throw errors.forbidden('You already own this cloud.');
  await db.transaction(async (tx) => {
    // The caller's role is read under the lock, so a transfer racing another cannot make two owners.
    const owner = await lockMember(tx, cloudId, actor.userId);
    if (grantRefusal(owner, { roleId: 'ROLE_OWNER', permissions: ALL_CLOUD_PERMISSIONS })) {
      throw errors.forbidden('Only the owner can transfer ownership.');
    }
    const member = await lockMember(tx, cloudId, userId);
    await tx
      .update(memberships)
      .set({ roleId: 'ROLE_OWNER', permissions: ALL_CLOUD_PERMISSIONS })
      .where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, userId)));
    await tx
      .update(memberships)
      .set({ roleId: 'ROLE_ADMIN', permissions: ALL_CLOUD_PERMISSIONS })
      .where(and(eq(memberships.cloudId, cloudId), eq(memberships.userId, actor.userId)));
    await replaceSiteGrants(tx, cloudId, userId, []);
    await audit(tx, actor, {
      cloudId,
      action: 'changed',
      objectType: 'membership',
      objectId: userId,
      objectName: member.email,
      before: { roleId: member.roleId },
      after: { roleId: 'ROLE_OWNER' },
    });
  });
}
