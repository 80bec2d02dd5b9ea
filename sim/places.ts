// Wireless clients of one place (a site): each is on one access point at a time and roams between them.
import type { Band, WirelessClient } from '../core/fleet/protocol.ts';
import type { Random } from './random.ts';

export type PlacedClient = Omit<WirelessClient, 'rxBytes' | 'txBytes'> & { ap: string };

export type Place = { aps: string[]; clients: Map<string, PlacedClient> };

const HOSTS = ['laptop', 'iphone', 'galaxy', 'pixel', 'ipad', 'macbook', 'printer', 'tv', 'kiosk', 'scanner'];
const PEOPLE = ['anna', 'ben', 'carla', 'david', 'elena', 'farid', 'grace', 'hiro', 'ines', 'jonas', 'kate'];
const SSIDS = ['Office', 'Office', 'Office-Guest', 'Office-IoT'];
/** Most clients an access point serves in the simulation. */
const MAX_CLIENTS_PER_AP = 40;

export function createPlaces() {
  const places = new Map<string, Place>();
  return (name: string): Place => {
    let place = places.get(name);
    if (!place) {
      place = { aps: [], clients: new Map() };
      places.set(name, place);
    }
    return place;
  };
}

const byte = (random: Random) => random.int(0, 255).toString(16).padStart(2, '0');

/** A client joins the access point: a random, locally administered MAC as phones use. */
export function joinClient(place: Place, ap: string, random: Random, bands: readonly Band[]) {
  if ([...place.clients.values()].filter((client) => client.ap === ap).length >= MAX_CLIENTS_PER_AP) return;
  const first = ((random.int(0, 255) & 0xfc) | 0x02).toString(16).padStart(2, '0');
  const mac = [first, ...Array.from({ length: 5 }, () => byte(random))].join(':');
  const kind = random.pick(HOSTS);
  place.clients.set(mac, {
    mac,
    ip: `192.168.${random.int(10, 40)}.${random.int(2, 254)}`,
    hostname:
      kind === 'printer' || kind === 'tv' || kind === 'kiosk'
        ? `${kind}-${random.int(1, 20)}`
        : `${kind}-${random.pick(PEOPLE)}`,
    ssid: random.pick(SSIDS),
    band: random.pick(bands),
    rssi: -random.int(42, 80),
    ap,
  });
}

/** One of the access point's clients moves to another access point of the place. */
export function roamClient(place: Place, ap: string, random: Random): boolean {
  const others = place.aps.filter((candidate) => candidate !== ap);
  const mine = [...place.clients.values()].filter((client) => client.ap === ap);
  if (others.length === 0 || mine.length === 0) return false;
  const client = random.pick(mine);
  client.ap = random.pick(others);
  client.rssi = -random.int(45, 75);
  return true;
}

export function leaveClient(place: Place, ap: string, random: Random) {
  const mine = [...place.clients.values()].filter((client) => client.ap === ap);
  if (mine.length > 0) place.clients.delete(random.pick(mine).mac);
}

/** The clients on the access point now, with the traffic since the last heartbeat. */
export function clientsOf(place: Place, ap: string, random: Random): WirelessClient[] {
  return [...place.clients.values()]
    .filter((client) => client.ap === ap)
    .map(({ ap: _ap, ...client }) => {
      client.rssi = Math.max(-90, Math.min(-35, client.rssi + random.int(-2, 2)));
      return { ...client, rxBytes: random.int(1_000, 5_000_000), txBytes: random.int(500, 800_000) };
    });
}
