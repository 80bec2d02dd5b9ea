// Which kind of configuration document (docs/configuration.md#documents) a model takes: its `config_type`.
// Registration, import and adoption give devices theirs with it, and the fleet simulator knows its own
// document's kind by it.
import type { ProductType } from '../domain.ts';
import type { ProductBrand } from '../product-catalogue.ts';
import type { ConfigType } from './document.ts';

/** The kind per family; a Wi-Fi 5 model of any family takes `wifi5` instead. */
const FAMILY_CONFIG_TYPE: Readonly<Record<Exclude<ProductType, 'smartnvr'>, ConfigType>> = {
  wifi: 'wifi6',
  glinq: 'glinq',
  mesh: 'terragraph',
  ptmp: 'ml',
  metrolinq: 'ml',
  gateway: 'gateway',
  switch: 'switch',
};

/** The model's `config_type`, or null for a smart NVR, which takes no configuration document. */
export function configTypeOf(productType: ProductType, productBrandSku: string): ConfigType | null {
  if (productType === 'smartnvr') return null;
  return productBrandSku.includes('WIFI5') ? 'wifi5' : FAMILY_CONFIG_TYPE[productType];
}

/** A model's `config_type` as devices store it: empty for one that takes no configuration document. */
export const brandConfigType = (brand: ProductBrand): string =>
  configTypeOf(brand.productType, brand.productBrandSku) ?? '';
