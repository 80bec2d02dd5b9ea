// @vitest-environment node
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_STATES } from '../../../core/domain.ts';
import type { NavContext } from '../../../core/navigation/context.ts';
import { drawerMenu } from '../../../core/navigation/drawer-menu.ts';
import type { NavLabelKey } from '../../../core/navigation/labels.ts';
import type { NavEntry } from '../../../core/navigation/nav-entry.ts';
import { can } from '../../../core/policy.ts';
import { as, createTestApp, login, type Session, type TestApp, testSecrets } from '../../test/app.ts';
import { users } from '../schema/accounts.ts';
import { taskTargets } from '../schema/activity.ts';
import { clouds, membershipSites } from '../schema/clouds.ts';
import { seedDemo } from './demo.ts';

const DEMO_PASSWORD = 'demo-console';
let t: TestApp;
let owner: Session;
let demoCloudId: number;

// One seeded demo for the cloud calls and the tasks' (seeding is the bulk of this file's time).
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.database.db, testSecrets);
  owner = await login(t.app, 'owner@demo.example', DEMO_PASSWORD);
  const [demo] = await t.database.db
    .select({ id: clouds.id })
    .from(clouds)
    .where(eq(clouds.name, 'Demo Networks'));
  if (!demo) throw new Error('Demo Networks not seeded');
  demoCloudId = demo.id;
});
afterAll(() => t.close());

const get = (session: Session, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...as(session), ...headers } });

type Summary = { id: number; name: string };
async function ownerClouds(): Promise<Summary[]> {
  return (await get(owner, '/apiv2/clouds')).json().clouds;
}
const idOf = (clouds: Summary[], name: string) => clouds.find((cloud) => cloud.name === name)?.id as number;

describe('the demo data through the cloud calls (docs/demo.md)', () => {
  it("lists the owner's clouds by name and the partner's two pending invitations", async () => {
    const body = (await get(owner, '/apiv2/clouds')).json();
    const names = body.clouds.map((cloud: Summary) => cloud.name);
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(body.invitations.map((i: { cloud_name: string }) => i.cloud_name).sort()).toEqual([
      'Metro Fiber Co',
      'Partner ISP',
    ]);
    expect(body.invitations[0].invited_by).toBe('Pat Partner');
    expect((await get(owner, '/apiv2/user/unread-invitations')).json()).toEqual({ unreadInvitationCount: 2 });
  });

  it('flags the suspended, expired and expiring demo clouds', async () => {
    const clouds = await ownerClouds();
    const status = async (name: string) =>
      (await get(owner, `/apiv2/cloud/${idOf(clouds, name)}/license-status`)).json();
    expect(await status('Lakeside Hotels')).toMatchObject({ suspended: true, expired: true });
    expect(await status('Riverside Campus')).toMatchObject({
      suspended: false,
      expired: true,
      cloudWillExpire: false,
    });
    expect(await status('Northgate Retail')).toMatchObject({ expired: false, cloudWillExpire: true });
    const demo = await status('Demo Networks');
    expect(demo).toMatchObject({
      suspended: false,
      expired: false,
      cloudWillExpire: false,
      freeLicensesUsed: 8,
    });
    expect(demo.licensesUsed).toBeGreaterThan(200);
    expect((await status('Legacy Farms Co-op')).licensesUsed).toBe(0);
  });

  it('gives billing to the owner and administrator of Demo Networks, not to the guest or site user', async () => {
    const demoId = idOf(await ownerClouds(), 'Demo Networks');
    const billing = async (email: string) =>
      (await get(await login(t.app, email, DEMO_PASSWORD), `/apiv2/cloud/${demoId}`)).json().billing;
    expect(await billing('owner@demo.example')).toEqual({ address: { country: 'US' } });
    expect(await billing('admin@demo.example')).toEqual({ address: { country: 'US' } });
    expect(await billing('guest@demo.example')).toBeNull();
    expect(await billing('siteuser@demo.example')).toBeNull();
  });

  it('offers Demo Networks its promotional videos and its licensed smart NVR', async () => {
    const demoId = idOf(await ownerClouds(), 'Demo Networks');
    const { videos } = (await get(owner, `/apiv2/cloud/${demoId}/addons/advertisement`)).json();
    expect(videos.length).toBeGreaterThan(0);
    const license = (await get(owner, '/apiv2/smartnvr/license', { 'x-cloud-id': String(demoId) })).json();
    expect(license.deviceId).toEqual(expect.any(Number));
  });
});

async function read(session: Session, url: string, headers: Record<string, string> = {}) {
  const response = await get(session, url, headers);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
}

/**
 * The cloud menu of the account's default cloud, built by the navigation model (core/navigation) from what
 * the server says, as the drawer builds it (web/shell/drawer/use-nav-context.ts): the link entries by label
 * key, and the headings over them.
 */
