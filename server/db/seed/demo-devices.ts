import type { HealthId, StatusId } from '../../../core/domain.ts';
import { type ProductBrand, productBrand, productBrandsOfType } from '../../../core/product-catalogue.ts';
import { modelHardware } from '../../../core/product-hardware.ts';
import type { Database } from '../connect.ts';
import { devices } from '../schema/inventory.ts';
import {
  configType,
  type DeviceType,
  deviceIdentity,
  deviceName,
  hostname,
  isBaseStation,
  pickFirmware,
} from './demo-device-traits.ts';
import type { SeededSite } from './demo-sites.ts';
import { insertRowsReturningIds } from './insert.ts';
import { createRandom, type Random } from './random.ts';
import { daysAgo, shift } from './time.ts';

// Both sides of the 1.5.0 threshold of the switch Files page (docs/constants.md).
const SWITCH_MGMTD_VERSIONS = ['1.4.9', '1.5.0', '1.10.0', '1.6.3', '1.4.2'];
// The three models whose device menu has no Clients entry (docs/navigation.md#navigation-drawer): the first
// three PtP links, both ends of each.
const FIRST_METROLINQ_BRANDS = [153, 154, 161];
const TYPE_ORDER: readonly DeviceType[] = ['gateway', 'switch', 'wifi', 'glinq', 'mesh', 'ptmp', 'metrolinq'];

export type SeededDevice = {
  id: number;
  cloudId: number;
  siteId: number;
  site: SeededSite;
  name: string;
  hostname: string;
  productType: DeviceType;
  productBrandId: number;
  fw: string;
  mac: string;
  ip: string;
  sn: string;
  statusId: StatusId;
  healthId: HealthId;
  lastSeenAt: Date;
  createdAt: Date;
};

function health(random: Random, status: StatusId): HealthId {
  if (status === 'STATUS_OFFLINE') return random.chance(0.6) ? 'HEALTH_CRITICAL' : 'HEALTH_UNKNOWN';
  return random.weighted<HealthId>([
    ['HEALTH_NORMAL', 85],
    ['HEALTH_WARNING', 11],
    ['HEALTH_CRITICAL', 3],
    ['HEALTH_UNKNOWN', 1],
  ]);
}

const linkBand = (brand: ProductBrand) => modelHardware(brand.productBrandId)?.link?.band;

/**
 * Picks models whose radios link at their site (docs/demo.md#hardware): both ends of a PtP link (A and B) are
 * one model, the Clients-less PtP models on the first links; a site's base stations share the band of its
 * first and its subscriber radios that band too; a site's mesh units are all 60 GHz nodes or all Wi-Fi units.
 * Every model is drawn as before, so every other seeded value stays as it was.
 */
function brandPicker(random: Random) {
  let metrolinqs = 0;
  let links = 0;
  let previous: ProductBrand | undefined;
  let first: ProductBrand | undefined;
  return (type: DeviceType, n: number, count: number): ProductBrand => {
    const brands = productBrandsOfType(type);
    if (n === 1) first = undefined;
    if (type === 'metrolinq') {
      const drawn = metrolinqs++ < FIRST_METROLINQ_BRANDS.length ? undefined : random.pick(brands);
      if (n % 2 === 0 && previous) return previous;
      const fixed = FIRST_METROLINQ_BRANDS[links++];
      previous = fixed === undefined ? (drawn as ProductBrand) : (productBrand(fixed) as ProductBrand);
      return previous;
    }
    if (type === 'ptmp') {
      const base = n <= Math.max(1, Math.floor(count / 5));
      const band = first && linkBand(first);
      const candidates = brands.filter(
        (brand) => isBaseStation(brand) === base && (!band || linkBand(brand) === band),
      );
      const picked = random.pick(candidates);
      first ??= picked;
      return picked;
    }
    if (type === 'mesh') {
      const kind = first?.productId;
      const picked = random.pick(kind ? brands.filter((brand) => brand.productId === kind) : brands);
      first ??= picked;
      return picked;
    }
    return random.pick(brands);
  };
}

