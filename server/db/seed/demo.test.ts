// @vitest-environment node
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_TYPES, PRODUCT_TYPES, TASK_STATES, type TaskState } from '../../../core/domain.ts';
import { productBrand } from '../../../core/product-catalogue.ts';
import { modelHardware } from '../../../core/product-hardware.ts';
import { taskStateOf } from '../../../core/task-machine.ts';
import { stateCountsOf } from '../../../core/tasks.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { documentHash } from '../../features/config/seal.ts';
import { rolledUpTo } from '../../fleet/metric-store.ts';
import { testSecrets } from '../../test/app.ts';
import { openTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../connect.ts';
import { queryRows } from '../rows.ts';
import { users } from '../schema/accounts.ts';
import { alerts, tasks, taskTargets } from '../schema/activity.ts';
import { recorderCameras } from '../schema/cameras.ts';
import { clouds, invitations, licenses, membershipSites, memberships } from '../schema/clouds.ts';
import { blogPostReads, blogPosts } from '../schema/content.ts';
import { devices, objectHistory, sites, smartNvrs, wirelessClients } from '../schema/inventory.ts';
import { isDatabaseEmpty, seedDemo } from './demo.ts';
import { demoDeviceFlash } from './demo-config.ts';

const now = new Date('2025-06-15T12:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const MAC = /^([0-9a-f]{2}:){5}[0-9a-f]{2}$/;

let handle: DatabaseHandle;
let emptyBefore: boolean;

beforeAll(async () => {
  handle = await openTestDatabase();
  emptyBefore = await isDatabaseEmpty(handle.db);
  await seedDemo(handle.db, testSecrets, now);
});

afterAll(async () => {
  await handle?.close();
});

async function userByEmail(email: string) {
  const [user] = await handle.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`missing ${email}`);
  return user;
}

async function membershipsOf(email: string) {
  const user = await userByEmail(email);
  return handle.db
    .select({ cloud: clouds, roleId: memberships.roleId, permissions: memberships.permissions })
    .from(memberships)
    .innerJoin(clouds, eq(clouds.id, memberships.cloudId))
    .where(eq(memberships.userId, user.id));
}

/** A row of aggregates as numbers: PostgreSQL answers counts and averages as text, the embedded one not. */
async function numbersOf(db: DatabaseHandle['db'], query: SQL): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, unknown>>(db, query);
  return Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, Number(value)]));
}

async function demoCloudId() {
  const [demo] = await handle.db.select().from(clouds).where(eq(clouds.name, 'Demo Networks'));
  return demo?.id as number;
}

describe('isDatabaseEmpty', () => {
  it('is true before seeding and false after', async () => {
    expect(emptyBefore).toBe(true);
    expect(await isDatabaseEmpty(handle.db)).toBe(false);
  });
});

describe('demo accounts', () => {
  it.each([
    ['owner@demo.example', 'ROLE_OWNER', 15],
    ['admin@demo.example', 'ROLE_ADMIN', 9],
    ['guest@demo.example', 'ROLE_GUEST', 0],
    ['siteuser@demo.example', 'ROLE_USER', 0],
    ['sysadmin@demo.example', 'ROLE_ADMIN', 15],
  ])('gives %s the role %s with bits %i in Demo Networks', async (email, roleId, permissions) => {
    const demo = (await membershipsOf(email)).find((row) => row.cloud.name === 'Demo Networks');
    expect(demo).toMatchObject({ roleId, permissions });
  });

  it('signs every demo account in with the demo password', async () => {
    const owner = await userByEmail('owner@demo.example');
    expect(await verifyPassword(owner.passwordHash, 'demo-console')).toBe(true);
    const hashes = await handle.db.select({ hash: users.passwordHash }).from(users);
    expect(new Set(hashes.map((row) => row.hash)).size).toBe(1);
  });

  it('makes the sysadmin a platform administrator with support tools', async () => {
    expect(await userByEmail('sysadmin@demo.example')).toMatchObject({
      isAdministrator: true,
      supportTools: true,
    });
    expect(await userByEmail('owner@demo.example')).toMatchObject({
      isAdministrator: false,
      firstname: 'Olivia',
    });
  });

  it('makes the trial user the owner of one trial cloud', async () => {
    const rows = await membershipsOf('trial@demo.example');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      roleId: 'ROLE_OWNER',
      permissions: 15,
      cloud: { name: 'Trial Lab', planType: 'trial' },
    });
  });

  it('limits the site user to exactly two sites with read-only permissions', async () => {
    const user = await userByEmail('siteuser@demo.example');
    const rows = await handle.db.select().from(membershipSites).where(eq(membershipSites.userId, user.id));
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row.permissions).toEqual(['read_device', 'read_site', 'dashboards', 'live_data', 'view_config']);
  });

  it('gives the owner two unread pending invitations to clouds of someone else', async () => {
    const owner = await userByEmail('owner@demo.example');
    const pending = await handle.db
      .select({ invitation: invitations, cloudName: clouds.name })
      .from(invitations)
      .innerJoin(clouds, eq(clouds.id, invitations.cloudId))
      .where(and(eq(invitations.email, owner.email), eq(invitations.state, 'REGISTRATION_PENDING')));
    expect(pending.map((row) => row.cloudName).sort()).toEqual(['Metro Fiber Co', 'Partner ISP']);
    const ownClouds = (await membershipsOf(owner.email)).map((row) => row.cloud.id);
    for (const { invitation } of pending) {
      expect(invitation.readAt).toBeNull();
      expect(invitation.expiresAt.getTime()).toBeGreaterThan(now.getTime());
      expect(ownClouds).not.toContain(invitation.cloudId);
    }
  });
});

