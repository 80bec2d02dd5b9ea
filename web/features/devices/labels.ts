// The names a device's health, status and family go by on every page.
import type { HealthId, ProductType } from '../../../core/domain.ts';

export const HEALTH_LABEL_KEYS = {
  HEALTH_NORMAL: 'devices.health.normal',
  HEALTH_WARNING: 'devices.health.warning',
  HEALTH_CRITICAL: 'devices.health.critical',
  HEALTH_UNKNOWN: 'devices.health.unknown',
} as const satisfies Record<HealthId, string>;

export const FAMILY_LABEL_KEYS = {
  wifi: 'devices.family.wifi',
  ptmp: 'devices.family.ptmp',
  metrolinq: 'devices.family.metrolinq',
  mesh: 'devices.family.mesh',
  gateway: 'devices.family.gateway',
  switch: 'devices.family.switch',
  glinq: 'devices.family.glinq',
  smartnvr: 'devices.family.smartnvr',
} as const satisfies Record<ProductType, string>;

/** A family the catalogue does not know is shown by its own name. */
export const familyLabelKey = (productType: string) =>
  Object.hasOwn(FAMILY_LABEL_KEYS, productType) ? FAMILY_LABEL_KEYS[productType as ProductType] : null;