/** Metres of a degree of latitude. */
const METRES_PER_DEGREE = 111_320;
/** docs/demo.md: devices stand within this many metres of their site; every tenth is left unplaced. */
const SPREAD_M = 400;
const UNPLACED_EVERY = 10;

/** A place on the site map near the site, or none for a few devices, so the "Not placed" list shows. */
function placeNear(random: Random, site: SeededSite, inSite: number) {
  const north = (random.next() * 2 - 1) * SPREAD_M;
  const east = (random.next() * 2 - 1) * SPREAD_M;
  if (inSite % UNPLACED_EVERY === UNPLACED_EVERY - 1) return { latitude: null, longitude: null };
  const latitude = site.latitude + north / METRES_PER_DEGREE;
  const longitude = site.longitude + east / (METRES_PER_DEGREE * Math.cos((site.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e6) / 1e6, longitude: Math.round(longitude * 1e6) / 1e6 };
}

export async function seedDevices(
  db: Database,
  sites: readonly SeededSite[],
  now: Date,
): Promise<SeededDevice[]> {
  const random = createRandom(0xdee1ce);
  // A generator of its own, so the places leave every other seeded value as it was.
  const placing = createRandom(0x5173a9);
  const pickBrand = brandPicker(random);
  const planned: Omit<SeededDevice, 'id'>[] = [];
  const rows: (typeof devices.$inferInsert)[] = [];
  let switches = 0;
  for (const site of sites) {
    let inSite = 0;
    for (const type of TYPE_ORDER) {
      const count = site.mix[type] ?? 0;
      for (let n = 1; n <= count; n++) {
        const brand = pickBrand(type, n, count);
        const { mac, sn } = deviceIdentity(type, rows.length);
        const statusId = random.weighted<StatusId>([
          ['STATUS_ONLINE', 88],
          ['STATUS_SKIPPED_HB', 5],
          ['STATUS_OFFLINE', 7],
        ]);
        const lastSeenAt =
          statusId === 'STATUS_ONLINE'
            ? shift(now, { seconds: -random.int(5, 90) })
            : statusId === 'STATUS_SKIPPED_HB'
              ? shift(now, { seconds: -random.int(120, 600) })
              : shift(now, { hours: -random.int(1, 72) });
        const createdAt = daysAgo(now, random.int(30, 900));
        const device = {
          cloudId: site.cloudId,
          siteId: site.id,
          site,
          name: deviceName(type, site, n, brand),
          hostname: hostname(type, site, n),
          productType: type,
          productBrandId: brand.productBrandId,
          fw: pickFirmware(random, type),
          mac,
          ip: `10.${10 + site.index}.${Math.floor(inSite / 200)}.${(inSite % 200) + 20}`,
          sn,
          statusId,
          healthId: health(random, statusId),
          lastSeenAt,
          createdAt,
        };
        inSite++;
        planned.push(device);
        const { site: _site, ...columns } = device;
        rows.push({
          ...columns,
          mgmtdVersion:
            type === 'switch'
              ? (SWITCH_MGMTD_VERSIONS[switches++ % SWITCH_MGMTD_VERSIONS.length] as string)
              : '2.4.1',
          productId: brand.productId,
          configType: configType(type, brand),
          allowConfig: !random.chance(0.04),
          type: random.chance(0.85) ? 'NET_ENTERPRISE' : 'NET_STANDALONE',
          suspendConfig: rows.length % 97 === 13,
          blocked: rows.length === 150,
          decomm: rows.length === 230,
          configSavedAt: daysAgo(now, random.int(1, 60)),
          updatedAt: lastSeenAt,
          ...placeNear(placing, site, inSite),
        });
      }
    }
  }
  const ids = await insertRowsReturningIds(db, devices, rows);
  return planned.map((device, index) => ({ ...device, id: ids[index] as number }));
}