describe("the owner's clouds", () => {
  it('are at least 12, with Demo Networks first and every plan situation of the notices', async () => {
    const owned = (await membershipsOf('owner@demo.example')).filter((row) => row.roleId === 'ROLE_OWNER');
    const list = owned.map((row) => row.cloud);
    expect(list.length).toBeGreaterThanOrEqual(12);
    const expires = (cloud: (typeof list)[number]) => (cloud.planExpiresAt as Date).getTime() - now.getTime();
    expect(list.find((cloud) => cloud.id === 1)).toMatchObject({
      name: 'Demo Networks',
      planType: 'intro',
      authportEnabled: true,
      enableAdvertisement: true,
      company: 'Demo Networks Ltd',
      billingAddress: { country: 'US' },
    });
    expect(list.some((cloud) => cloud.planType === 'trial')).toBe(true);
    expect(list.some((cloud) => cloud.planType === 'vpc')).toBe(true);
    expect(list.some((cloud) => cloud.suspendedAt !== null && cloud.suspendType === 'payment')).toBe(true);
    expect(list.some((cloud) => cloud.suspendedAt === null && expires(cloud) < 0)).toBe(true);
    expect(list.some((cloud) => expires(cloud) > 0 && expires(cloud) < 30 * DAY)).toBe(true);
    expect(list.some((cloud) => cloud.billingAddress.country === undefined)).toBe(true);
    // Each with its own onboarding key, which the demo's simulated devices call home with.
    const keys = list.map((cloud) => cloud.onboardingKey);
    expect(keys.every((key) => /^[0-9a-f]{32}$/.test(key))).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('include one that meets the free-trial prompt rule of docs/constants.md', async () => {
    const owned = (await membershipsOf('owner@demo.example')).map((row) => row.cloud);
    const used = await handle.db.select({ cloudId: licenses.cloudId }).from(licenses);
    const prompt = owned.filter(
      (cloud) =>
        cloud.planType !== 'trial' &&
        cloud.createdAt < new Date('2020-08-01T00:00:00Z') &&
        (cloud.planPurchasedAt as Date).getTime() < now.getTime() - 90 * DAY &&
        (cloud.planExpiresAt as Date).getTime() < now.getTime() + 90 * DAY &&
        !used.some((license) => license.cloudId === cloud.id),
    );
    expect(prompt.map((cloud) => cloud.name)).toEqual(['Legacy Farms Co-op']);
  });
});

describe('Demo Networks inventory', () => {
  it('has at least 12 sites, one without configuration and one with SD-WAN', async () => {
    const rows = await handle.db
      .select()
      .from(sites)
      .where(eq(sites.cloudId, await demoCloudId()));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    expect(rows.filter((site) => !site.configEnabled)).toHaveLength(1);
    expect(rows.filter((site) => site.sdwanEnabled)).toHaveLength(1);
    for (const site of rows) expect(site.latitude).toEqual(expect.any(Number));
  });

  it('has 300 or more devices of every device family, consistent with the catalogue', async () => {
    const rows = await handle.db
      .select()
      .from(devices)
      .where(and(eq(devices.cloudId, await demoCloudId()), isNull(devices.deletedAt)));
    expect(rows.length).toBeGreaterThanOrEqual(300);
    const types = new Set(rows.map((device) => device.productType));
    for (const type of PRODUCT_TYPES.filter((candidate) => candidate !== 'smartnvr'))
      expect(types).toContain(type);
    const brandIds = new Set(rows.map((device) => device.productBrandId));
    for (const id of [153, 154, 161]) expect(brandIds).toContain(id);
    for (const device of rows) {
      const brand = productBrand(device.productBrandId);
      expect(device.productType).toBe(brand?.productType);
      expect(device.productId).toBe(brand?.productId);
      expect(device.mac).toMatch(MAC);
      expect(device.ip).toMatch(/^10\.\d+\.\d+\.\d+$/);
      expect(device.fw).toMatch(/^\d+\.\d+\.\d+-\d+$/);
    }
    const switchVersions = new Set(
      rows.filter((row) => row.productType === 'switch').map((row) => row.mgmtdVersion),
    );
    expect([...switchVersions]).toEqual(expect.arrayContaining(['1.4.9', '1.5.0', '1.10.0']));
    expect(rows.filter((device) => device.statusId === 'STATUS_OFFLINE').length).toBeGreaterThan(0);
    expect(rows.filter((device) => device.healthId === 'HEALTH_CRITICAL').length).toBeGreaterThan(0);
    expect(rows.filter((device) => !device.allowConfig).length).toBeGreaterThan(0);
  });

  // docs/demo.md#site-map: devices stand near their site on the site map, every tenth left unplaced.
  it('places most devices within 400 m of their site and leaves a few of each site unplaced', async () => {
    const cloudId = await demoCloudId();
    const rows = await handle.db
      .select({
        siteId: devices.siteId,
        latitude: devices.latitude,
        longitude: devices.longitude,
        siteLatitude: sites.latitude,
        siteLongitude: sites.longitude,
      })
      .from(devices)
      .innerJoin(sites, eq(sites.id, devices.siteId))
      .where(eq(devices.cloudId, cloudId));
    const placed = rows.filter((row) => row.latitude !== null && row.longitude !== null);
    const unplaced = rows.filter((row) => row.latitude === null && row.longitude === null);
    expect(placed.length + unplaced.length).toBe(rows.length);
    expect(unplaced.length).toBeGreaterThan(0);
    expect(unplaced.length).toBeLessThan(rows.length / 8);
    for (const row of placed) {
      const north = ((row.latitude as number) - (row.siteLatitude as number)) * 111_320;
      const east =
        ((row.longitude as number) - (row.siteLongitude as number)) *
        111_320 *
        Math.cos(((row.siteLatitude as number) * Math.PI) / 180);
      expect(Math.abs(north)).toBeLessThanOrEqual(401);
      expect(Math.abs(east)).toBeLessThanOrEqual(401);
    }
    // The sites with ten devices or more show a "Not placed" list.
    const bySite = new Map<number, number>();
    for (const row of unplaced) bySite.set(row.siteId as number, (bySite.get(row.siteId as number) ?? 0) + 1);
    expect(bySite.size).toBeGreaterThanOrEqual(12);
  });

  it('gives every device, recorder and client its own MAC address', async () => {
    const all = [
      ...(await handle.db.select({ mac: devices.mac }).from(devices)),
      ...(await handle.db.select({ mac: smartNvrs.mac }).from(smartNvrs)),
    ];
    expect(new Set(all.map((row) => row.mac)).size).toBe(all.length);
    const clients = await handle.db
      .select()
      .from(wirelessClients)
      .where(eq(wirelessClients.cloudId, await demoCloudId()));
    expect(clients.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(clients.map((client) => client.mac)).size).toBe(clients.length);
    for (const client of clients) {
      expect(client.mac).toMatch(MAC);
      expect(client.ip).toMatch(/^192\.168\.\d+\.\d+$/);
    }
  });

  it('has a licensed smart NVR and one without license', async () => {
    const recorders = await handle.db
      .select()
      .from(smartNvrs)
      .where(eq(smartNvrs.cloudId, await demoCloudId()));
    expect(recorders.map((recorder) => recorder.productBrandId)).toEqual([190, 190]);
    const nvrLicenses = await handle.db.select().from(licenses).where(eq(licenses.kind, 'smartnvr'));
    expect(nvrLicenses.map((license) => license.smartNvrId)).toEqual([recorders[0]?.id]);
    // Their cameras are in the table from the start (docs/cameras.md), cam-2 of each in H.265.
    const cameras = await queryRows<{ smart_nvr_id: number; camera_id: string; main_codec: string }>(
      handle.db,
      sql`SELECT smart_nvr_id, camera_id, main_codec FROM recorder_cameras ORDER BY smart_nvr_id, id`,
    );
    expect(cameras.filter((camera) => camera.smart_nvr_id === recorders[0]?.id)).toHaveLength(8);
    expect(cameras.filter((camera) => camera.smart_nvr_id === recorders[1]?.id)).toHaveLength(5);
    expect(
      cameras.filter((camera) => camera.main_codec === 'h265').map((camera) => camera.camera_id),
    ).toEqual(['cam-2', 'cam-2']);
  });

  it('keeps history: a renamed device, a departed client, deleted devices', async () => {
    const history = await handle.db.select().from(objectHistory);
    expect(history).toContainEqual(
      expect.objectContaining({ objectType: 'device', field: 'name', value: 'Old Warehouse AP' }),
    );
    expect(history).toContainEqual(
      expect.objectContaining({ objectType: 'client', field: 'mac', value: 'de:ad:be:ef:00:01' }),
    );
    const deleted = await handle.db
      .select()
      .from(devices)
      .where(eq(devices.cloudId, await demoCloudId()));
    const gone = deleted.filter((device) => device.deletedAt !== null);
    expect(gone.length).toBeGreaterThan(0);
    for (const device of gone)
      expect(history.some((row) => row.objectId === device.id && row.value === device.name)).toBe(true);
  });
});

describe('Demo Networks activity', () => {
  it('has alerts of every device type in the last 7 days, recorder alerts on the smart NVR', async () => {
    const rows = await handle.db
      .select()
      .from(alerts)
      .where(eq(alerts.cloudId, await demoCloudId()));
    const recent = rows.filter((alert) => alert.problemAt.getTime() > now.getTime() - 7 * DAY);
    // The demo keeps no guest access certificate, so none is expiring.
    expect(new Set(recent.map((alert) => alert.alertType))).toEqual(
      new Set(ALERT_TYPES.filter((type) => type !== 'GUEST_CERT_EXPIRING')),
    );
    expect(rows.length - recent.length).toBeGreaterThan(0);
    // Each camera alert names one of the recorder's cameras, by its id (docs/cameras.md#alerts).
    const cameras = await handle.db.select().from(recorderCameras);
    for (const alert of rows.filter((row) =>
      ['STREAM_FAILED', 'MEDIA_SYNC_FAILURE'].includes(row.alertType),
    )) {
      const camera = cameras.find(
        (candidate) => candidate.smartNvrId === alert.smartNvrId && candidate.cameraId === alert.alertKey,
      );
      expect([alert.alertData1, alert.alertData2]).toContain(camera?.name);
    }
    const owner = await userByEmail('owner@demo.example');
    const [membership] = await handle.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, owner.id), eq(memberships.cloudId, await demoCloudId())));
    const unseen = recent.filter((alert) => alert.problemAt > (membership?.alertsViewedAt as Date));
    expect(unseen.length).toBeGreaterThan(0);
    expect(unseen.length).toBeLessThan(recent.length);
  });

  it('has tasks in every state whose targets agree with the task state', async () => {
    const rows = await handle.db
      .select()
      .from(tasks)
      .where(eq(tasks.cloudId, await demoCloudId()));
    expect(new Set(rows.map((task) => task.taskState))).toEqual(new Set(TASK_STATES));
    const targets = await handle.db.select().from(taskTargets);
    for (const task of rows.filter((row) => row.smartNvrId === null)) {
      const states = targets
        .filter((target) => target.taskId === task.id)
        .map((target) => target.state as TaskState);
      expect(states.length, `task ${task.id}`).toBeGreaterThan(0);
      expect(taskStateOf(stateCountsOf(states))).toBe(task.taskState);
      const finished = ['TASK_SUCCESS', 'TASK_FAIL', 'TASK_TIMEOUT', 'TASK_CANCELED'].includes(
        task.taskState,
      );
      expect(task.completedAt !== null).toBe(finished);
      if (task.taskState === 'TASK_PENDING') expect(task.executeAt.getTime()).toBeGreaterThan(now.getTime());
    }
    const running = rows.find((task) => task.taskState === 'TASK_RUNNING');
    const mix = new Set(
      targets.filter((target) => target.taskId === running?.id).map((target) => target.state),
    );
    expect(mix.size).toBeGreaterThan(1);
  });

  it('has read and unread, short and long inbox posts, and public posts', async () => {
    const posts = await handle.db.select().from(blogPosts);
    const inbox = posts.filter((post) => post.inbox);
    expect(inbox.length).toBeGreaterThanOrEqual(8);
    expect(posts.filter((post) => !post.inbox)).toHaveLength(2);
    expect(inbox.some((post) => post.plaintext.length < 500)).toBe(true);
    expect(inbox.some((post) => post.plaintext.length > 500)).toBe(true);
    for (const post of posts) expect(post.mobiledoc).toMatchObject({ version: '0.3.1' });
    const owner = await userByEmail('owner@demo.example');
    const reads = await handle.db.select().from(blogPostReads).where(eq(blogPostReads.userId, owner.id));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.length).toBeLessThan(inbox.length);
  });
});

