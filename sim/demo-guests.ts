// The fixed names of the demo's guest access (docs/demo.md#guest-access): the seed writes them
// (server/db/seed/demo-guest-access.ts) and the simulator's guests use them (sim/guests.ts).

/** The Demo Networks site whose access points act as NAS, and the guest SSID they broadcast there. */
export const GUEST_SITE = 'Hotel Bayview';
export const GUEST_SSID = 'Guest HB';
/** The site's RADIUS shared secret, which the test NAS and the site's access points use. */
export const GUEST_RADIUS_SECRET = 'demo-radius';
export const TEST_NAS_ADDRESS = '127.0.0.1';
/** Where a NAS listens for Disconnect and Change-of-Authorization requests (RFC 5176). */
export const COA_PORT = 3799;

/** The NAS address of the site's Nth access point (from 1), in the order the console lists them (by id). */
export const accessPointAddress = (n: number) => `127.0.1.${n}`;

/** The ten vouchers kept for people trying the service: the simulator never uses them. */
export const TRY_VOUCHERS = Array.from(
  { length: 10 },
  (_, index) => `DEMO-${String(index + 1).padStart(4, '0')}`,
);

/** The alphabet of voucher codes: no look-alike characters (0/O, 1/I/L). */
export const VOUCHER_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** How many vouchers of the "Front desk" batch the seed leaves unused for the simulator's guests. */
export const FRONT_DESK_COUNT = 150;

/** The Nth (from 0) code of the "Front desk" batch: BAY- and six characters drawn from N. */
export function frontDeskCode(n: number): string {
  let state = Math.imul(n + 1, 0x9e3779b1) >>> 0;
  let code = '';
  for (let index = 0; index < 6; index++) {
    state = Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) >>> 0;
    state = (state ^ (state >>> 12)) >>> 0;
    code += VOUCHER_ALPHABET[state % VOUCHER_ALPHABET.length];
  }
  return `BAY-${code}`;
}

/** Guest accounts with a username and password, as the front desk hands them out. */
export const GUEST_USERS = [
  { username: 'room214', password: 'harbor-seal-41', email: 'a.chen@mail.example', plan: 'Week pass' },
  { username: 'room305', password: 'kelp-forest-77', email: 'j.okafor@mail.example', plan: 'Week pass' },
  { username: 'm.garcia', password: 'sea-otter-12', email: 'm.garcia@mail.example', plan: 'Day pass' },
  { username: 'events-staff', password: 'tide-pool-90', email: 'events@bayview.example', plan: 'Week pass' },
  { username: 'room118', password: 'sand-dollar-25', email: 'r.novak@mail.example', plan: 'Week pass' },
] as const;
