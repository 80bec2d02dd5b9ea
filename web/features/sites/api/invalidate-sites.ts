// After a site or grouping changes: every site list, picker, grouping list and property page of the app, and
// the navigation that names sites in the drawer and breadcrumbs.
import type { QueryClient } from '@tanstack/react-query';
import { navigationKeys } from '../../navigation/index.ts';
import { sitesKeys } from './keys.ts';

export const invalidateSites = (queryClient: QueryClient, cloudId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: sitesKeys.all(cloudId) }),
    queryClient.invalidateQueries({ queryKey: navigationKeys.all() }),
  ]);
