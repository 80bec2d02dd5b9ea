import type { Database } from '../connect.ts';
import { wirelessClientSamples } from '../schema/clients.ts';
import { wirelessClients } from '../schema/inventory.ts';
import type { SeededDevice } from './demo-devices.ts';
import { insertRows, insertRowsReturningIds } from './insert.ts';
import { createRandom, type Random, spreadBytes } from './random.ts';
import { daysAgo, shift } from './time.ts';

export const CLIENT_COUNT = 1100;
/** A client that left weeks ago: historical search answers where it was last seen. */
export const KNOWN_CLIENT_MAC = 'de:ad:be:ef:00:01';

const PEOPLE =
  'anna|ben|carla|david|elena|farid|grace|hiro|ines|jonas|kate|liam|mia|noah|olga|pablo|rosa|tomas|uma|wen'.split(
    '|',
  );
const PERSONAL = ['laptop', 'iphone', 'ipad', 'galaxy', 'pixel', 'macbook', 'desktop', 'watch', 'tablet'];
const MODELS = [
  'iphone-12',
  'iphone-13',
  'iphone-15',
  'galaxy-s23',
  'galaxy-a54',
  'pixel-7',
  'pixel-8',
  'ipad-air',
];
const THINGS = ['printer', 'scanner', 'pos-terminal', 'tv', 'thermostat', 'camera', 'badge-reader', 'kiosk'];
const SSIDS: readonly (readonly [string, number])[] = [
  ['DemoNet', 6],
  ['DemoNet-Guest', 3],
  ['DemoNet-IoT', 1],
];

export type SeededClient = { id: number; siteId: number; mac: string; ip: string; lastSeenAt: Date };

function clientHostname(random: Random): string {
  const roll = random.next();
  if (roll < 0.5) return `${random.pick(PERSONAL)}-${random.pick(PEOPLE)}`;
  if (roll < 0.75) return random.pick(MODELS);
  return `${random.pick(THINGS)}-${String(random.int(1, 40)).padStart(2, '0')}`;
}

/** Phones and laptops use random, locally administered addresses; the low three bytes keep them unique. */
function clientMac(random: Random, index: number): string {
  const prefix = [(random.int(0, 255) & 0xfc) | 0x02, random.int(0, 255), random.int(0, 255)];
  return [...prefix.map((byte) => byte.toString(16).padStart(2, '0')), ...spreadBytes(index + 0x40000)].join(
    ':',
  );
}

type Sample = Omit<typeof wirelessClientSamples.$inferInsert, 'clientId'>;

/**
 * The hourly samples of a client's last hours on its device, up to when it was last seen: its signal wanders
 * about its current RSSI and its byte totals grow; the last sample holds its current values.
 */
function clientSamples(random: Random, rssi: number, lastSeenAt: Date): Sample[] {
  const hours = random.int(6, 30);
  const last = new Date(Math.floor(lastSeenAt.getTime() / 3_600_000) * 3_600_000);
  const samples: Sample[] = [];
  let rx = 0;
  let tx = 0;
  for (let n = hours - 1; n >= 0; n--) {
    rx += random.int(200_000, 400_000_000);
    tx += random.int(50_000, 60_000_000);
    samples.push({
      hour: shift(last, { hours: -n }),
      rssi: n === 0 ? rssi : Math.max(-90, Math.min(-35, rssi + random.int(-8, 8))),
      rxBytes: rx,
      txBytes: tx,
    });
  }
  return samples;
}

/** Wireless clients of Demo Networks on its access points and GLinq units, plus the known one. */
export async function seedClients(
  db: Database,
  devices: readonly SeededDevice[],
  now: Date,
): Promise<SeededClient[]> {
  const random = createRandom(0xc11e);
  const hosts = devices.filter((device) => device.productType === 'wifi' || device.productType === 'glinq');
  const rows: (typeof wirelessClients.$inferInsert & { ip: string; siteId: number; lastSeenAt: Date })[] = [];
  const samples: Sample[][] = [];
  // Their own sequence, so the clients are the same with or without them.
  const sampleRandom = createRandom(0xc11f);
  for (let index = 0; index < CLIENT_COUNT; index++) {
    const device = random.pick(hosts);
    const band = random.chance(0.65) ? ('5' as const) : ('2.4' as const);
    const online = device.statusId !== 'STATUS_OFFLINE';
    const lastSeenAt = !online
      ? shift(device.lastSeenAt, { minutes: -random.int(1, 120) })
      : random.chance(0.85)
        ? shift(now, { seconds: -random.int(10, 3600) })
        : shift(now, { hours: -random.int(2, 144) });
    const row = {
      cloudId: device.cloudId,
      siteId: device.siteId,
      deviceId: device.id,
      mac: clientMac(random, index),
      ip: `192.168.${10 + Math.floor(index / 250)}.${(index % 250) + 2}`,
      hostname: clientHostname(random),
      ssid: random.weighted(SSIDS),
      band,
      rssi: band === '5' ? -random.int(42, 78) : -random.int(38, 86),
      firstSeenAt: daysAgo(now, random.int(7, 45)),
      lastSeenAt,
    };
    const history = clientSamples(sampleRandom, row.rssi, lastSeenAt);
    samples.push(history);
    rows.push({ ...row, rxBytes: history.at(-1)?.rxBytes ?? 0, txBytes: history.at(-1)?.txBytes ?? 0 });
  }
  const warehouseAp = devices.find((device) => device.site.code === 'wh' && device.productType === 'wifi');
  if (warehouseAp) {
    rows.push({
      cloudId: warehouseAp.cloudId,
      siteId: warehouseAp.siteId,
      deviceId: warehouseAp.id,
      mac: KNOWN_CLIENT_MAC,
      ip: '192.168.20.45',
      hostname: 'laptop-visitor',
      ssid: 'DemoNet-Guest',
      band: '5',
      rssi: -67,
      firstSeenAt: daysAgo(now, 30),
      lastSeenAt: daysAgo(now, 9),
    });
  }
  const ids = await insertRowsReturningIds(db, wirelessClients, rows);
  await insertRows(
    db,
    wirelessClientSamples,
    samples.flatMap((history, index) =>
      history.map((sample) => ({ ...sample, clientId: ids[index] as number })),
    ),
  );
  return rows.map((row, index) => ({
    id: ids[index] as number,
    siteId: row.siteId,
    mac: row.mac,
    ip: row.ip,
    lastSeenAt: row.lastSeenAt,
  }));
}
