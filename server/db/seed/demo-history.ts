import { productBrand, productBrandsOfType } from '../../../core/product-catalogue.ts';
import type { Database } from '../connect.ts';
import { devices, objectHistory } from '../schema/inventory.ts';
import { KNOWN_CLIENT_MAC, type SeededClient } from './demo-clients.ts';
import { type DeviceType, deviceIdentity, FIRMWARE, hostname } from './demo-device-traits.ts';
import type { SeededDevice } from './demo-devices.ts';
import type { SeededSite } from './demo-sites.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { createRandom } from './random.ts';
import { daysAgo, shift } from './time.ts';

/** The name a Demo Networks access point had before it was renamed (historical search). */
export const FORMER_DEVICE_NAME = 'Old Warehouse AP';

type HistoryRow = typeof objectHistory.$inferInsert;

// Devices removed from Demo Networks: [site code, type, name, days since deletion].
const DELETED: readonly (readonly [string, DeviceType, string, number])[] = [
  ['wh', 'wifi', 'WH Dock AP 99', 14],
  ['hq', 'switch', 'HQ Spare Switch', 40],
  ['rdg', 'ptmp', 'RDG Subscriber 99', 5],
  ['hbr', 'metrolinq', 'HBR Old PtP Link', 60],
  ['dt', 'wifi', 'DT Temporary AP', 3],
  ['lab', 'mesh', 'LAB Mesh Prototype', 25],
];

// Sites of Demo Networks that were called something else: [current name, field, former value].
const SITE_PAST: readonly (readonly [string, 'name' | 'location', string])[] = [
  ['Retail Store 14', 'name', 'Store 14 (Mall)'],
  ['Harbor Terminal', 'name', 'Port Office'],
  ['Ridge Tower', 'name', 'Ridge Hill Tower'],
  ['Downtown Office', 'location', '1200 K Street, Sacramento, CA 95814'],
];

/**
 * Deleted devices and the history of past names and addresses in Demo Networks, so historical
 * search has answers (docs/decisions.md).
 */
export async function seedHistory(
  db: Database,
  demoSites: readonly SeededSite[],
  demoDevices: readonly SeededDevice[],
  clients: readonly SeededClient[],
  now: Date,
): Promise<void> {
  const random = createRandom(0x4157);
  const cloudId = demoDevices[0]?.cloudId as number;
  const site = (key: string) =>
    demoSites.find((candidate) => candidate.code === key || candidate.name === key) as SeededSite;
  const history: HistoryRow[] = [];
  const record = (row: Omit<HistoryRow, 'cloudId'>) => history.push({ cloudId, ...row });

  const deleted = DELETED.map(([code, type, name, days], index) => {
    const deletedAt = shift(now, { days: -days, hours: -random.int(1, 20) });
    const brand = productBrandsOfType(type)[index] ?? productBrandsOfType(type)[0];
    return {
      cloudId,
      siteId: site(code).id,
      name,
      hostname: hostname(type, site(code), 90 + index),
      ...deviceIdentity(type, 5000 + index),
      ip: `10.${10 + site(code).index}.5.${10 + index}`,
      fw: FIRMWARE[type].at(-1) as string,
      mgmtdVersion: type === 'switch' ? '1.4.2' : '2.3.0',
      productType: type,
      productBrandId: brand?.productBrandId as number,
      productId: brand?.productId as number,
      statusId: 'STATUS_OFFLINE' as const,
      lastSeenAt: shift(deletedAt, { hours: -2 }),
      createdAt: shift(deletedAt, { days: -random.int(90, 500) }),
      updatedAt: deletedAt,
      deletedAt,
    };
  });
  const deletedIds = await insertRowsReturningIds(db, devices, deleted);
  deleted.forEach((device, index) => {
    for (const field of ['name', 'hostname', 'mac', 'ip', 'sn'] as const) {
      record({
        siteId: device.siteId,
        objectType: 'device',
        objectId: deletedIds[index] as number,
        field,
        value: device[field],
        validFrom: device.createdAt,
        validTo: device.deletedAt,
      });
    }
  });

  const renamed = demoDevices.find((device) => device.site.code === 'wh' && device.productType === 'wifi');
  if (renamed) {
    record({
      siteId: renamed.siteId,
      objectType: 'device',
      objectId: renamed.id,
      field: 'name',
      value: FORMER_DEVICE_NAME,
      validFrom: daysAgo(now, 400),
      validTo: daysAgo(now, 40),
    });
  }
  // Devices keep the name they registered with until someone renames them.
  for (const device of demoDevices.filter((_, index) => index % 23 === 5)) {
    const validTo = shift(device.createdAt, { days: random.int(1, 20) });
    record({
      siteId: device.siteId,
      objectType: 'device',
      objectId: device.id,
      field: 'name',
      value: `${productBrand(device.productBrandId)?.productBrandSku} ${device.mac.slice(-5)}`,
      validFrom: device.createdAt,
      validTo,
    });
  }
  for (const device of demoDevices.filter((_, index) => index % 17 === 3)) {
    const value = `10.${100 + device.site.index}.${random.int(0, 3)}.${random.int(20, 250)}`;
    record({
      siteId: device.siteId,
      objectType: 'device',
      objectId: device.id,
      field: 'ip',
      value,
      validFrom: device.createdAt,
      validTo: daysAgo(now, random.int(2, 60)),
    });
  }
  for (const client of clients.filter((_, index) => index % 27 === 1)) {
    const value = `192.168.${30 + random.int(0, 4)}.${random.int(2, 250)}`;
    record({
      siteId: client.siteId,
      objectType: 'client',
      objectId: client.id,
      field: 'ip',
      value,
      validFrom: daysAgo(now, 20),
      validTo: daysAgo(now, random.int(1, 10)),
    });
  }

  const known = clients.find((client) => client.mac === KNOWN_CLIENT_MAC);
  if (known) {
    const visit = (siteId: number, field: 'mac' | 'ip', value: string, from: Date, to: Date) =>
      record({
        siteId,
        objectType: 'client',
        objectId: known.id,
        field,
        value,
        validFrom: from,
        validTo: to,
      });
    const hq = site('hq').id;
    visit(hq, 'mac', known.mac, daysAgo(now, 30), daysAgo(now, 20));
    visit(hq, 'ip', '192.168.10.77', daysAgo(now, 30), daysAgo(now, 20));
    visit(known.siteId, 'mac', known.mac, daysAgo(now, 12), known.lastSeenAt);
  }

  for (const [name, field, value] of SITE_PAST) {
    const { id } = site(name);
    record({
      siteId: id,
      objectType: 'site',
      objectId: id,
      field,
      value,
      validFrom: daysAgo(now, 700),
      validTo: daysAgo(now, random.int(30, 300)),
    });
  }
  await insertRows(db, objectHistory, history);
}
