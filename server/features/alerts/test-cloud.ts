import type { AlertType, HealthId } from '../../../core/domain.ts';
import type { Database } from '../../db/connect.ts';
import { alerts } from '../../db/schema/activity.ts';
import { smartNvrs } from '../../db/schema/inventory.ts';
import { login, type Session, type TestApp } from '../../test/app.ts';
import {
  addMember,
  assignSite,
  createCloud,
  createDevice,
  createSite,
  createUser,
  TEST_PASSWORD,
} from '../../test/factories.ts';

export const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/**
 * A cloud with three sites, a device on each of the first two, a smart NVR, and a signed-in member of
 * every role: a Site User of one site, one of two sites, and the owner of another cloud.
 */
export async function createAlertCloud(t: TestApp) {
  const db = t.database.db;
  const cloud = await createCloud(db);
  const [north, south, east] = [
    await createSite(db, cloud.id, { name: 'North Tower' }),
    await createSite(db, cloud.id, { name: 'South Yard' }),
    await createSite(db, cloud.id, { name: 'East Hall' }),
  ];
  const northAp = await createDevice(db, cloud.id, north.id, { name: 'North AP' });
  const southSwitch = await createDevice(db, cloud.id, south.id, { name: 'South Switch' });
  const [recorder] = await db
    .insert(smartNvrs)
    .values({
      cloudId: cloud.id,
      name: 'Lobby NVR',
      mac: '02:00:00:aa:bb:cc',
      sn: 'NVR1',
      productBrandId: 190,
    })
    .returning();
  if (!recorder) throw new Error('smart NVR not created');

  const member = async (
    role: 'ROLE_OWNER' | 'ROLE_ADMIN' | 'ROLE_GUEST' | 'ROLE_USER',
    siteIds: number[] = [],
  ) => {
    const user = await createUser(db);
    await addMember(db, user.id, cloud.id, role);
    for (const siteId of siteIds)
      await assignSite(db, user.id, cloud.id, siteId, ['read_site', 'read_device']);
    return login(t.app, user.email, TEST_PASSWORD);
  };
  const outsiderUser = await createUser(db);
  const otherCloud = await createCloud(db);
  await addMember(db, outsiderUser.id, otherCloud.id, 'ROLE_OWNER');

  const sessions: Record<'owner' | 'admin' | 'guest' | 'siteUser' | 'twoSiteUser' | 'outsider', Session> = {
    owner: await member('ROLE_OWNER'),
    admin: await member('ROLE_ADMIN'),
    guest: await member('ROLE_GUEST'),
    siteUser: await member('ROLE_USER', [north.id]),
    twoSiteUser: await member('ROLE_USER', [north.id, south.id]),
    outsider: await login(t.app, outsiderUser.email, TEST_PASSWORD),
  };
  return { cloud, otherCloud, sites: { north, south, east }, northAp, southSwitch, recorder, sessions };
}

export async function raiseAlert(
  db: Database,
  fields: {
    cloudId: number;
    problemAt: Date;
    siteId?: number | null;
    deviceId?: number | null;
    smartNvrId?: number | null;
    alertType?: AlertType;
    healthId?: HealthId;
    alertData1?: string | null;
    alertData2?: string | null;
    alertData3?: string | null;
    /** Which condition of the device or recorder it stands for (a camera's id for a failed stream). */
    alertKey?: string | null;
  },
) {
  const [alert] = await db
    .insert(alerts)
    .values({ alertType: 'DEV_UNREACHABLE', healthId: 'HEALTH_CRITICAL', ...fields })
    .returning();
  if (!alert) throw new Error('alert not raised');
  return alert;
}
