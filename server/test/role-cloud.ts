import { eq } from 'drizzle-orm';
import { defaultDocument } from '../../core/config/defaults.ts';
import { CLOUD_PERMISSION, type TaskState, type TaskType } from '../../core/domain.ts';
import { advertisements, invitations } from '../db/schema/clouds.ts';
import { configRevisions as revisionTable, siteConfigs } from '../db/schema/config.ts';
import { blogPosts } from '../db/schema/content.ts';
import { deviceAgents, pendingDevices as pendingDevicesTable } from '../db/schema/fleet.ts';
import { siteFilters, smartNvrs } from '../db/schema/inventory.ts';
import { seedRecorderCameras } from '../features/cameras/test-cameras.ts';
import { createTableFloors } from '../features/floor-maps/test-floors.ts';
import { createTableGuestAccess } from '../features/guest-accounts/test-guest.ts';
import { createTablePortals } from '../features/guest-portals/test-portals.ts';
import { addTaskFiles, createTask } from '../features/tasks/test-cloud.ts';
import { TOKEN_KINDS } from './access-rules.ts';
import { login, type Session, type TestApp, testSecrets } from './app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from './factories.ts';

/** Every kind of caller the access rules tell apart (docs/roles.md, docs/decisions.md). */
export const ACTORS = [
  'owner',
  'admin',
  'adminManageLicenses',
  'adminManageSnvr',
  'adminManageVpc',
  'adminManageSites',
  'guest',
  'siteUser',
  'outsider',
  'platformAdmin',
] as const;
export type Actor = (typeof ACTORS)[number];

/**
 * One spare per caller of a row: every actor, an anonymous caller, one without the CSRF token and each API
 * token (server/test/access-rules.ts TOKENS).
 */
const SPARES = ACTORS.length + 2 + TOKEN_KINDS.length;

/**
 * A cloud with two sites (a switch on each, a Site User assigned to the first), a smart NVR, a saved site
 * filter, and a signed-in session for every actor: owner; administrators with no bit and with each bit;
 * guest; Site User; the owner of another cloud; a platform administrator who is not a member.
 */
