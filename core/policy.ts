// Who may do what (docs/roles.md, docs/decisions.md): one set of rules for the server, which enforces them, and the web
// app, which shows or hides actions by them.
import {
  ALL_CLOUD_PERMISSIONS,
  CLOUD_PERMISSION,
  type CloudPermission,
  type RoleId,
  SITE_PERMISSIONS,
  type SitePermission,
} from './domain.ts';

export type SiteAssignment = { siteId: number; permissions: readonly string[] };

/** A user's membership of one cloud, as the rules need it. */
export type Access = {
  roleId: RoleId;
  /** The stored permission bit mask; an owner has every bit whatever is stored. */
  permissions: number;
  /** The sites of a Site User (ROLE_USER); ignored for other roles. */
  sites?: readonly SiteAssignment[];
  /**
   * A personal API token's limit (docs/api-tokens.md): the bits it keeps of those the role and membership
   * give, an owner's included; every bit when absent.
   */
  tokenBits?: number;
};

/** docs/roles.md role names; any other role shows 'Unknown'. */
export const ROLE_LABELS: Readonly<Record<RoleId, string>> = {
  ROLE_OWNER: 'Owner',
  ROLE_ADMIN: 'Administrator',
  ROLE_GUEST: 'Guest',
  ROLE_USER: 'Site User',
};
export function roleLabel(roleId: string): string {
  return ROLE_LABELS[roleId as RoleId] ?? 'Unknown';
}

/** docs/decisions.md: a Guest reads every site but changes nothing. */
export const GUEST_SITE_PERMISSIONS: readonly SitePermission[] = [
  'read_device',
  'read_site',
  'dashboards',
  'live_data',
  'view_config',
];

export type CloudAbility = CloudPermission | 'manage_users';

export const isOwnerOrAdmin = (access: Access) =>
  access.roleId === 'ROLE_OWNER' || access.roleId === 'ROLE_ADMIN';

/**
 * The bits each role can hold, whatever its membership stores: an owner has them all and an
 * administrator those stored; a Guest reads only, so holds none; a Site User may manage the licenses,
 * add-ons and recorders of their sites, but not the cloud's sites or VPC.
 */
const ROLE_BITS: Readonly<Record<RoleId, number>> = {
  ROLE_OWNER: ALL_CLOUD_PERMISSIONS,
  ROLE_ADMIN: ALL_CLOUD_PERMISSIONS,
  ROLE_GUEST: 0,
  ROLE_USER: CLOUD_PERMISSION.manage_licenses | CLOUD_PERMISSION.manage_snvr,
};

export function permissionBits(access: Access): number {
  const held =
    access.roleId === 'ROLE_OWNER'
      ? ALL_CLOUD_PERMISSIONS
      : access.permissions & (ROLE_BITS[access.roleId] ?? 0);
  return held & (access.tokenBits ?? ALL_CLOUD_PERMISSIONS);
}

/** docs/roles.md: the cloud permission bits, plus manage_users for owners and administrators. */
export function can(access: Access, ability: CloudAbility): boolean {
  if (ability === 'manage_users') return isOwnerOrAdmin(access);
  return (permissionBits(access) & CLOUD_PERMISSION[ability]) !== 0;
}

/** Whether the user sees every site of the cloud (everyone but a Site User). */
export const seesAllSites = (access: Access) => access.roleId !== 'ROLE_USER';

/** The sites a Site User may see; null when the user sees every site. */
export function visibleSiteIds(access: Access): number[] | null {
  return seesAllSites(access) ? null : (access.sites ?? []).map((s) => s.siteId);
}

/**
 * docs/roles.md site-level permissions for one site. Owners and administrators get them all; a Guest gets the
 * read-only set; a Site User gets the list stored for that site. With an add-on context, manage_licenses
 * also grants change_device_license.
 */
export function sitePermissions(
  access: Access,
  siteId: number,
  context: { addon?: boolean } = {},
): ReadonlySet<SitePermission | 'change_device_license'> {
  let granted: readonly string[];
  if (isOwnerOrAdmin(access)) granted = SITE_PERMISSIONS;
  else if (access.roleId === 'ROLE_GUEST') granted = GUEST_SITE_PERMISSIONS;
  else granted = access.sites?.find((s) => s.siteId === siteId)?.permissions ?? [];
  const result = new Set<SitePermission | 'change_device_license'>(
    granted.filter((p): p is SitePermission => (SITE_PERMISSIONS as readonly string[]).includes(p)),
  );
  if (context.addon && can(access, 'manage_licenses')) result.add('change_device_license');
  return result;
}

