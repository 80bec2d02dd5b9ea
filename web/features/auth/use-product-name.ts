import { useCachedPublicTheme } from '../vpc/index.ts';
import { useCachedMe } from './api/get-me.ts';

// Shown until the theme is known.
export const DEFAULT_PRODUCT_NAME = 'Network Console';

/** The signed-in theme's product name, else the host's (docs/vpc.md), else the default. */
export function useProductName(): string {
  const me = useCachedMe();
  const host = useCachedPublicTheme();
  return me?.theme.product_name ?? host?.product_name ?? DEFAULT_PRODUCT_NAME;
}
