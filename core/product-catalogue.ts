// Product brand catalogue of docs/entities.md: about 190 models keyed by productBrandId.
import type { ProductType } from './domain.ts';

export type ProductImage = {
  imageIdV1: string;
  iconUrlV1: string;
  iconClassNameV1: string;
  deviceImageUrlV1: string;
  iconUrlV2: string;
};

export type ProductBrand = {
  productBrandId: number;
  productBrandSku: string;
  name: string;
  productType: ProductType;
  /** Product family number shared by the models of one family. */
  productId: number;
  image: ProductImage;
};

/**
 * One family of models. Every model is one combination of the option lists, in order, and takes the
 * next id from firstId. Ids are written down per family so that adding a family never moves an id:
 * new families go at the end with the next free firstId.
 */
type Family = {
  firstId: number;
  type: ProductType;
  productId: number;
  sku: string;
  name: string;
  options: readonly (readonly string[])[];
};

function family(
  firstId: number,
  type: ProductType,
  productId: number,
  sku: string,
  name: string,
  ...options: string[][]
): Family {
  return { firstId, type, productId, sku, name, options };
}

const STREAMS = ['2x2', '3x3', '4x4'];
const AP_MOUNTS = ['IN', 'OUT', 'WALL', 'HD'];
const REACH = ['STD', 'LR', 'XR'];
const PORTS = ['8P', '16P', '24P', '48P'];
const GAINS = ['19DBI', '23DBI', '25DBI'];
const POE_CLASSES = ['POE', 'POE-HP'];
const LINK_GAINS = ['23DBI', '25DBI', '30DBI'];

const FAMILIES: readonly Family[] = [
  // Access points.
  family(1, 'wifi', 11, 'AP-WIFI5', 'Wi-Fi 5 Access Point', STREAMS, AP_MOUNTS),
  family(13, 'wifi', 12, 'AP-WIFI6', 'Wi-Fi 6 Access Point', STREAMS, AP_MOUNTS),
  family(25, 'wifi', 13, 'AP-WIFI6E', 'Wi-Fi 6E Access Point', STREAMS, AP_MOUNTS),
  family(37, 'wifi', 14, 'AP-WIFI7', 'Wi-Fi 7 Access Point', ['2x2', '4x4'], AP_MOUNTS),
  family(45, 'wifi', 15, 'AP-SEC', 'Sector Access Point', ['WIFI5', 'WIFI6'], ['60D', '90D', '120D']),
  // Point-to-multipoint radios.
  family(51, 'ptmp', 21, 'PMP-5-BS', '5 GHz Base Station', ['SEC60', 'SEC90', 'SEC120', 'OMNI']),
  family(55, 'ptmp', 22, 'PMP-5-CPE', '5 GHz Subscriber Radio', ['16DBI', ...GAINS, '30DBI']),
  family(60, 'ptmp', 23, 'PMP-6-BS', '6 GHz Base Station', ['SEC60', 'SEC90', 'SEC120']),
  family(63, 'ptmp', 24, 'PMP-6-CPE', '6 GHz Subscriber Radio', GAINS),
  family(66, 'ptmp', 25, 'PMP-60-BS', '60 GHz Base Station', ['SEC90', 'SEC140'], ['1G', '10G']),
  family(70, 'ptmp', 26, 'PMP-60-CPE', '60 GHz Subscriber Radio', REACH, ['1G', '2G5']),
  // Mesh units.
  family(76, 'mesh', 41, 'MESH-60', '60 GHz Mesh Node', ['DN', 'CN', 'POP'], ['1G', '10G']),
  family(82, 'mesh', 42, 'MESH-WIFI', 'Wi-Fi Mesh Unit', ['WIFI6', 'WIFI6E'], ['1PK', '3PK']),
  // Gateways.
  family(86, 'gateway', 51, 'GW', 'Gateway', ['1G', '2G5', '10G'], ['4P', '8P']),
  family(92, 'gateway', 52, 'GW-CELL', 'Cellular Gateway', ['LTE', '5G'], ['2P', '4P']),
  // Switches.
  family(96, 'switch', 61, 'SW', 'Managed Switch', PORTS, ['GE', 'POE', 'POE-HP']),
  family(108, 'switch', 62, 'SW-MG', 'Multi-Gigabit Switch', ['8P', '12P', '24P', '48P'], ['GE', 'POE']),
  family(116, 'switch', 63, 'SW-AGG', 'Aggregation Switch', ['12X', '24X', '48X'], ['SFP', 'SFP28']),
  family(122, 'switch', 64, 'SW-IND', 'Industrial Switch', ['5P', '8P', '10P'], ['GE', 'POE']),
  family(128, 'switch', 65, 'SW-L3', 'Layer 3 Switch', ['24P', '48P'], ['GE', 'POE', 'POE-HP']),
  family(134, 'switch', 66, 'SW-ST', 'Stackable Switch', ['24P', '48P'], POE_CLASSES, ['4SFP', '4SFP+']),
  family(142, 'switch', 67, 'SW-DESK', 'Desktop Switch', ['5P', '8P'], ['GE', 'POE']),
  // Point-to-point radios.
  family(146, 'metrolinq', 31, 'ML-60-PTP', '60 GHz Point-to-Point Radio', REACH, ['1G', '10G']),
  family(152, 'metrolinq', 32, 'ML-5-PTP', '5 GHz Point-to-Point Radio', LINK_GAINS, ['1G', '2G5']),
  family(158, 'metrolinq', 33, 'ML-60-5-PTP', '60/5 GHz Hybrid Link', ['1G', '10G'], ['STD', 'LR']),
  family(162, 'metrolinq', 34, 'ML-80-PTP', '80 GHz E-Band Link', ['1G', '10G', '25G']),
  family(165, 'metrolinq', 35, 'ML-24-PTP', '24 GHz Point-to-Point Radio', ['1G', '2G5']),
  // Wired and wireless access units.
  family(167, 'glinq', 71, 'GLQ', 'GLinq Access Unit', ['2x2', '4x4'], ['IN', 'OUT'], ['WIFI6', 'WIFI6E']),
  // Later additions.
  family(175, 'wifi', 16, 'AP-WIFI6-PRO', 'Wi-Fi 6 Pro Access Point', ['2x2', '4x4'], AP_MOUNTS),
  family(183, 'switch', 68, 'SW-BT', 'High-Power PoE Switch', PORTS),
  family(187, 'gateway', 53, 'GW-SDWAN', 'SD-WAN Gateway', ['S', 'M', 'L']),
  // The smart network video recorder.
  family(190, 'smartnvr', 81, 'SNVR', 'Smart NVR', ['16CH']),
];