async function cloudMenuOf(account: string) {
  const session = await login(t.app, `${account}@demo.example`, DEMO_PASSWORD);
  const me = await read(session, '/apiv2/auth/me');
  const cloudId: number = me.default_cloud_id;
  const membership = me.memberships.find((m: { cloud_id: number }) => m.cloud_id === cloudId);
  const cloud = await read(session, `/apiv2/cloud/${cloudId}`);
  const filters = await read(session, `/apiv2/cloud/${cloudId}/site-filters-select`);
  const managesSnvr = can({ roleId: membership.role_id, permissions: membership.permissions }, 'manage_snvr');
  const license = managesSnvr
    ? await read(session, '/apiv2/smartnvr/license', { 'X-Cloud-Id': String(cloudId) })
    : null;
  const context: NavContext = {
    access: { roleId: membership.role_id, permissions: membership.permissions, sites: [] },
    theme: { addonsEnabled: me.theme.addons_enabled, supportToolsEnabled: me.theme.support_tools_enabled },
    user: { supportTools: me.user.support_tools },
    cloud: { plan_type: cloud.plan_type, authport_enabled: cloud.authport_enabled },
    siteFilterActive: filters.userCloudFilter.id !== null,
    site: null,
    device: null,
    licensedSmartNvrId: license?.deviceId ?? null,
    params: { cloudId, userId: me.user.id },
  };
  const flatten = (entries: readonly NavEntry[]): NavEntry[] =>
    entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
  const entries = flatten(drawerMenu('cloud', context).entries);
  return {
    links: entries.filter((entry) => entry.href !== null).map((entry) => entry.labelKey),
    headings: entries.filter((entry) => entry.heading).map((entry) => entry.labelKey),
  };
}

// What each account must (and must not) see, whatever else the model gives it (docs/navigation.md,
// docs/security.md). Tools are for the support tools flag, which only the sysadmin holds (docs/tools.md).
const MUST: Record<string, { see: NavLabelKey[]; miss: NavLabelKey[] }> = {
  owner: {
    see: [
      'nav.main.siteManagement',
      'nav.main.userManagement',
      'nav.main.licenses',
      'nav.main.properties',
      // AuthPort is on in Demo Networks (docs/guest-access.md#who-may).
      'nav.main.authportServicePlans',
      'nav.main.authportAccounts',
      'nav.main.reportManagement',
    ],
    // Demo Networks is not on the vpc plan (docs/vpc.md#who-may).
    miss: ['nav.main.sites', 'nav.main.vpc', 'nav.main.tools'],
  },
  admin: {
    see: ['nav.main.siteManagement', 'nav.main.properties', 'nav.common.addons', 'nav.common.notifications'],
    miss: ['nav.main.sites', 'nav.main.tools'],
  },
  guest: {
    see: ['nav.common.dashboard', 'nav.common.devices', 'nav.common.activity', 'nav.main.sites'],
    miss: ['nav.main.siteManagement', 'nav.main.properties'],
  },
  siteuser: {
    see: ['nav.main.sites'],
    miss: ['nav.main.userManagement', 'nav.main.reportManagement', 'nav.main.properties'],
  },
  trial: {
    see: ['nav.main.siteManagement', 'nav.main.userManagement', 'nav.main.properties'],
    miss: ['nav.main.authportServicePlans'],
  },
  sysadmin: {
    see: ['nav.main.siteManagement', 'nav.main.userManagement', 'nav.main.tools'],
    miss: ['nav.main.sites'],
  },
};

describe('the cloud menu of each demo account', () => {
  for (const [account, { see, miss }] of Object.entries(MUST)) {
    it(`${account} gets what its role and bits allow`, async () => {
      const menu = await cloudMenuOf(account);
      expect(menu.links).toEqual(expect.arrayContaining(see));
      expect(menu.links.filter((key) => miss.includes(key))).toEqual([]);
      // The Manage heading only over something to manage: a guest or Site User has nothing to manage.
      expect(menu.headings.includes('nav.common.manage')).toBe(account !== 'guest' && account !== 'siteuser');
    });
  }
});

type Task = { id: number; task_state: string; site_id: number | null; stateCounts: Record<string, number> };

async function recentTasks(email: string): Promise<Task[]> {
  const session = await login(t.app, email, DEMO_PASSWORD);
  const response = await t.app.inject({
    method: 'GET',
    url: `/apiv2/cloud/${demoCloudId}/recent-tasks`,
    headers: as(session),
  });
  expect(response.statusCode).toBe(200);
  return response.json().tasks;
}

describe('recent tasks of the demo data', () => {
  it('gives each task counts that sum to its targets, state by state', async () => {
    const tasks = await recentTasks('owner@demo.example');
    expect(tasks).toHaveLength(20);
    const rows = await t.database.db
      .select({ taskId: taskTargets.taskId, state: taskTargets.state, n: sql<number>`count(*)::int` })
      .from(taskTargets)
      .where(
        inArray(
          taskTargets.taskId,
          tasks.map((task) => task.id),
        ),
      )
      .groupBy(taskTargets.taskId, taskTargets.state);
    for (const task of tasks) {
      const expected = Object.fromEntries(TASK_STATES.map((state) => [state, 0]));
      for (const row of rows.filter((r) => r.taskId === task.id)) expected[row.state] = row.n;
      expect(task.stateCounts).toEqual(expected);
    }
    const running = tasks.filter((task) => task.task_state === 'TASK_RUNNING');
    expect(running.length).toBeGreaterThan(0);
    for (const task of running)
      expect(Object.values(task.stateCounts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
  });

  it('shows the demo Site User only tasks of their two sites', async () => {
    const [siteUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'siteuser@demo.example'));
    const assigned = await t.database.db
      .select({ siteId: membershipSites.siteId })
      .from(membershipSites)
      .where(and(eq(membershipSites.userId, siteUser?.id ?? 0), eq(membershipSites.cloudId, demoCloudId)));
    const allowed = new Set(assigned.map((row) => row.siteId));
    const tasks = await recentTasks('siteuser@demo.example');
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(allowed.has(task.site_id ?? -1)).toBe(true);
  });
});
