// The demo data of docs/demo.md, seeded by `npm start` on an empty database.
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.ts';
import type { SecretBox } from '../../features/config/seal.ts';
import type { Database } from '../connect.ts';
import { users } from '../schema/accounts.ts';
import { DEMO_PASSWORD, seedMemberships, seedUsers } from './demo-accounts.ts';
import { seedAlerts } from './demo-alerts.ts';
import { seedRecorderCameras } from './demo-cameras.ts';
import { seedClients } from './demo-clients.ts';
import { DEMO_CLOUD, seedAddons, seedClouds, TRIAL_CLOUD } from './demo-clouds.ts';
import { seedConfigurations } from './demo-config.ts';
import { seedDevices } from './demo-devices.ts';
import { seedFloors } from './demo-floors.ts';
import { seedGuestAccess } from './demo-guest-access.ts';
import { seedHistory } from './demo-history.ts';
import { seedInvitations } from './demo-invitations.ts';
import { seedLicenses, seedSmartNvrs } from './demo-licenses.ts';
import { seedLinqPath } from './demo-linqpath.ts';
import { seedMetricHistory } from './demo-metrics.ts';
import { seedNews } from './demo-news.ts';
import { seedReports } from './demo-reports.ts';
import { seedSites } from './demo-sites.ts';
import { seedTasks } from './demo-tasks.ts';
import { seedTopology } from './demo-topology.ts';

/** True when nobody has an account yet: the only time the demo data is seeded. */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * Seeds the demo clouds, accounts, inventory and activity in one transaction. Everything is
 * derived from `now` and fixed seeds, so the same `now` gives the same rows.
 */
export async function seedDemo(db: Database, secrets: SecretBox, now = new Date()): Promise<void> {
  // One hash for every demo account: hashing is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const accounts = await seedUsers(tx, passwordHash, now);
    const clouds = await seedClouds(tx, now);
    const cloudId = (name: string) => clouds.find((cloud) => cloud.name === name)?.id as number;
    const demo = cloudId(DEMO_CLOUD);
    const addonIds = await seedAddons(tx, demo, now);
    const sites = await seedSites(tx, clouds, now);
    const devices = await seedDevices(tx, sites, now);
    const demoDevices = devices.filter((device) => device.cloudId === demo);
    const trialDevices = devices.filter((device) => device.cloudId === cloudId(TRIAL_CLOUD));
    const recorders = await seedSmartNvrs(tx, demo, now);
    await seedRecorderCameras(tx, recorders, now);
    const [recorder] = recorders.filter((candidate) => candidate.licensed);
    if (!recorder) throw new Error('The demo needs a licensed smart NVR');
    await seedLicenses(tx, clouds, devices, recorders, addonIds, now);
    await seedMemberships(tx, accounts, clouds, sites, now);
    await seedInvitations(tx, accounts, clouds, now);
    const clients = await seedClients(tx, demoDevices, now);
    await seedHistory(
      tx,
      sites.filter((site) => site.cloudId === demo),
      demoDevices,
      clients,
      now,
    );
    const tasks = await seedTasks(tx, demoDevices, trialDevices, recorder, accounts, now);
    await seedAlerts(tx, demoDevices, trialDevices, recorder, tasks, now);
    await seedMetricHistory(tx, now);
    await seedNews(tx, accounts, now);
    await seedConfigurations(tx, secrets, demo, accounts.owner, now);
    await seedFloors(tx, demo, demoDevices);
    await seedTopology(tx, demo, now);
    await seedGuestAccess(tx, secrets, demo, accounts.owner, now);
    await seedLinqPath(tx, demo, sites, accounts.owner);
    await seedReports(tx, demo, DEMO_CLOUD, accounts.owner, now);
  });
  // PGlite has no autovacuum: refresh planner statistics after the bulk load (docs/architecture.md#stack).
  await db.execute(sql`analyze`);
}
