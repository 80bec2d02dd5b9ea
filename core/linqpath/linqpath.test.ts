// LinqPath's formulas against published reference values (docs/linqpath.md#sources).
import { describe, expect, it } from 'vitest';
import { productBrandsOfType } from '../product-catalogue.ts';
import { linkBudget } from './budget.ts';
import { azimuthDeg, distanceKm } from './geo.ts';
import { planResults } from './plan.ts';
import { parseTerrain, pathProfile } from './profile.ts';
import { earthBulgeM, fresnelRadiusM, fsplDb, gasDbPerKm } from './propagation.ts';
import { radioModel, radioModels, sensitivityDbm } from './radios.ts';
import { distanceFactor, percentageScale, RAIN_ZONES, rainCoefficients, rainFadeDb } from './rain.ts';

describe('free-space path loss (ITU-R P.525)', () => {
  it('is about 128.0 dB at 60 GHz over 1 km', () => {
    expect(fsplDb(1, 60)).toBeCloseTo(128.0, 1);
  });
  it('is about 127.7 dB at 5.8 GHz over 10 km', () => {
    expect(fsplDb(10, 5.8)).toBeCloseTo(127.7, 1);
  });
  it('grows by 6 dB when the distance doubles', () => {
    expect(fsplDb(2, 24) - fsplDb(1, 24)).toBeCloseTo(6.02, 2);
  });
});

describe('the first Fresnel zone and the earth bulge', () => {
  it('has a radius of about 11.4 m at the middle of a 10 km path at 5.8 GHz', () => {
    expect(fresnelRadiusM(5, 5, 5.8)).toBeCloseTo(11.4, 1);
  });
  it('is 0 at the ends', () => {
    expect(fresnelRadiusM(0, 10, 5.8)).toBe(0);
  });
  it('raises the middle of a 10 km path by about 1.47 m at k = 4/3 (d1 d2 / 12.74 k)', () => {
    expect(earthBulgeM(5, 5)).toBeCloseTo(25 / (12.742 * (4 / 3)), 2);
    expect(earthBulgeM(5, 5)).toBeCloseTo(1.47, 2);
  });
});

describe('gaseous absorption (ITU-R P.676)', () => {
  it('is about 15 dB/km near 60 GHz and small elsewhere', () => {
    expect(gasDbPerKm(60)).toBe(15);
    expect(gasDbPerKm(60.48)).toBeGreaterThan(14);
    expect(gasDbPerKm(5.8)).toBeLessThan(0.02);
    expect(gasDbPerKm(80)).toBeLessThan(0.5);
  });
});

describe('rain (ITU-R P.837, P.838-3, P.530-17)', () => {
  it('gives the P.838-3 coefficients its Table 5 lists', () => {
    const h10 = rainCoefficients(10, 'horizontal');
    expect(h10.k).toBeCloseTo(0.01217, 4);
    expect(h10.alpha).toBeCloseTo(1.2571, 3);
    const v10 = rainCoefficients(10, 'vertical');
    expect(v10.k).toBeCloseTo(0.01129, 4);
    expect(v10.alpha).toBeCloseTo(1.2156, 3);
    const h60 = rainCoefficients(60, 'horizontal');
    expect(h60.k).toBeCloseTo(0.8606, 2);
    expect(h60.alpha).toBeCloseTo(0.7656, 2);
  });
  it('knows the rain rate of each zone exceeded 0.01 % of the time', () => {
    expect(RAIN_ZONES.K).toBe(42);
    expect(RAIN_ZONES.P).toBe(145);
  });
  it('scales the 0.01 % attenuation to 1 at 0.01 % and down for longer times', () => {
    expect(percentageScale(0.01, 5.8)).toBeCloseTo(1, 1);
    expect(percentageScale(0.01, 60)).toBeCloseTo(1, 1);
    expect(percentageScale(0.1, 20)).toBeLessThan(0.5);
    expect(percentageScale(0.001, 20)).toBeGreaterThan(1.5);
  });
  it('shortens a long path and caps the distance factor at 2.5', () => {
    expect(distanceFactor(20, 20, 42, 1)).toBeLessThan(1);
    expect(distanceFactor(0.1, 60, 42, 0.77)).toBe(2.5);
  });
  it('fades a 1 km 60 GHz link in zone K by about 20 dB at 99.99 %', () => {
    const fade = rainFadeDb({
      distanceKm: 1,
      frequencyGhz: 60,
      zone: 'K',
      availabilityPercent: 99.99,
      polarization: 'horizontal',
    });
    expect(fade).toBeGreaterThan(18);
    expect(fade).toBeLessThan(23);
    expect(
      rainFadeDb({
        distanceKm: 1,
        frequencyGhz: 60,
        zone: 'K',
        availabilityPercent: 99.9,
        polarization: 'horizontal',
      }),
    ).toBeLessThan(fade);
  });
});