export async function createRoleCloud(t: TestApp) {
  const db = t.database.db;
  // AuthPort on and the vpc plan, so their calls answer by their rule (docs/guest-access.md#who-may, docs/vpc.md).
  const cloud = await createCloud(db, { name: 'Access Table Cloud', authportEnabled: true, planType: 'vpc' });
  const assigned = await createSite(db, cloud.id, { name: 'Assigned Site' });
  const other = await createSite(db, cloud.id, { name: 'Other Site' });
  // Switches that keep files, so every device route (the Files page's too) has a device to answer for.
  const fileSwitch = {
    productBrandId: 96,
    productType: 'switch',
    mgmtdVersion: '1.5.0',
    configType: 'switch',
  } as const;
  const assignedDevice = await createDevice(db, cloud.id, assigned.id, fileSwitch);
  const otherDevice = await createDevice(db, cloud.id, other.id, fileSwitch);
  const [recorder] = await db
    .insert(smartNvrs)
    .values({
      cloudId: cloud.id,
      name: 'Table NVR',
      mac: '02:00:00:ff:ff:01',
      sn: 'NVRT',
      productBrandId: 190,
    })
    .returning();
  const [filter] = await db
    .insert(siteFilters)
    .values({ cloudId: cloud.id, name: 'Both sites', siteIds: [assigned.id, other.id] })
    .returning();
  if (!recorder || !filter) throw new Error('fixture not created');
  // A camera of the recorder and one its scan found, for the camera rows (docs/cameras.md).
  const recorderCameras = await seedRecorderCameras(db, cloud.id, recorder.id);
  // Each site has a switch configuration applied and a draft, and its switch a revision of its own
  // (no overrides), for the configuration rows.
  const configRevisions = { assigned: 0, other: 0 };
  const deviceConfigRevisions = { assigned: 0, other: 0 };
  for (const [site, siteId, deviceId] of [
    ['assigned', assigned.id, assignedDevice.id],
    ['other', other.id, otherDevice.id],
  ] as const) {
    const document = testSecrets.seal(defaultDocument('switch')) as Record<string, unknown>;
    const [revision, deviceRevision] = await db
      .insert(revisionTable)
      .values([
        { cloudId: cloud.id, siteId, configType: 'switch', kind: 'apply', document },
        {
          cloudId: cloud.id,
          deviceId,
          configType: 'switch',
          kind: 'apply',
          document: testSecrets.seal({}) as Record<string, unknown>,
        },
      ])
      .returning({ id: revisionTable.id });
    configRevisions[site] = revision?.id ?? 0;
    deviceConfigRevisions[site] = deviceRevision?.id ?? 0;
    await db
      .insert(siteConfigs)
      .values({ siteId, configType: 'switch', draft: document, revisionId: revision?.id ?? null });
  }
  // Sites and groupings for the access table's deleting calls, one used up per call.
  const spareSites: number[] = [];
  const spareFilters: number[] = [];
  for (let n = 1; n <= SPARES; n++) {
    spareSites.push((await createSite(db, cloud.id, { name: `Spare Site ${n}` })).id);
    const [spare] = await db
      .insert(siteFilters)
      .values({ cloudId: cloud.id, name: `Spare grouping ${n}`, siteIds: [assigned.id] })
      .returning();
    spareFilters.push(spare?.id ?? 0);
  }

  // Guests and invitations for the access table's calls that change or remove them (two rows each), one
  // per call.
  const spareMembers: number[] = [];
  const spareInvitations: number[] = [];
  for (let n = 1; n <= 2 * SPARES; n++) {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, 'ROLE_GUEST');
    spareMembers.push(user.id);
    const [invitation] = await db
      .insert(invitations)
      .values({
        cloudId: cloud.id,
        email: `spare${n}@invited.example`,
        roleId: 'ROLE_GUEST',
        state: 'REGISTRATION_PENDING',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: invitations.id });
    spareInvitations.push(invitation?.id ?? 0);
  }

  // Tasks waiting on each site's device, one cancelled per call, and the files a capture and a report left.
  const storedTask = async (typeId: TaskType, device: typeof assignedDevice, taskState: TaskState) =>
    createTask(db, { cloudId: cloud.id, typeId, taskState, siteId: device.siteId, executeAt: new Date() }, [
      { deviceId: device.id, state: taskState },
    ]);
  const spareTasks = { assigned: [] as number[], other: [] as number[] };
  for (let n = 1; n <= SPARES; n++) {
    for (const site of ['assigned', 'other'] as const) {
      const device = site === 'assigned' ? assignedDevice : otherDevice;
      spareTasks[site].push((await storedTask('TASK_RECEIVED_CONFIG', device, 'TASK_PENDING')).id);
    }
  }
  const finishedWithFile = async (typeId: TaskType, name: string) => {
    const task = await storedTask(typeId, assignedDevice, 'TASK_SUCCESS');
    return { taskId: task.id, targetIds: await addTaskFiles(db, task.id, name) };
  };
  const taskFiles = {
    capture: await finishedWithFile('TASK_NETCAP', 'capture.pcap'),
    report: await finishedWithFile('TASK_REPORT', 'running-config.cfg'),
  };
  // A floor with a plan on each site, and spare floors for the deleting rows (docs/floor-maps.md).
  const floors = await createTableFloors(db, cloud.id, { assigned: assigned.id, other: other.id }, SPARES);
  // A service plan in use, a guest account and a voucher batch, and spares of each (docs/guest-access.md).
  const guestAccess = await createTableGuestAccess(db, cloud.id, SPARES);
  // A captive portal on the first site, and spares for the deleting rows (docs/guest-access.md).
  const portals = await createTablePortals(db, cloud.id, assigned.id, SPARES);

  const member = async (role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER', permissions = 0) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, role, permissions);
    if (role === 'ROLE_USER')
      await assignSite(db, user.id, cloud.id, assigned.id, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  const outsider = await createUser(db);
  const outsiderCloud = await createCloud(db);
  await addMember(db, outsider.id, outsiderCloud.id, 'ROLE_OWNER');
  const platformAdmin = await createUser(db, { isAdministrator: true, supportTools: true });

  const sessions: Record<Actor, Session> = {
    owner: await member('ROLE_OWNER'),
    admin: await member('ROLE_ADMIN'),
    adminManageLicenses: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_licenses),
    adminManageSnvr: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_snvr),
    adminManageVpc: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_vpc),
    adminManageSites: await member('ROLE_ADMIN', CLOUD_PERMISSION.manage_sites),
    guest: await member('ROLE_GUEST'),
    siteUser: await member('ROLE_USER'),
    outsider: await login(t.app, outsider.email, TEST_PASSWORD),
    platformAdmin: await login(t.app, platformAdmin.email, TEST_PASSWORD),
  };
  // Devices that called home unregistered with the cloud's onboarding key: each adoption call of the access
  // table takes the next one.
  const pendingDevices = await db
    .insert(pendingDevicesTable)
    .values(
      Array.from({ length: 2 * SPARES }, (_, n) => ({
        cloudId: cloud.id,
        sn: `ACCESSPEND${n}`,
        mac: `02:ad:00:00:00:${n.toString(16).padStart(2, '0')}`,
        productBrandId: 13,
        fw: '7.2.0-3988',
        mgmtdVersion: '2.4.1',
      })),
    )
    .returning({ id: pendingDevicesTable.id, sn: pendingDevicesTable.sn });
  // On each site, a registered device that called without the key, for the approval rows, and adopted
  // devices (recorders too) whose credentials the reset rows revoke, one per call.
  const claimed = { assigned: 0, other: 0 };
  const adopted: Record<'assigned' | 'other' | 'recorder', number[]> = {
    assigned: [],
    other: [],
    recorder: [],
  };
  const agent = (target: { deviceId: number } | { smartNvrId: number }) =>
    db
      .insert(deviceAgents)
      .values({ cloudId: cloud.id, ...target, credentialHash: 'f'.repeat(64), state: {} as never });
  for (const [site, siteId] of [
    ['assigned', assigned.id],
    ['other', other.id],
  ] as const) {
    const device = await createDevice(db, cloud.id, siteId);
    await db.insert(pendingDevicesTable).values({
      sn: device.sn,
      mac: device.mac,
      productBrandId: 13,
      fw: '7.2.0-3988',
      mgmtdVersion: '2.4.1',
      remoteAddress: '192.0.2.10',
    });
    const [row] = await db
      .select({ id: pendingDevicesTable.id })
      .from(pendingDevicesTable)
      .where(eq(pendingDevicesTable.mac, device.mac));
    claimed[site] = row?.id ?? 0;
    for (let n = 1; n <= SPARES; n++) {
      const spare = await createDevice(db, cloud.id, siteId);
      await agent({ deviceId: spare.id });
      adopted[site].push(spare.id);
    }
  }
  for (let n = 1; n <= SPARES; n++) {
    const [spare] = await db
      .insert(smartNvrs)
      .values({
        cloudId: cloud.id,
        name: `Spare NVR ${n}`,
        mac: `02:00:00:fe:ff:${n.toString(16).padStart(2, '0')}`,
        sn: `NVRSPARE${n}`,
        productBrandId: 190,
      })
      .returning({ id: smartNvrs.id });
    await agent({ smartNvrId: spare?.id ?? 0 });
    adopted.recorder.push(spare?.id ?? 0);
  }
  const platformContent = await createPlatformContent(db);
  return {
    cloud,
    sites: { assigned, other },
    pendingDevices,
    claimed,
    adopted,
    platformContent,
    // A person the Admin Panel's per-person calls act on.
    outsiderId: outsider.id,
    outsiderEmail: outsider.email,
    outsiderCloudId: outsiderCloud.id,
    devices: { assignedDevice, otherDevice },
    configRevisions,
    deviceConfigRevisions,
    recorder,
    recorderCameras,
    filter,
    spareSites,
    spareFilters,
    spareMembers,
    spareInvitations,
    spareTasks,
    taskFiles,
    floors,
    guestAccess,
    portals,
    sessions,
  };
}
export type RoleCloud = Awaited<ReturnType<typeof createRoleCloud>>;

