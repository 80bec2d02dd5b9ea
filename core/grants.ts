// Who may give whom what in a cloud (docs/security.md "Granting"): one rule for inviting, changing a
// member, removing one, resending an invitation and handing over ownership; the server enforces it and the
// web app's user dialogs offer only what it allows.
import type { RoleId, SitePermission } from './domain.ts';
import { type Access, can, permissionBits, type SiteAssignment, sitePermissions } from './policy.ts';

/** What a membership or an invitation gives: a role, cloud permission bits and a Site User's sites. */
export type Grant = {
  roleId: RoleId;
  permissions: number;
  sites?: readonly SiteAssignment[];
};

/**
 * Why a grant is refused: the member already holds more than the granter (`member`), or the grant gives
 * a role (`role`), a cloud permission bit (`permissions`) or a site permission (`sites`) the granter lacks.
 */
export type GrantRefusal = 'member' | 'role' | 'permissions' | 'sites';

// Owners make owners; administrators make administrators and below. Guests and Site Users differ in kind
// (every site read-only, or some sites with listed permissions), not in rank.
const ROLE_RANK: Readonly<Record<RoleId, number>> = {
  ROLE_OWNER: 3,
  ROLE_ADMIN: 2,
  ROLE_GUEST: 1,
  ROLE_USER: 1,
};

/** The first thing the access holds that the granter does not, or null when it is within theirs. */
function beyond(granter: Access, access: Grant): Exclude<GrantRefusal, 'member'> | null {
  if (!can(granter, 'manage_users') || ROLE_RANK[access.roleId] > ROLE_RANK[granter.roleId]) return 'role';
  // Bits a role cannot hold are not given by storing them (a Guest's stored bits give nothing).
  if ((permissionBits(access) & ~permissionBits(granter)) !== 0) return 'permissions';
  if (access.roleId !== 'ROLE_USER') return null;
  for (const site of access.sites ?? []) {
    const held = sitePermissions(granter, site.siteId);
    if (site.permissions.some((permission) => !held.has(permission as SitePermission))) return 'sites';
  }
  return null;
}

/**
 * Whether the granter may change or remove a member: only one whose role, bits and site permissions are all
 * within the granter's own. An administrator holding manage_sites alone cannot demote or remove the owner,
 * nor an administrator who also holds manage_licenses.
 */
export const mayManageMember = (granter: Access, member: Access): boolean => beyond(granter, member) === null;

/**
 * Why the granter may not give this grant (to the member, when one is changed), or null when they may.
 * Nobody gives a role, bit or site permission above their own, and only an owner makes owners.
 */
export function grantRefusal(granter: Access, grant: Grant, member?: Access): GrantRefusal | null {
  if (member && !mayManageMember(granter, member)) return 'member';
  return beyond(granter, grant);
}

/** The cloud permission bits the granter may give (the user dialogs leave the others unticked and off). */
export const grantableBits = (granter: Access): number =>
  can(granter, 'manage_users') ? permissionBits(granter) : 0;

/** The site permissions the granter may give a Site User on one site. */
export const grantableSitePermissions = (granter: Access, siteId: number): ReadonlySet<string> =>
  can(granter, 'manage_users') ? sitePermissions(granter, siteId) : new Set();
