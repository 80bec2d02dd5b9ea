// A link's budget from one end to the other (docs/linqpath.md#link-budget): what is sent, what the path
// takes (free space, gases, rain at the target availability), what arrives, the margin over the receiver's
// sensitivity, the SNR, and the highest MCS and the throughput the link keeps.
import { phyRateMbps } from '../fleet/phy-rate.ts';
import { fsplDb, gasDbPerKm } from './propagation.ts';
import { type RadioModel, sensitivityDbm, thermalNoiseDbm } from './radios.ts';
import { type Polarization, type RainZone, rainFadeDb } from './rain.ts';

export type BudgetEnd = { model: RadioModel; cableLossDb: number };

export type McsChoice = { mcs: number; sensitivityDbm: number; throughputMbps: number };

export type LinkBudget = {
  frequencyGhz: number;
  eirpDbm: number;
  fsplDb: number;
  gasDb: number;
  rainFadeDb: number;
  /** Received level in clear air, dBm. */
  receivedDbm: number;
  noiseFloorDbm: number;
  snrDb: number;
  /** Clear-air received level over the lowest MCS's sensitivity, dB; the link drops below 0. */
  fadeMarginDb: number;
  /** Whether the fade margin covers the rain fade of the target availability. */
  meetsAvailability: boolean;
  /** The highest MCS in clear air, and the highest the link keeps through the rain fade; null: none. */
  clearAir: McsChoice | null;
  atAvailability: McsChoice | null;
};

/** The highest MCS the level reaches on the receiving end's link, with its throughput. */
function bestMcs(rx: RadioModel, tx: RadioModel, levelDbm: number): McsChoice | null {
  const { link } = rx;
  const lowest = link.phy === 'dmg' || link.phy === 'edmg' ? 1 : 0;
  for (let mcs = link.maxMcs; mcs >= lowest; mcs--) {
    const sensitivity = sensitivityDbm(link, mcs, rx.noiseFigureDb);
    if (levelDbm >= sensitivity) {
      const phy = phyRateMbps({ phy: link.phy, widthMhz: link.widthMhz, mcs, streams: link.streams });
      return {
        mcs,
        sensitivityDbm: sensitivity,
        throughputMbps: Math.min(phy, link.capacityMbps, tx.link.capacityMbps),
      };
    }
  }
  return null;
}

export function linkBudget(input: {
  from: BudgetEnd;
  to: BudgetEnd;
  distanceKm: number;
  rainZone: RainZone;
  availabilityPercent: number;
  polarization: Polarization;
}): LinkBudget {
  const { from, to, distanceKm } = input;
  const frequencyGhz = from.model.frequencyGhz;
  const eirpDbm = from.model.txPowerDbm + from.model.antennaGainDbi - from.cableLossDb;
  const loss = fsplDb(distanceKm, frequencyGhz);
  const gasDb = gasDbPerKm(frequencyGhz) * distanceKm;
  const rain = rainFadeDb({
    distanceKm,
    frequencyGhz,
    zone: input.rainZone,
    availabilityPercent: input.availabilityPercent,
    polarization: input.polarization,
  });
  const receivedDbm = eirpDbm - loss - gasDb + to.model.antennaGainDbi - to.cableLossDb;
  const noiseFloorDbm = thermalNoiseDbm(to.model.link.widthMhz) + to.model.noiseFigureDb;
  const lowest = to.model.link.phy === 'dmg' || to.model.link.phy === 'edmg' ? 1 : 0;
  const fadeMarginDb = receivedDbm - sensitivityDbm(to.model.link, lowest, to.model.noiseFigureDb);
  return {
    frequencyGhz,
    eirpDbm,
    fsplDb: loss,
    gasDb,
    rainFadeDb: rain,
    receivedDbm,
    noiseFloorDbm,
    snrDb: receivedDbm - noiseFloorDbm,
    fadeMarginDb,
    meetsAvailability: fadeMarginDb >= rain,
    clearAir: bestMcs(to.model, from.model, receivedDbm),
    atAvailability: bestMcs(to.model, from.model, receivedDbm - rain),
  };
}