describe('seedDemo', () => {
  // A whole second demo, 30 days of history included (on PostgreSQL in CI): longer than a test.
  it('gives the same rows for the same time on a fresh database', { timeout: 90_000 }, async () => {
    const other = await openTestDatabase();
    try {
      await seedDemo(other.db, testSecrets, now);
      for (const table of [devices, wirelessClients, alerts, tasks] as const) {
        const [first, second] = await Promise.all(
          [handle, other].map((database) => database.db.select().from(table).orderBy(table.id)),
        );
        expect(second).toEqual(first);
      }
    } finally {
      await other.close();
    }
  });
});

describe('configuration', () => {
  it('shows every state: revisions with a history, a draft, overrides, a drift and a suspension', async () => {
    const [counts] = await queryRows<Record<string, number>>(
      handle.db,
      sql`SELECT
        (SELECT count(*)::int FROM config_revisions WHERE parent_id IS NOT NULL) AS followed,
        (SELECT count(*)::int FROM site_configs WHERE draft IS NOT NULL) AS drafts,
        (SELECT count(*)::int FROM device_configs WHERE overrides::text LIKE '%"channel"%') AS overrides,
        (SELECT count(*)::int FROM device_configs WHERE running_received_at IS NOT NULL) AS drifted,
        (SELECT count(*)::int FROM device_configs c JOIN devices d ON d.id = c.device_id
          WHERE d.suspend_config AND c.suspend_reason IS NOT NULL) AS suspended,
        (SELECT count(*)::int FROM config_revisions WHERE document::text LIKE '%demo-passphrase%') AS plain`,
    );
    expect(counts?.followed).toBeGreaterThan(10);
    expect(counts?.drafts).toBe(1);
    expect(counts?.overrides).toBeGreaterThan(3);
    expect(counts?.drifted).toBe(1);
    expect(counts?.suspended).toBeGreaterThan(0);
    // Secrets are sealed at rest.
    expect(counts?.plain).toBe(0);
  });

  it('starts the simulated devices on the documents the console sent them, the drifted one out of sync', async () => {
    const flash = Object.values(await demoDeviceFlash(handle.db, testSecrets));
    const [sent] = await queryRows<{ n: number }>(
      handle.db,
      sql`SELECT count(*)::int AS n FROM device_configs WHERE console_hash IS NOT NULL`,
    );
    expect(flash).toHaveLength(sent?.n ?? -1);
    const [drifted, ...others] = [...flash].sort(
      (a, b) => b.config.unsyncedFiles.length - a.config.unsyncedFiles.length,
    );
    // Changed on the device: it runs something else than the document whose hash it reports.
    expect(drifted?.config.unsyncedFiles).toEqual(['wireless']);
    expect(drifted?.config.hash).not.toBe(documentHash(drifted?.config.document ?? {}));
    for (const device of others) {
      expect(device.config.unsyncedFiles).toEqual([]);
      expect(device.config.hash).toBe(documentHash(device.config.document));
    }
  });
});

