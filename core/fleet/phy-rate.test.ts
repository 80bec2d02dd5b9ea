import { describe, expect, it } from 'vitest';
import { maxMcsOf, minMcsOf, type Phy, phyRateMbps } from './phy-rate.ts';

describe('phyRateMbps', () => {
  it.each([
    // The rates of the 802.11 tables, one stream.
    ['ht', 20, 7, 1, 72.2],
    ['ht', 40, 7, 1, 150],
    ['vht', 80, 9, 1, 433.3],
    ['vht', 160, 9, 2, 1733.3],
    ['he', 80, 11, 1, 600.4],
    ['he', 160, 11, 2, 2401.9],
    ['eht', 320, 13, 1, 2882.3],
    ['he', 20, 0, 1, 8.6],
    // 802.11ad single carrier, and 802.11ay bonding two channels with two streams.
    ['dmg', 2160, 1, 1, 385],
    ['dmg', 2160, 12, 1, 4620],
    ['edmg', 4320, 12, 2, 18480],
    // Single carrier at 80% of the width: 2 GHz, 64-QAM 5/6, two polarisations.
    ['sc', 2000, 7, 2, 16000],
  ] as const)('%s %i MHz MCS %i x%i streams is %f Mbit/s', (phy, widthMhz, mcs, streams, rate) => {
    expect(phyRateMbps({ phy, widthMhz, mcs, streams })).toBe(rate);
  });

  it('grows with MCS, width and streams', () => {
    for (const phy of ['ht', 'vht', 'he', 'eht', 'dmg', 'sc'] as Phy[]) {
      const width = phy === 'dmg' ? 2160 : phy === 'sc' ? 500 : 40;
      let last = 0;
      for (let mcs = minMcsOf(phy); mcs <= maxMcsOf(phy); mcs++) {
        const rate = phyRateMbps({ phy, widthMhz: width, mcs, streams: 1 });
        expect(rate, `${phy} MCS ${mcs}`).toBeGreaterThan(last);
        last = rate;
      }
    }
    const he = (widthMhz: number, streams: number) => phyRateMbps({ phy: 'he', widthMhz, mcs: 9, streams });
    expect(he(80, 1)).toBeGreaterThan(he(40, 1));
    expect(he(80, 2)).toBeCloseTo(he(80, 1) * 2, 0);
  });

  it('refuses an MCS, width or stream count the PHY does not have', () => {
    expect(() => phyRateMbps({ phy: 'ht', widthMhz: 80, mcs: 7, streams: 1 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'vht', widthMhz: 80, mcs: 10, streams: 1 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'he', widthMhz: 320, mcs: 11, streams: 1 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'dmg', widthMhz: 2160, mcs: 0, streams: 1 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'dmg', widthMhz: 4320, mcs: 5, streams: 1 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'he', widthMhz: 80, mcs: 5, streams: 0 })).toThrow(RangeError);
    expect(() => phyRateMbps({ phy: 'he', widthMhz: 80, mcs: 5.5, streams: 1 })).toThrow(RangeError);
  });
});
