import { useCachedMe } from './api/get-me.ts';

// Shown until the deployment theme is known (e.g. on the login page).
export const DEFAULT_PRODUCT_NAME = 'Network Console';

export function useProductName(): string {
  return useCachedMe()?.theme.product_name ?? DEFAULT_PRODUCT_NAME;
}
