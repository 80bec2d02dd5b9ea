// The radio side of a link budget (docs/linqpath.md#radio-models): for each catalogue model with a link
// radio (core/product-hardware.ts), its centre frequency, Tx power, antenna gain and noise figure, and the
// receiver sensitivity of each MCS. These are nominal values, not a model's measured data sheet: the
// sensitivity is the minimum the radio's standard requires (802.11ad, 802.11ax/be) or, for single-carrier
// radios, the thermal noise of the channel plus the noise figure and the SNR each modulation needs.
import { maxMcsOf, minMcsOf, type PhyLink } from '../fleet/phy-rate.ts';
import { PRODUCT_CATALOGUE, productBrand } from '../product-catalogue.ts';
import { type LinkRadio, modelHardware } from '../product-hardware.ts';

export type RadioModel = {
  productBrandId: number;
  name: string;
  sku: string;
  link: LinkRadio;
  frequencyGhz: number;
  txPowerDbm: number;
  antennaGainDbi: number;
  noiseFigureDb: number;
};

/** The centre frequency a band's budget is computed at, GHz. */
export const BAND_FREQUENCY_GHZ: Readonly<Record<LinkRadio['band'], number>> = {
  '5': 5.8,
  '6': 6.4,
  '24': 24.125,
  '60': 60.48,
  '80': 80,
};

/** Nominal conducted Tx power per band, dBm. */
const TX_POWER_DBM: Readonly<Record<LinkRadio['band'], number>> = {
  '5': 25,
  '6': 24,
  '24': 18,
  '60': 12,
  '80': 18,
};

/** Antenna gain of the sector and reach codes of the SKU, dBi. */
const GAIN_CODES: Readonly<Record<string, number>> = {
  SEC60: 18,
  SEC90: 17,
  SEC120: 16,
  SEC140: 15,
  OMNI: 13,
  STD: 36,
  LR: 40,
  XR: 44,
};

function antennaGainOf(sku: string, link: LinkRadio): number {
  const codes = sku.split('-');
  const dbi = codes.find((code) => /^\d+DBI$/.test(code));
  if (dbi) return Number.parseInt(dbi, 10);
  const named = codes.find((code) => GAIN_CODES[code] !== undefined);
  if (named) {
    const gain = GAIN_CODES[named] as number;
    // 60 GHz sectors are narrower than 5 GHz ones; a subscriber's reach codes name a smaller dish.
    if (link.band === '60' && named.startsWith('SEC')) return gain + 2;
    if (link.role === 'subscriber') return gain - 6;
    return gain;
  }
  if (link.role === 'mesh') return 30;
  if (link.band === '80') return 43;
  if (link.band === '24') return 33;
  return 23;
}

/** The catalogue model as a link end; undefined for a model without a link radio. */
export function radioModel(productBrandId: number): RadioModel | undefined {
  const brand = productBrand(productBrandId);
  const link = modelHardware(productBrandId)?.link;
  if (!brand || !link) return undefined;
  return {
    productBrandId,
    name: brand.name,
    sku: brand.productBrandSku,
    link,
    frequencyGhz: BAND_FREQUENCY_GHZ[link.band],
    txPowerDbm: TX_POWER_DBM[link.band],
    antennaGainDbi: antennaGainOf(brand.productBrandSku, link),
    noiseFigureDb: link.phy === 'sc' ? 7 : 10,
  };
}

/** Every catalogue model that can be a link end, in catalogue order. */
export function radioModels(): RadioModel[] {
  return PRODUCT_CATALOGUE.flatMap((brand) => radioModel(brand.productBrandId) ?? []);
}

/** IEEE 802.11ad-2012 Table 21-3: receiver sensitivity of SC MCS 1 to 12 on one 2.16 GHz channel, dBm. */
const DMG_SENSITIVITY_DBM = [-68, -66, -65, -64, -62, -63, -62, -61, -59, -55, -54, -53];
/** IEEE 802.11ax Table 27-51 and 802.11be: minimum input sensitivity of MCS 0 to 13 at 20 MHz, dBm. */
const OFDM_SENSITIVITY_20_DBM = [-82, -79, -77, -74, -70, -66, -65, -64, -59, -57, -54, -52, -49, -46];
/** The SNR each modulation and coding of MCS 0 to 13 needs at the demodulator, dB (nominal). */
const REQUIRED_SNR_DB = [2, 5, 9, 11, 15, 18, 20, 25, 29, 31, 34, 37, 40, 42];

/** Thermal noise in a channel, dBm: −174 dBm/Hz + 10 log10(width). */
export const thermalNoiseDbm = (widthMhz: number) => -174 + 10 * Math.log10(widthMhz * 1e6);

/** The receiver sensitivity of an MCS on the link's PHY and width, dBm. */
export function sensitivityDbm(link: Pick<PhyLink, 'phy' | 'widthMhz'>, mcs: number, noiseFigureDb = 7) {
  if (mcs < minMcsOf(link.phy) || mcs > maxMcsOf(link.phy))
    throw new RangeError(`${link.phy} has no MCS ${mcs}`);
  switch (link.phy) {
    case 'dmg':
    case 'edmg':
      return (DMG_SENSITIVITY_DBM[mcs - 1] as number) + 10 * Math.log10(link.widthMhz / 2160);
    case 'sc':
      return thermalNoiseDbm(link.widthMhz) + noiseFigureDb + (REQUIRED_SNR_DB[mcs] as number);
    default:
      return (OFDM_SENSITIVITY_20_DBM[mcs] as number) + 10 * Math.log10(link.widthMhz / 20);
  }
}
