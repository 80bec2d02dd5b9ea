// How often things happen to a simulated device: the chance per heartbeat that a behaviour starts, and the
// chance that a task it is given fails.

// The defaults are a healthy network: the demo's 335 devices, heartbeating every minute, raise a few alerts an
// hour, as a well-run fleet does. A storm is a --rate away (e.g. --rate reboot=0.05 --rate unreachable=0.02).
export const DEFAULT_RATES = {
  /** A firmware update fails to boot: the device comes back on its old firmware (per update). */
  fwBootFail: 0.03,
  /**
   * A configuration change applies but the device then loses contact with the console, so it reverts to its
   * previous configuration (per change; documents its hardware cannot run are refused whatever this is).
   */
  configRevert: 0.02,
  /** The device restarts (uptime from 0, a reboot event when it is back): about once in 40 days. */
  reboot: 0.000_02,
  /** The device stops reporting for 4 to 8 heartbeat intervals (the console marks it offline). */
  unreachable: 0.000_015,
  /** The clock loses its time source for a while. */
  timeUnsync: 0.000_01,
  /** A configuration fails to apply for a while. */
  configFail: 0.000_005,
  /**
   * Someone changes the configuration on the device itself (a radio's Tx power, syslog): its files stay out
   * of sync with the console's document until the console next applies one.
   */
  uciDrift: 0.000_005,
  /** Something needs doing on site. */
  actionRequired: 0.000_003,
  /** An access point or radio moves to another channel (per radio). */
  channelChange: 0.000_03,
  /** A switch draws more PoE power than its budget. */
  powerOver: 0.000_03,
  /** A 60 GHz link drops (per link). */
  linkDrop: 0.000_1,
  /** A device behind a gateway stops answering (per managed device). */
  managedUnreachable: 0.000_03,
  /** A gateway's first WAN uplink fails for 5 to 20 heartbeat intervals: it fails over to the next one. */
  wanDown: 0.000_05,
  /** A recorder's camera stream fails (per camera). */
  streamFail: 0.000_1,
  /** A recorder's media sync fails. */
  mediaSyncFail: 0.000_1,
  /** A wireless client joins an access point. */
  clientJoin: 0.25,
  /** A client moves to another access point of its site. */
  clientRoam: 0.02,
  /** A client leaves. */
  clientLeave: 0.02,
};
export type Rates = typeof DEFAULT_RATES;
export type RateName = keyof Rates;

/** Reads "name=probability" options over the defaults; unknown names and bad numbers are errors. */
export function parseRates(options: readonly string[]): Rates {
  const rates: Rates = { ...DEFAULT_RATES };
  for (const option of options) {
    const [name, value] = option.split('=');
    const probability = Number(value);
    if (!name || !(name in rates))
      throw new Error(`Unknown rate "${name}". Known: ${Object.keys(rates).join(', ')}.`);
    if (value === undefined || !Number.isFinite(probability) || probability < 0 || probability > 1) {
      throw new Error(`Rate ${name} must be a probability from 0 to 1 (got "${value}").`);
    }
    rates[name as RateName] = probability;
  }
  return rates;
}
