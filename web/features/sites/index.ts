// What the sites feature offers the shell and the other features.
export { useClearSiteFilter } from './api/clear-site-filter.ts';
export { useCreateSite } from './api/create-site.ts';
export { siteFiltersSelectQueryOptions, useSiteFiltersSelect } from './api/get-site-filters-select.ts';
export { useSitesSelect } from './api/get-sites-select.ts';
export { sitesKeys } from './api/keys.ts';
export { useSelectSiteFilter } from './api/select-site-filter.ts';
export { SiteSelect } from './components/site-select.tsx';
