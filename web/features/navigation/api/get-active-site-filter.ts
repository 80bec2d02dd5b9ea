// Whether a saved site filter is active in a cloud (docs/navigation.md#navigation-drawer 'Group Menu'): the first page of
// GET /apiv2/cloud/:cloudId/site-filters-select, shared with the site-grouping picker's cache.
import { useQuery } from '@tanstack/react-query';
import { siteFiltersSelectQueryOptions } from '../../sites/index.ts';

export function useActiveSiteFilter(cloudId: number | null): boolean {
  const query = useQuery({ ...siteFiltersSelectQueryOptions(cloudId ?? 0), enabled: cloudId !== null });
  return query.data?.userCloudFilter.id != null;
}
