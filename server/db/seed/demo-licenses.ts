import type { Database } from '../connect.ts';
import { licenses } from '../schema/clouds.ts';
import { smartNvrs } from '../schema/inventory.ts';
import { DEMO_CLOUD, type SeededCloud } from './demo-clouds.ts';
import type { SeededDevice } from './demo-devices.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { createRandom, spreadBytes } from './random.ts';
import { daysAgo, shift } from './time.ts';

export const SMART_NVR_BRAND_ID = 190;

export type SeededSmartNvr = { id: number; cloudId: number; name: string; licensed: boolean };

/** Two recorders in Demo Networks: the first has a smart NVR license, the second none. */
export async function seedSmartNvrs(db: Database, demoCloudId: number, now: Date): Promise<SeededSmartNvr[]> {
  const recorders = [
    { name: 'HQ Smart NVR', ip: '10.10.9.250', healthId: 'HEALTH_NORMAL', licensed: true },
    { name: 'Warehouse Smart NVR', ip: '10.11.9.250', healthId: 'HEALTH_WARNING', licensed: false },
  ] as const;
  const ids = await insertRowsReturningIds(
    db,
    smartNvrs,
    recorders.map((recorder, index) => ({
      cloudId: demoCloudId,
      name: recorder.name,
      mac: ['02', '4c', '90', ...spreadBytes(index)].join(':'),
      sn: `NV${31_000_000 + index * 41}`,
      ip: recorder.ip,
      productBrandId: SMART_NVR_BRAND_ID,
      fw: '2.3.4-1021',
      healthId: recorder.healthId,
      statusId: 'STATUS_ONLINE',
      createdAt: daysAgo(now, 400 - index * 150),
    })),
  );
  return recorders.map((recorder, index) => ({
    id: ids[index] as number,
    cloudId: demoCloudId,
    name: recorder.name,
    licensed: recorder.licensed,
  }));
}

/**
 * Device licenses for most devices (a few of them free), none in the cloud that never used one,
 * free ones in trial clouds, the smart NVR license and an add-on license for AuthPort.
 */
export async function seedLicenses(
  db: Database,
  clouds: readonly SeededCloud[],
  devices: readonly SeededDevice[],
  recorders: readonly SeededSmartNvr[],
  addonIds: ReadonlyMap<string, number>,
  now: Date,
): Promise<void> {
  const random = createRandom(0x11ce);
  const cloudById = new Map(clouds.map((cloud) => [cloud.id, cloud]));
  const demo = clouds.find((cloud) => cloud.name === DEMO_CLOUD) as SeededCloud;
  let freeInDemo = 0;
  const rows: (typeof licenses.$inferInsert)[] = [];
  for (const device of devices) {
    const cloud = cloudById.get(device.cloudId) as SeededCloud;
    if (!cloud.licensed) continue;
    if (cloud === demo && random.chance(0.08)) continue;
    const free = cloud.plan === 'trial' || (cloud === demo && freeInDemo++ < 8);
    rows.push({
      cloudId: cloud.id,
      kind: 'device',
      free,
      deviceId: device.id,
      startsAt: device.createdAt,
      expiresAt: free ? shift(now, { days: 30 }) : cloud.planExpiresAt,
    });
  }
  for (const recorder of recorders.filter((candidate) => candidate.licensed)) {
    rows.push({
      cloudId: recorder.cloudId,
      kind: 'smartnvr',
      smartNvrId: recorder.id,
      startsAt: daysAgo(now, 380),
      expiresAt: demo.planExpiresAt,
    });
  }
  rows.push({
    cloudId: demo.id,
    kind: 'addon',
    addonId: addonIds.get('authport'),
    startsAt: daysAgo(now, 200),
    expiresAt: demo.planExpiresAt,
  });
  // Spare licenses bought but not yet assigned to a device.
  for (let spare = 0; spare < 12; spare++) {
    rows.push({
      cloudId: demo.id,
      kind: 'device',
      startsAt: daysAgo(now, 304),
      expiresAt: demo.planExpiresAt,
    });
  }
  await insertRows(db, licenses, rows);
}
