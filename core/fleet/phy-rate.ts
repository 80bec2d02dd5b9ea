// The PHY rate a radio link's MCS gives: the most a link at that band, width, MCS and stream count carries
// before any protocol overhead. A link's reported capacity never exceeds it (docs/demo.md#hardware).
//
// - Wi-Fi (802.11n `ht`, ac `vht`, ax `he`, be `eht`): data subcarriers x bits per subcarrier x coding rate x
//   streams / symbol time (HT and VHT with the short 0.4 µs guard interval, HE and EHT with 0.8 µs).
// - 60 GHz 802.11ad (`dmg`): the single-carrier MCS 1 to 12 rates of one 2.16 GHz channel; 802.11ay (`edmg`)
//   bonds channels (the width) and adds streams.
// - Single-carrier E-band and 24 GHz links (`sc`): a symbol rate of 80% of the width, with the modulation and
//   coding of the Wi-Fi MCS of the same number.

export type Phy = 'ht' | 'vht' | 'he' | 'eht' | 'dmg' | 'edmg' | 'sc';

/** Bits per subcarrier (or symbol) and coding rate of MCS 0 to 13 (BPSK 1/2 to 4096-QAM 5/6). */
const MODULATION: readonly (readonly [bits: number, rate: number])[] = [
  [1, 1 / 2],
  [2, 1 / 2],
  [2, 3 / 4],
  [4, 1 / 2],
  [4, 3 / 4],
  [6, 2 / 3],
  [6, 3 / 4],
  [6, 5 / 6],
  [8, 3 / 4],
  [8, 5 / 6],
  [10, 3 / 4],
  [10, 5 / 6],
  [12, 3 / 4],
  [12, 5 / 6],
];

/** Data subcarriers per width and the symbol time (µs) with its guard interval. */
const OFDM: Readonly<
  Record<'ht' | 'vht' | 'he' | 'eht', { carriers: Record<number, number>; symbolUs: number; maxMcs: number }>
> = {
  ht: { carriers: { 20: 52, 40: 108 }, symbolUs: 3.6, maxMcs: 7 },
  vht: { carriers: { 20: 52, 40: 108, 80: 234, 160: 468 }, symbolUs: 3.6, maxMcs: 9 },
  he: { carriers: { 20: 234, 40: 468, 80: 980, 160: 1960 }, symbolUs: 13.6, maxMcs: 11 },
  eht: { carriers: { 20: 234, 40: 468, 80: 980, 160: 1960, 320: 3920 }, symbolUs: 13.6, maxMcs: 13 },
};

/** 802.11ad single-carrier rates of MCS 1 to 12, Mbit/s, on one 2.16 GHz channel. */
const DMG_MBPS = [385, 770, 962.5, 1155, 1251.25, 1540, 1925, 2310, 2502.5, 3080, 3850, 4620];
const DMG_CHANNEL_MHZ = 2160;

export type PhyLink = { phy: Phy; widthMhz: number; mcs: number; streams: number };

/** The highest MCS the PHY has. */
export function maxMcsOf(phy: Phy): number {
  if (phy === 'dmg' || phy === 'edmg') return DMG_MBPS.length;
  if (phy === 'sc') return MODULATION.length - 1;
  return OFDM[phy].maxMcs;
}

/** The lowest MCS the PHY has (802.11ad counts from 1). */
export const minMcsOf = (phy: Phy) => (phy === 'dmg' || phy === 'edmg' ? 1 : 0);

/**
 * The PHY rate in Mbit/s, rounded down to a tenth; throws for a width, MCS or stream count the PHY does
 * not have (HT has 4 streams, VHT and HE 8, EHT 16; 802.11ad one, 802.11ay 4; single carrier 2).
 */
export function phyRateMbps({ phy, widthMhz, mcs, streams }: PhyLink): number {
  const maxStreams = { ht: 4, vht: 8, he: 8, eht: 16, dmg: 1, edmg: 4, sc: 2 }[phy];
  if (!Number.isInteger(streams) || streams < 1 || streams > maxStreams)
    throw new RangeError(`${phy} has 1 to ${maxStreams} streams, not ${streams}`);
  if (!Number.isInteger(mcs) || mcs < minMcsOf(phy) || mcs > maxMcsOf(phy))
    throw new RangeError(`${phy} has MCS ${minMcsOf(phy)} to ${maxMcsOf(phy)}, not ${mcs}`);
  const floor = (mbps: number) => Math.floor(mbps * 10 + 1e-6) / 10;
  if (phy === 'dmg' || phy === 'edmg') {
    const channels = widthMhz / DMG_CHANNEL_MHZ;
    const bonded = phy === 'dmg' ? [1] : [1, 2, 3, 4];
    if (!bonded.includes(channels)) throw new RangeError(`${phy} has no ${widthMhz} MHz channel`);
    return floor((DMG_MBPS[mcs - 1] as number) * channels * streams);
  }
  const [bits, rate] = MODULATION[mcs] as readonly [number, number];
  if (phy === 'sc') {
    if (widthMhz < 50 || widthMhz > 2500) throw new RangeError(`sc has no ${widthMhz} MHz channel`);
    return floor(widthMhz * 0.8 * bits * rate * streams);
  }
  const { carriers, symbolUs } = OFDM[phy];
  const count = carriers[widthMhz];
  if (count === undefined) throw new RangeError(`${phy} has no ${widthMhz} MHz channel`);
  return floor((count * bits * rate * streams) / symbolUs);
}