describe('telemetry history (docs/telemetry.md#demo-history)', () => {
  const HOUR_MS = 3_600_000;
  const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;

  it('gives every live device in service for the whole month 7 days of hours and 30 of days', async () => {
    const rows = await queryRows<{ id: number; hours: number; days: number; first_day: string }>(
      handle.db,
      sql`SELECT d.id, (SELECT count(*)::int FROM device_metrics_hourly h WHERE h.agent_id = a.id) AS hours,
          (SELECT count(*)::int FROM device_metrics_daily m WHERE m.agent_id = a.id) AS days,
          (SELECT min(day)::text FROM device_metrics_daily m WHERE m.agent_id = a.id) AS first_day
        FROM devices d JOIN device_agents a ON a.device_id = d.id
        WHERE d.deleted_at IS NULL AND d.status_id <> 'STATUS_OFFLINE'
          AND d.created_at < ${new Date(now.getTime() - 31 * DAY).toISOString()}`,
    );
    expect(rows.length).toBeGreaterThan(250);
    for (const row of rows) {
      expect(row.hours, `device ${row.id}`).toBeGreaterThanOrEqual(7 * 24);
      expect(row.days, `device ${row.id}`).toBeGreaterThanOrEqual(30);
    }
    // Every live device has its agent, not yet holding a credential: the simulator's first call adopts it.
    const [agents] = await queryRows<{ devices: number; agents: number; credentials: number }>(
      handle.db,
      sql`SELECT (SELECT count(*)::int FROM devices WHERE deleted_at IS NULL) AS devices,
          (SELECT count(*)::int FROM device_agents) AS agents,
          (SELECT count(*)::int FROM device_agents WHERE credential_hash IS NOT NULL) AS credentials`,
    );
    expect(agents?.agents).toBe(agents?.devices);
    expect(agents?.credentials).toBe(0);
  });

  it('keeps the numbers within what each family reports, with a daily rhythm', async () => {
    const ranges = await numbersOf(
      handle.db,
      sql`SELECT min(cpu) AS cpu_min, max(cpu_max) AS cpu_max, min(mem) AS mem_min, max(mem_max) AS mem_max,
          min(clients) AS clients_min, max(util24) AS util_max, min(noise6) AS noise6_min, max(noise24) AS noise_max,
          min(link_rssi_min) AS rssi_min, max(link_rssi) AS rssi_max, min(link_up) AS up_min, max(link_up) AS up_max,
          min(rx_bytes) AS rx_min, max(wan_loss) AS loss_max,
          count(*) FILTER (WHERE power > power_budget) AS over_budget,
          count(*) FILTER (WHERE link_capacity IS NOT NULL AND link_capacity <= 0) AS no_capacity
        FROM device_metrics_hourly`,
    );
    expect(ranges).toMatchObject({ over_budget: 0, no_capacity: 0 });
    expect(ranges?.cpu_min).toBeGreaterThanOrEqual(0);
    expect(ranges?.cpu_max).toBeLessThanOrEqual(100);
    expect(ranges?.mem_min).toBeGreaterThan(0);
    expect(ranges?.mem_max).toBeLessThanOrEqual(100);
    expect(ranges?.clients_min).toBeGreaterThanOrEqual(0);
    expect(ranges?.util_max).toBeLessThanOrEqual(100);
    expect(ranges?.noise6_min).toBeGreaterThanOrEqual(-110);
    expect(ranges?.noise_max).toBeLessThan(-80);
    expect(ranges?.rssi_min).toBeGreaterThan(-90);
    expect(ranges?.rssi_max).toBeLessThan(-30);
    expect(ranges?.up_min).toBeGreaterThan(0.5);
    expect(ranges?.up_max).toBe(1);
    expect(ranges?.rx_min).toBeGreaterThanOrEqual(0);
    expect(ranges?.loss_max).toBeLessThan(5);
    // Access points carry more clients in the afternoon than at night, in their site's time zone.
    const rhythm = await numbersOf(
      handle.db,
      sql`SELECT avg(h.clients) FILTER (WHERE extract(hour FROM h.hour AT TIME ZONE s.timezone) = 14) AS day,
          avg(h.clients) FILTER (WHERE extract(hour FROM h.hour AT TIME ZONE s.timezone) = 3) AS night
        FROM device_metrics_hourly h JOIN device_agents a ON a.id = h.agent_id JOIN devices d ON d.id = a.device_id
        JOIN sites s ON s.id = d.site_id WHERE d.product_type = 'wifi'`,
    );
    expect(rhythm?.day).toBeGreaterThan(4 * (rhythm?.night ?? 0));
  });

  it('reports 6 GHz only for models with a 6 GHz radio', async () => {
    const rows = await queryRows<{ product_brand_id: number; six: boolean }>(
      handle.db,
      sql`SELECT DISTINCT d.product_brand_id, h.clients6 IS NOT NULL AS six
        FROM device_metrics_daily h JOIN device_agents a ON a.id = h.agent_id JOIN devices d ON d.id = a.device_id`,
    );
    for (const row of rows) {
      const bands = modelHardware(row.product_brand_id)?.radios.map((radio) => radio.band) ?? [];
      expect(row.six, `model ${row.product_brand_id}`).toBe(bands.includes('6'));
    }
  });

  it("splits each row into its items: a model's own bands, ports within the PoE budget, cameras, failovers", async () => {
    // docs/telemetry.md#demo-history: the items of a row add up to the device's own numbers.
    const sums = await numbersOf(
      handle.db,
      sql`SELECT count(*) FILTER (WHERE d.product_type = 'switch' AND h.items -> 'port' IS NULL) AS switch_without_ports,
          count(*) FILTER (WHERE d.product_type = 'switch' AND abs((SELECT sum((p.value ->> 'rx')::float8)
            FROM jsonb_each(h.items -> 'port') p) - h.rx_bytes) > h.rx_bytes * 0.001 + 100) AS ports_not_adding_up,
          count(*) FILTER (WHERE h.power_budget IS NOT NULL AND (SELECT sum((p.value ->> 'poe')::float8)
            FROM jsonb_each(h.items -> 'port') p) > h.power_budget) AS poe_over_budget,
          count(*) FILTER (WHERE d.product_type = 'smartnvr' AND (SELECT count(*) FROM jsonb_object_keys(h.items -> 'camera')) <> 8) AS recorder_not_8_cameras,
          count(*) FILTER (WHERE d.product_type = 'smartnvr' AND h.items #> '{storage,recordings,used}' IS NULL) AS recorder_without_storage,
          count(*) FILTER (WHERE d.product_type = 'gateway' AND h.items -> 'wan' IS NULL) AS gateway_without_wan
        FROM device_metrics_hourly h JOIN device_agents a ON a.id = h.agent_id JOIN devices d ON d.id = a.device_id`,
    );
    expect(sums).toEqual({
      switch_without_ports: 0,
      ports_not_adding_up: 0,
      poe_over_budget: 0,
      recorder_not_8_cameras: 0,
      recorder_without_storage: 0,
      gateway_without_wan: 0,
    });
    const radios = await queryRows<{ product_brand_id: number; bands: string[] }>(
      handle.db,
      sql`SELECT DISTINCT d.product_brand_id, ARRAY(SELECT jsonb_object_keys(h.items -> 'radio') ORDER BY 1) AS bands
        FROM device_metrics_daily h JOIN device_agents a ON a.id = h.agent_id JOIN devices d ON d.id = a.device_id
        WHERE h.items ? 'radio'`,
    );
    expect(radios.length).toBeGreaterThan(0);
    for (const row of radios) {
      const bands = [...new Set(modelHardware(row.product_brand_id)?.radios.map((radio) => radio.band))];
      expect(row.bands, `model ${row.product_brand_id}`).toEqual(bands.sort());
    }
    const [failovers] = await queryRows<{ gateways: number; events: number }>(
      handle.db,
      sql`SELECT count(DISTINCT agent_id)::int AS gateways, count(*)::int AS events FROM device_events
        WHERE type = 'wan_failover' AND occurred_at <= now()`,
    );
    expect(failovers?.gateways).toBeGreaterThan(0);
    expect(failovers?.events).toBeGreaterThanOrEqual(failovers?.gateways ?? 0);
  });

  it("fills the sites' and the cloud's hours of the month, rolled up to the current hour", async () => {
    const cloudId = await demoCloudId();
    const [cloud] = await queryRows<{ hours: number; first: string; last: string }>(
      handle.db,
      sql`SELECT count(*)::int AS hours, min(hour)::text AS first, max(hour) AS last FROM site_metrics_hourly
        WHERE cloud_id = ${cloudId} AND site_id = 0`,
    );
    expect(cloud?.hours).toBeGreaterThanOrEqual(30 * 24);
    expect(new Date(cloud?.last ?? 0).getTime()).toBe(currentHour - HOUR_MS);
    expect(await rolledUpTo(handle.db)).toBe(currentHour);
  });
});