/**
 * Platform content for the Admin Panel's rows: a draft news post and a video, changed by their rows, and
 * spares of each for the deleting rows, one per caller.
 */
async function createPlatformContent(db: TestApp['database']['db']) {
  const posts = await db
    .insert(blogPosts)
    .values(
      Array.from({ length: SPARES + 1 }, (_, n) => ({
        uuid: `5e1f0c2a-7d3b-4c9e-8f10-${n.toString(16).padStart(12, '0')}`,
        title: `Access table post ${n}`,
        plaintext: 'Draft',
        mobiledoc: { version: '0.3.1', atoms: [], cards: [], markups: [], sections: [] },
        url: `https://news.test.example/access-table-${n}/`,
      })),
    )
    .returning({ uuid: blogPosts.uuid });
  const videos = await db
    .insert(advertisements)
    .values(
      Array.from({ length: SPARES + 1 }, (_, n) => ({
        title: `Access table video ${n}`,
        videoUrl: `/media/videos/access-table-${n}.webm`,
      })),
    )
    .returning({ id: advertisements.id });
  const [newsPost, ...spareNewsPosts] = posts.map((post) => post.uuid);
  const [videoId, ...spareVideos] = videos.map((video) => video.id);
  if (!newsPost || !videoId) throw new Error('platform content not created');
  return { newsPostUuid: newsPost, videoId, spareNewsPosts, spareVideos };
}
