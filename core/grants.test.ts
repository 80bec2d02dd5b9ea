import { describe, expect, it } from 'vitest';
import { ALL_CLOUD_PERMISSIONS, CLOUD_PERMISSION, ROLES, type RoleId, SITE_PERMISSIONS } from './domain.ts';
import {
  type GrantRefusal,
  grantableBits,
  grantableSitePermissions,
  grantRefusal,
  mayManageMember,
} from './grants.ts';
import type { Access } from './policy.ts';

const BITS = Array.from({ length: ALL_CLOUD_PERMISSIONS + 1 }, (_, bits) => bits);
const { manage_licenses, manage_snvr, manage_sites } = CLOUD_PERMISSION;

// The bits each role holds, written out apart from core/policy.ts: an owner every bit, an administrator
// the stored ones, a Site User at most manage_licenses and manage_snvr, a Guest none.
const held = (roleId: RoleId, bits: number) =>
  roleId === 'ROLE_OWNER'
    ? ALL_CLOUD_PERMISSIONS
    : roleId === 'ROLE_ADMIN'
      ? bits
      : roleId === 'ROLE_USER'
        ? bits & (manage_licenses | manage_snvr)
        : 0;

/** What the rule should answer for a granter giving a role and bits, without sites. */
function expectedRefusal(granter: Access, roleId: RoleId, bits: number): GrantRefusal | null {
  const granterBits = held(granter.roleId, granter.permissions);
  if (granter.roleId !== 'ROLE_OWNER' && granter.roleId !== 'ROLE_ADMIN') return 'role';
  if (roleId === 'ROLE_OWNER' && granter.roleId !== 'ROLE_OWNER') return 'role';
  return (held(roleId, bits) & ~granterBits) === 0 ? null : 'permissions';
}

describe('grantRefusal: the whole grid of granter role and bits, granted role and bits', () => {
  const granters = ROLES.flatMap((roleId) => BITS.map((permissions): Access => ({ roleId, permissions })));
  it.each(granters)('granter %o', (granter) => {
    const answers: string[] = [];
    const expected: string[] = [];
    for (const roleId of ROLES) {
      for (const bits of BITS) {
        const grant = { roleId, permissions: bits, sites: [] };
        answers.push(`${roleId} ${bits}: ${grantRefusal(granter, grant)}`);
        expected.push(`${roleId} ${bits}: ${expectedRefusal(granter, roleId, bits)}`);
      }
    }
    expect(answers).toEqual(expected);
  });

  it('refuses admin@’s invitation of an Administrator with every bit, and allows its own bits', () => {
    const admin: Access = { roleId: 'ROLE_ADMIN', permissions: manage_sites | manage_licenses };
    expect(grantRefusal(admin, { roleId: 'ROLE_ADMIN', permissions: 15 })).toBe('permissions');
    expect(grantRefusal(admin, { roleId: 'ROLE_ADMIN', permissions: 9 })).toBeNull();
    expect(grantRefusal(admin, { roleId: 'ROLE_ADMIN', permissions: manage_sites })).toBeNull();
    expect(grantRefusal(admin, { roleId: 'ROLE_OWNER', permissions: 9 })).toBe('role');
    // A Guest holds no bit whatever is stored, so storing some gives nothing.
    expect(grantRefusal(admin, { roleId: 'ROLE_GUEST', permissions: 15 })).toBeNull();
    // A Site User may hold manage_snvr, which admin@ lacks.
    expect(grantRefusal(admin, { roleId: 'ROLE_USER', permissions: manage_snvr })).toBe('permissions');
  });
});

describe('grantRefusal: a Site User’s site permissions', () => {
  const owner: Access = { roleId: 'ROLE_OWNER', permissions: 0 };
  const admin: Access = { roleId: 'ROLE_ADMIN', permissions: 0 };
  const siteUser = (permissions: string[]) => ({
    roleId: 'ROLE_USER' as const,
    permissions: 0,
    sites: [{ siteId: 7, permissions }],
  });

  it('lets owners and administrators give any site permission, as they hold them all', () => {
    expect(grantRefusal(owner, siteUser([...SITE_PERMISSIONS]))).toBeNull();
    expect(grantRefusal(admin, siteUser([...SITE_PERMISSIONS]))).toBeNull();
  });

  it('refuses a site permission the granter does not hold on that site', () => {
    // Nobody below an administrator manages users; were one to, their own site list would bound them.
    const limited: Access = { roleId: 'ROLE_USER', permissions: 0, sites: [{ siteId: 7, permissions: [] }] };
    expect(grantRefusal(limited, siteUser(['read_site']))).toBe('role');
    expect([...grantableSitePermissions(limited, 7)]).toEqual([]);
    expect([...grantableSitePermissions(admin, 7)].sort()).toEqual([...SITE_PERMISSIONS].sort());
  });
});

describe('mayManageMember: nobody changes or removes someone above them', () => {
  const members: Record<string, Access> = {
    owner: { roleId: 'ROLE_OWNER', permissions: 0 },
    'admin 15': { roleId: 'ROLE_ADMIN', permissions: 15 },
    'admin 9': { roleId: 'ROLE_ADMIN', permissions: 9 },
    'admin 8': { roleId: 'ROLE_ADMIN', permissions: 8 },
    'guest 15 stored': { roleId: 'ROLE_GUEST', permissions: 15 },
    'site user 2': { roleId: 'ROLE_USER', permissions: manage_snvr, sites: [] },
    'site user 0': {
      roleId: 'ROLE_USER',
      permissions: 0,
      sites: [{ siteId: 1, permissions: ['read_site'] }],
    },
  };
  const table = (granter: Access) =>
    Object.entries(members)
      .filter(([, member]) => mayManageMember(granter, member))
      .map(([name]) => name);

  it('lets the owner manage everyone', () => {
    expect(table({ roleId: 'ROLE_OWNER', permissions: 0 })).toEqual(Object.keys(members));
  });

  it('lets an administrator manage members within their own bits, peers included', () => {
    expect(table({ roleId: 'ROLE_ADMIN', permissions: 9 })).toEqual([
      'admin 9',
      'admin 8',
      'guest 15 stored',
      'site user 0',
    ]);
    expect(table({ roleId: 'ROLE_ADMIN', permissions: 15 })).toEqual(Object.keys(members).slice(1));
  });

  it('lets a Guest or Site User manage nobody', () => {
    expect(table({ roleId: 'ROLE_GUEST', permissions: 15 })).toEqual([]);
    expect(table({ roleId: 'ROLE_USER', permissions: 3 })).toEqual([]);
  });

  it('refuses any grant to a member above the granter, even a lower one', () => {
    const admin: Access = { roleId: 'ROLE_ADMIN', permissions: 9 };
    const guest = { roleId: 'ROLE_GUEST' as const, permissions: 0 };
    expect(grantRefusal(admin, guest, members.owner)).toBe('member');
    expect(grantRefusal(admin, guest, members['admin 15'])).toBe('member');
    expect(grantRefusal(admin, guest, members['admin 8'])).toBeNull();
  });

  it('offers the bits the granter holds', () => {
    expect(grantableBits({ roleId: 'ROLE_ADMIN', permissions: 9 })).toBe(9);
    expect(grantableBits({ roleId: 'ROLE_OWNER', permissions: 0 })).toBe(15);
    expect(grantableBits({ roleId: 'ROLE_GUEST', permissions: 15 })).toBe(0);
  });
});
