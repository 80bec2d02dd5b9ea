import {
  ALL_CLOUD_PERMISSIONS,
  CLOUD_PERMISSION,
  type RoleId,
  type SitePermission,
} from '../../../core/domain.ts';
import type { Database } from '../connect.ts';
import { userAlertPreferences, users } from '../schema/accounts.ts';
import { membershipSites, memberships } from '../schema/clouds.ts';
import { siteFilters } from '../schema/inventory.ts';
import { DEMO_CLOUD, type SeededCloud } from './demo-clouds.ts';
import type { SeededSite } from './demo-sites.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { daysAgo, shift } from './time.ts';

/** The password of every demo account (docs/demo.md). */
export const DEMO_PASSWORD = 'demo-console';

type Account = {
  email: string;
  firstname: string;
  lastname: string;
  timezone: string;
  subscribeNewsletter: boolean;
  isAdministrator?: boolean;
  supportTools?: boolean;
};

const account = (email: string, name: string, timezone: string, newsletter: boolean): Account => {
  const [firstname = '', lastname = ''] = name.split(' ');
  return { email, firstname, lastname, timezone, subscribeNewsletter: newsletter };
};

// The six demo logins of docs/demo.md, then people who only appear in lists and invitations.
export const ACCOUNTS = {
  owner: account('owner@demo.example', 'Olivia Owner', 'Europe/Vilnius', true),
  admin: account('admin@demo.example', 'Adam Admin', 'America/New_York', false),
  guest: account('guest@demo.example', 'Grace Guest', 'Europe/London', true),
  siteuser: account('siteuser@demo.example', 'Sam Siteuser', 'America/Chicago', false),
  trial: account('trial@demo.example', 'Tara Trial', 'America/Chicago', true),
  sysadmin: {
    ...account('sysadmin@demo.example', 'Sid Sysadmin', 'UTC', false),
    isAdministrator: true,
    supportTools: true,
  },
  partner: account('partner@demo.example', 'Pat Partner', 'America/Los_Angeles', false),
  noc: account('noc@demo.example', 'Nina Network', 'America/Los_Angeles', false),
  field: account('field@demo.example', 'Tom Technician', 'America/Denver', true),
} as const satisfies Record<string, Account>;

export type AccountKey = keyof typeof ACCOUNTS;
export type SeededUsers = Record<AccountKey, number>;

export async function seedUsers(db: Database, passwordHash: string, now: Date): Promise<SeededUsers> {
  const keys = Object.keys(ACCOUNTS) as AccountKey[];
  const ids = await insertRowsReturningIds(
    db,
    users,
    keys.map((key, index) => {
      const createdAt = daysAgo(now, key === 'trial' ? 10 : 1200 - index * 40);
      return {
        ...ACCOUNTS[key],
        passwordHash,
        preferredLanguage: 'en',
        // The demo's addresses count as verified from the start, so its invitations show.
        emailVerifiedAt: createdAt,
        createdAt,
        updatedAt: daysAgo(now, key === 'trial' ? 10 : 30),
      };
    }),
  );
  return Object.fromEntries(keys.map((key, index) => [key, ids[index]])) as SeededUsers;
}

/** Site User permissions of docs/decisions.md: read-only. */
const READ_ONLY_SITE: SitePermission[] = [
  'read_device',
  'read_site',
  'dashboards',
  'live_data',
  'view_config',
];
const SITE_USER_SITES = ['Headquarters', 'Downtown Office'];

/** Memberships, the Site User's two sites, saved site filters and alert preferences. */
export async function seedMemberships(
  db: Database,
  accounts: SeededUsers,
  clouds: readonly SeededCloud[],
  sites: readonly SeededSite[],
  now: Date,
): Promise<void> {
  const cloudId = (name: string) => clouds.find((cloud) => cloud.name === name)?.id as number;
  const demo = cloudId(DEMO_CLOUD);
  const member = (user: AccountKey, cloud: number, roleId: RoleId, permissions: number) => ({
    userId: accounts[user],
    cloudId: cloud,
    roleId,
    permissions,
    alertsViewedAt: shift(now, { days: -2, hours: user === 'owner' ? 0 : -5 }),
    tasksViewedAt: shift(now, { days: -1, hours: user === 'owner' ? 0 : -3 }),
    createdAt: daysAgo(now, 300),
  });
  const owned = (owner: AccountKey) =>
    clouds
      .filter((cloud) => cloud.owner === owner)
      .map((cloud) => ({
        ...member(owner, cloud.id, 'ROLE_OWNER', ALL_CLOUD_PERMISSIONS),
        createdAt: cloud.createdAt,
      }));
  await insertRows(db, memberships, [
    ...owned('owner'),
    ...owned('trial'),
    ...owned('partner'),
    member('admin', demo, 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites | CLOUD_PERMISSION.manage_licenses),
    member('guest', demo, 'ROLE_GUEST', 0),
    member('siteuser', demo, 'ROLE_USER', 0),
    member('sysadmin', demo, 'ROLE_ADMIN', ALL_CLOUD_PERMISSIONS),
    member('noc', demo, 'ROLE_ADMIN', CLOUD_PERMISSION.manage_sites),
    member('field', demo, 'ROLE_USER', 0),
  ]);

  const demoSites = sites.filter((site) => site.cloudId === demo);
  const siteId = (name: string) => demoSites.find((site) => site.name === name)?.id as number;
  await insertRows(db, membershipSites, [
    ...SITE_USER_SITES.map((name) => ({
      userId: accounts.siteuser,
      cloudId: demo,
      siteId: siteId(name),
      permissions: READ_ONLY_SITE,
    })),
    ...['Ridge Tower', 'Harbor Terminal', 'Stadium Parking'].map((name) => ({
      userId: accounts.field,
      cloudId: demo,
      siteId: siteId(name),
      permissions: [...READ_ONLY_SITE, 'register', 'rename_device', 'live_actions', 'firmware'],
    })),
  ]);

  await insertRows(db, siteFilters, [
    {
      cloudId: demo,
      name: 'Bay Area',
      siteIds: ['Headquarters', 'Main Warehouse', 'Harbor Terminal', 'Sunset Clinic', 'Lab & Staging'].map(
        siteId,
      ),
      createdByUserId: accounts.owner,
      createdAt: daysAgo(now, 120),
    },
    {
      cloudId: demo,
      name: 'Logistics',
      siteIds: ['Main Warehouse', 'Distribution Center East', 'Harbor Terminal'].map(siteId),
      createdByUserId: accounts.owner,
      createdAt: daysAgo(now, 60),
    },
    {
      cloudId: demo,
      name: 'Radio Backhaul',
      siteIds: ['Ridge Tower', 'Harbor Terminal', 'North Campus'].map(siteId),
      createdByUserId: accounts.admin,
      createdAt: daysAgo(now, 20),
    },
  ]);

  await insertRows(db, userAlertPreferences, [
    { userId: accounts.owner, name: 'DEV_UNREACHABLE', alertCount: 1, displayAlert: true },
    { userId: accounts.owner, name: 'DEV_REBOOT', alertCount: 3, displayAlert: true },
    { userId: accounts.owner, name: 'POWER_CONSUMPTION', alertCount: 2, displayAlert: false },
    { userId: accounts.owner, name: 'CHANNEL_CHANGED', alertCount: 5, displayAlert: false },
    { userId: accounts.owner, name: 'FW_UPGRADED', alertCount: 1, displayAlert: true },
  ]);
}
