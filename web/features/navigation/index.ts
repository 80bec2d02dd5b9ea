// What the navigation feature offers the shell and the other features.
export { useActiveSiteFilter } from './api/get-active-site-filter.ts';
export { navigationDeviceQueryOptions, navigationSiteQueryOptions } from './api/get-navigation.ts';
export { useSmartNvrLicense } from './api/get-smartnvr-license.ts';
export { navigationKeys } from './api/keys.ts';
export { NotFoundPage } from './not-found-page.tsx';
export type { PageObjects } from './use-page-objects.ts';
export { usePageObjects } from './use-page-objects.ts';
