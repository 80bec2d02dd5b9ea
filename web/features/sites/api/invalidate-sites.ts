// After a site or grouping changes: every site list, picker, grouping list and property page of the app, and
// the navigation that names sites in the drawer and breadcrumbs.
import type { QueryClient } from '@tanstack/react-query';

export const invalidateSites = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['sites'] }),
    queryClient.invalidateQueries({ queryKey: ['navigation'] }),
  ]);
