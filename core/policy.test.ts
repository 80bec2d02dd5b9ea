import { describe, expect, it } from 'vitest';
import { CLOUD_PERMISSION, SITE_PERMISSIONS } from './domain.ts';
import {
  type Access,
  can,
  canSeeSite,
  permissionBits,
  roleLabel,
  sitePermissions,
  visibleSiteIds,
} from './policy.ts';

const owner: Access = { roleId: 'ROLE_OWNER', permissions: 0 };
const admin = (permissions: number): Access => ({ roleId: 'ROLE_ADMIN', permissions });
const guest: Access = { roleId: 'ROLE_GUEST', permissions: 0 };
const siteUser: Access = {
  roleId: 'ROLE_USER',
  permissions: 0,
  sites: [{ siteId: 7, permissions: ['read_site', 'read_device', 'not_a_permission'] }],
};

describe('can', () => {
  it('gives an owner every bit and manage_users, whatever is stored', () => {
    for (const bit of Object.keys(CLOUD_PERMISSION))
      expect(can(owner, bit as keyof typeof CLOUD_PERMISSION)).toBe(true);
    expect(can(owner, 'manage_users')).toBe(true);
  });

  it.each(Object.entries(CLOUD_PERMISSION))('gives an administrator %s only with bit %i', (name, bit) => {
    const ability = name as keyof typeof CLOUD_PERMISSION;
    expect(can(admin(bit), ability)).toBe(true);
    expect(can(admin(15 & ~bit), ability)).toBe(false);
  });

  it('gives manage_users to owners and administrators only', () => {
    expect(can(admin(0), 'manage_users')).toBe(true);
    expect(can({ roleId: 'ROLE_GUEST', permissions: 15 }, 'manage_users')).toBe(false);
    expect(can({ ...siteUser, permissions: 15 }, 'manage_users')).toBe(false);
  });

  it('bounds the stored bits by the role: none for a guest, licenses and recorders for a site user', () => {
    for (const bit of Object.keys(CLOUD_PERMISSION)) {
      expect(can({ roleId: 'ROLE_GUEST', permissions: 15 }, bit as keyof typeof CLOUD_PERMISSION)).toBe(
        false,
      );
    }
    expect(permissionBits({ ...siteUser, permissions: 15 })).toBe(
      CLOUD_PERMISSION.manage_licenses | CLOUD_PERMISSION.manage_snvr,
    );
    expect(can({ ...siteUser, permissions: 15 }, 'manage_sites')).toBe(false);
    expect(can({ ...siteUser, permissions: 0 }, 'manage_licenses')).toBe(false);
  });

  it('narrows every role to the bits a personal API token keeps, never widening them', () => {
    const { manage_licenses: licenses, manage_sites: sites } = CLOUD_PERMISSION;
    expect(permissionBits({ ...owner, tokenBits: licenses })).toBe(licenses);
    expect(permissionBits({ ...admin(licenses | sites), tokenBits: sites | 4 })).toBe(sites);
    expect(permissionBits({ ...siteUser, permissions: 15, tokenBits: 15 })).toBe(
      licenses | CLOUD_PERMISSION.manage_snvr,
    );
    expect(permissionBits({ ...guest, permissions: 15, tokenBits: 15 })).toBe(0);
    expect(can({ ...owner, tokenBits: 0 }, 'manage_vpc')).toBe(false);
    // The role's own abilities stay: an owner's token without bits still manages users.
    expect(can({ ...owner, tokenBits: 0 }, 'manage_users')).toBe(true);
  });
});

describe('sitePermissions', () => {
  it('gives owners and administrators every site permission', () => {
    expect([...sitePermissions(admin(0), 1)].sort()).toEqual([...SITE_PERMISSIONS].sort());
  });

  it('gives a guest the read-only set on every site', () => {
    const granted = sitePermissions(guest, 99);
    expect(granted.has('read_site')).toBe(true);
    expect(granted.has('view_config')).toBe(true);
    expect(granted.has('edit_site')).toBe(false);
    expect(granted.has('change_device_config')).toBe(false);
  });

  it('gives a site user only the listed permissions of assigned sites, ignoring unknown names', () => {
    expect([...sitePermissions(siteUser, 7)].sort()).toEqual(['read_device', 'read_site']);
    expect(sitePermissions(siteUser, 8).size).toBe(0);
    expect(canSeeSite(siteUser, 7)).toBe(true);
    expect(canSeeSite(siteUser, 8)).toBe(false);
    expect(visibleSiteIds(siteUser)).toEqual([7]);
    expect(visibleSiteIds(guest)).toBeNull();
  });

  it('adds change_device_license with manage_licenses in an add-on context only', () => {
    expect(sitePermissions(admin(1), 1, { addon: true }).has('change_device_license')).toBe(true);
    expect(sitePermissions(admin(1), 1).has('change_device_license')).toBe(false);
    expect(sitePermissions(admin(8), 1, { addon: true }).has('change_device_license')).toBe(false);
  });
});

describe('roleLabel', () => {
  it('names the four roles and shows Unknown otherwise', () => {
    expect(['ROLE_OWNER', 'ROLE_ADMIN', 'ROLE_GUEST', 'ROLE_USER', 'ROLE_X'].map(roleLabel)).toEqual([
      'Owner',
      'Administrator',
      'Guest',
      'Site User',
      'Unknown',
    ]);
  });
});