/**
 * docs/roles.md change_device_license: assigning or releasing a device's license, which manage_licenses grants in
 * the add-on context. A device on no site is for owners and administrators who hold manage_licenses.
 */
export function mayChangeLicense(access: Access, siteId: number | null): boolean {
  if (siteId === null) return isOwnerOrAdmin(access) && can(access, 'manage_licenses');
  return sitePermissions(access, siteId, { addon: true }).has('change_device_license');
}

export const canSeeSite = (access: Access, siteId: number) =>
  sitePermissions(access, siteId).has('read_site');

/**
 * Who may acknowledge a site's alerts or mute them for a maintenance window: whoever may change the state
 * of its devices (owners and administrators everywhere, a Site User where granted). A Guest reads only; an
 * alert outside any site is for owners and administrators.
 */
export const canHandleAlerts = (access: Access, siteId: number | null) =>
  isOwnerOrAdmin(access) || (siteId !== null && sitePermissions(access, siteId).has('change_device_state'));

/** The site permission each action of the device list needs on the site of every device it acts on. */
export const DEVICE_ACTION_PERMISSIONS = {
  reboot: 'change_device_state',
  firmware: 'firmware',
  // Moving puts the device on another site's inventory, as registering it there would.
  move: 'register',
  decommission: 'delete_device',
  delete: 'delete_device',
  // The list as a CSV file: the devices of the sites where the caller may export data.
  export: 'export_data',
} as const satisfies Record<string, SitePermission>;
export type DeviceAction = keyof typeof DEVICE_ACTION_PERMISSIONS;
export const DEVICE_ACTIONS = Object.keys(DEVICE_ACTION_PERMISSIONS) as DeviceAction[];

/** Whether the caller may take the action on a device of the site; a device on no live site is for owners and administrators. */
export function mayActOnDevice(access: Access, siteId: number | null, action: DeviceAction): boolean {
  if (siteId === null) return isOwnerOrAdmin(access);
  return sitePermissions(access, siteId).has(DEVICE_ACTION_PERMISSIONS[action]);
}

/**
 * The actions the device list offers: those the caller may take on the devices of at least one site it
 * shows (one site's list, or every site the caller sees). Each device is checked again when it is acted on.
 */
export function deviceListActions(access: Access, siteId?: number): DeviceAction[] {
  // Every role but a Site User holds the same permissions on every site.
  const sites = siteId !== undefined ? [siteId] : (visibleSiteIds(access) ?? [0]);
  return DEVICE_ACTIONS.filter((action) => sites.some((site) => mayActOnDevice(access, site, action)));
}

/**
 * Changing a device's state (unblocking, recommissioning, resetting its credential) needs
 * change_device_state on its site; a device on no live site is for owners and administrators.
 */
export function mayChangeDeviceState(access: Access, siteId: number | null): boolean {
  if (siteId === null) return isOwnerOrAdmin(access);
  return sitePermissions(access, siteId).has('change_device_state');
}

/**
 * Resetting a device's credential (docs/security.md, Adoption) is a change of its state; a smart NVR's
 * needs manage_snvr.
 */
export function mayResetCredential(access: Access, siteId: number | null, recorder = false): boolean {
  if (recorder) return can(access, 'manage_snvr');
  return mayChangeDeviceState(access, siteId);
}

/**
 * Approving a registered device that called without the onboarding key gives it a credential, as
 * registering does: register on its site (a device on no live site is for owners and administrators); a
 * smart NVR's needs manage_snvr.
 */
export function mayApproveAdoption(access: Access, siteId: number | null, recorder = false): boolean {
  if (recorder) return can(access, 'manage_snvr');
  if (siteId === null) return isOwnerOrAdmin(access);
  return sitePermissions(access, siteId).has('register');
}

/** Rotating the onboarding key changes it for every device not yet adopted: owners and administrators. */
export const mayRotateOnboardingKey = (access: Access) => isOwnerOrAdmin(access);