/** How an option code reads in a model name; codes neither listed nor matched read as themselves. */
const OPTION_LABELS: Readonly<Record<string, string>> = {
  ...{ IN: 'Indoor', OUT: 'Outdoor', WALL: 'Wall Plate', HD: 'High Density', OMNI: 'Omni' },
  ...{ WIFI5: 'Wi-Fi 5', WIFI6: 'Wi-Fi 6', WIFI6E: 'Wi-Fi 6E', GE: 'Gigabit', POE: 'PoE+' },
  ...{ STD: 'Standard', LR: 'Long Range', XR: 'Extended Range', 'POE-HP': 'High-Power PoE' },
  ...{ DN: 'Distribution', CN: 'Client', POP: 'PoP', '1PK': 'Single', '3PK': '3-Pack' },
  ...{ SFP: 'SFP+', '4SFP': '4x SFP', '4SFP+': '4x SFP+', S: 'Small', M: 'Medium', L: 'Large' },
  ...{ '5G': '5G', '16CH': '16-Channel' },
};

const OPTION_PATTERNS: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(\d+)P$/, (n) => `${n}-Port`],
  [/^(\d+)X$/, (n) => `${n}-Slot`],
  [/^(\d+)DBI$/, (n) => `${n} dBi`],
  [/^(\d+)D$/, (n) => `${n}°`],
  [/^SEC(\d+)$/, (n) => `${n}° Sector`],
  [/^(\d+)G(5?)$/, (n, half) => `${n}${half ? '.5' : ''} Gbps`],
];

function optionLabel(code: string): string {
  const label = OPTION_LABELS[code];
  if (label) return label;
  for (const [pattern, format] of OPTION_PATTERNS) {
    const match = pattern.exec(code);
    if (match) return format(...match.slice(1));
  }
  return code;
}

function combinations(options: Family['options']): string[][] {
  return options.reduce<string[][]>(
    (rows, choices) => rows.flatMap((row) => choices.map((choice) => [...row, choice])),
    [[]],
  );
}

// Models of one family share their icons; each model has its own device picture.
function productImage(family: Family, sku: string): ProductImage {
  const artwork = family.sku.toLowerCase();
  const file = sku.toLowerCase().replaceAll('+', 'plus');
  return {
    imageIdV1: file,
    iconUrlV1: `/images/products/v1/icons/${artwork}.svg`,
    iconClassNameV1: `product-icon-${family.type}`,
    deviceImageUrlV1: `/images/products/v1/devices/${file}.png`,
    iconUrlV2: `/images/products/v2/icons/${artwork}.svg`,
  };
}

function buildCatalogue(): ProductBrand[] {
  const brands: ProductBrand[] = [];
  for (const family of FAMILIES) {
    if (family.firstId !== brands.length + 1) {
      throw new Error(
        `Product family ${family.sku} starts at ${family.firstId}, expected ${brands.length + 1}`,
      );
    }
    for (const codes of combinations(family.options)) {
      const sku = [family.sku, ...codes].join('-');
      brands.push({
        productBrandId: brands.length + 1,
        productBrandSku: sku,
        name: [family.name, ...codes.map(optionLabel)].join(' '),
        productType: family.type,
        productId: family.productId,
        image: productImage(family, sku),
      });
    }
  }
  return brands;
}

export const PRODUCT_CATALOGUE: readonly ProductBrand[] = Object.freeze(buildCatalogue());

export function productBrand(productBrandId: number): ProductBrand | undefined {
  return PRODUCT_CATALOGUE[productBrandId - 1];
}

const BY_TYPE = new Map<ProductType, readonly ProductBrand[]>();
for (const brand of PRODUCT_CATALOGUE) {
  BY_TYPE.set(brand.productType, [...(BY_TYPE.get(brand.productType) ?? []), brand]);
}

export function productBrandsOfType(type: ProductType): readonly ProductBrand[] {
  return BY_TYPE.get(type) ?? [];
}