describe('great-circle distance and azimuths', () => {
  const paris = { latitude: 48.8566, longitude: 2.3522 };
  const london = { latitude: 51.5074, longitude: -0.1278 };
  it('measures Paris to London as about 343.5 km', () => {
    expect(distanceKm(paris, london)).toBeCloseTo(343.5, 0);
  });
  it('gives the azimuths from each end', () => {
    expect(azimuthDeg({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(0, 6);
    expect(azimuthDeg({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(90, 6);
    expect(azimuthDeg(paris, london)).toBeCloseTo(330.0, 0);
  });
});

describe('radio models', () => {
  it('offers every catalogue model with a link radio', () => {
    const ids = radioModels().map((model) => model.productBrandId);
    for (const brand of productBrandsOfType('metrolinq')) expect(ids).toContain(brand.productBrandId);
    expect(radioModel(1)).toBeUndefined();
  });
  it('uses the 802.11ad sensitivities on 60 GHz', () => {
    expect(sensitivityDbm({ phy: 'dmg', widthMhz: 2160 }, 1)).toBe(-68);
    expect(sensitivityDbm({ phy: 'dmg', widthMhz: 2160 }, 12)).toBe(-53);
  });
  it('uses the 802.11ax minimum sensitivities, 3 dB more per doubled width', () => {
    expect(sensitivityDbm({ phy: 'he', widthMhz: 20 }, 0)).toBe(-82);
    expect(sensitivityDbm({ phy: 'he', widthMhz: 80 }, 11)).toBeCloseTo(-52 + 6.02, 1);
  });
});

describe('the link budget', () => {
  const sixty = radioModels().find((model) => model.sku.startsWith('ML-60-PTP-XR'));
  if (!sixty) throw new Error('the catalogue has a 60 GHz XR radio');
  const end = { model: sixty, cableLossDb: 0 };
  const budget = linkBudget({
    from: end,
    to: end,
    distanceKm: 0.5,
    rainZone: 'K',
    availabilityPercent: 99.99,
    polarization: 'horizontal',
  });
  it('adds up: EIRP − FSPL − gases + Rx gain', () => {
    expect(budget.eirpDbm).toBe(sixty.txPowerDbm + sixty.antennaGainDbi);
    expect(budget.receivedDbm).toBeCloseTo(
      budget.eirpDbm - budget.fsplDb - budget.gasDb + sixty.antennaGainDbi,
      9,
    );
    expect(budget.gasDb).toBeCloseTo(0.5 * gasDbPerKm(60.48), 9);
  });
  it('keeps the top MCS in clear air at 500 m and a lower one through the rain fade', () => {
    expect(budget.clearAir?.mcs).toBe(12);
    expect(budget.atAvailability).not.toBeNull();
    expect(budget.atAvailability?.mcs ?? 99).toBeLessThanOrEqual(12);
    expect(budget.clearAir?.throughputMbps).toBeLessThanOrEqual(sixty.link.capacityMbps);
    expect(budget.meetsAvailability).toBe(true);
  });
  it('loses a 60 GHz link at 10 km', () => {
    const far = linkBudget({
      from: end,
      to: end,
      distanceKm: 10,
      rainZone: 'K',
      availabilityPercent: 99.99,
      polarization: 'horizontal',
    });
    expect(far.clearAir).toBeNull();
    expect(far.meetsAvailability).toBe(false);
  });
});

describe('the path profile', () => {
  it('reads pasted distance,height lines with a header', () => {
    expect(parseTerrain('distance,height\n0,10\n500;12\n1000\t9\n')).toEqual({
      points: [
        { distanceM: 0, heightM: 10 },
        { distanceM: 500, heightM: 12 },
        { distanceM: 1000, heightM: 9 },
      ],
    });
  });
  it('names the line that is wrong', () => {
    expect(parseTerrain('0,10\n500,x\n')).toEqual({ error: 'line', line: 2 });
    expect(parseTerrain('0,10\n0,12\n')).toEqual({ error: 'line', line: 2 });
    expect(parseTerrain('  \n')).toEqual({ error: 'empty' });
  });
  it('stands on flat earth without terrain, raised by the bulge in the middle', () => {
    const profile = pathProfile({
      distanceKm: 10,
      frequencyGhz: 5.8,
      heightAM: 30,
      heightBM: 30,
      terrain: [],
    });
    expect(profile.flatEarth).toBe(true);
    const middle = profile.points[50];
    expect(middle?.groundM).toBeCloseTo(earthBulgeM(5, 5), 6);
    expect(middle?.fresnelRadiusM).toBeCloseTo(11.4, 1);
    expect(profile.clear).toBe(true);
  });
  it('finds a hill in the way', () => {
    const profile = pathProfile({
      distanceKm: 10,
      frequencyGhz: 5.8,
      heightAM: 30,
      heightBM: 30,
      terrain: [
        { distanceM: 0, heightM: 0 },
        { distanceM: 5000, heightM: 25 },
        { distanceM: 10000, heightM: 0 },
      ],
    });
    expect(profile.clear).toBe(false);
    expect(profile.worstAtM).toBe(5000);
  });
});

describe('a plan', () => {
  const sixty = radioModels().find((model) => model.link.band === '60' && model.link.role === 'ptp');
  const five = radioModels().find((model) => model.link.band === '5');
  const end = (id: number, latitude: number) => ({
    label: 'End',
    latitude,
    longitude: -122.4,
    height_m: 10,
    product_brand_id: id,
    cable_loss_db: 0,
    device_id: null,
    site_id: null,
  });
  const inputs = (a: number, b: number, latB = 37.705) => ({
    kind: 'ptp' as const,
    a: end(a, 37.7),
    b: end(b, latB),
    rain_zone: 'K' as const,
    availability_percent: 99.99,
    polarization: 'horizontal' as const,
    terrain: [],
  });
  it('refuses ends on different bands and two ends at one point', () => {
    if (!sixty || !five) throw new Error('the catalogue has 60 and 5 GHz radios');
    expect(planResults(inputs(sixty.productBrandId, five.productBrandId))).toBe('band_mismatch');
    expect(planResults(inputs(sixty.productBrandId, sixty.productBrandId, 37.7))).toBe('same_point');
    expect(planResults(inputs(1, sixty.productBrandId))).toBe('model_a');
  });
  it('gives both directions and the azimuths', () => {
    if (!sixty) throw new Error('the catalogue has a 60 GHz radio');
    const results = planResults(inputs(sixty.productBrandId, sixty.productBrandId));
    if (typeof results === 'string') throw new Error(results);
    expect(results.distanceKm).toBeCloseTo(0.556, 2);
    expect(results.azimuthAB).toBeCloseTo(0, 3);
    expect(results.azimuthBA).toBeCloseTo(180, 3);
    expect(results.aToB.receivedDbm).toBeCloseTo(results.bToA.receivedDbm, 9);
  });
});
