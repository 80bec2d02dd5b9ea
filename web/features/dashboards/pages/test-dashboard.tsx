// The dashboard page at a cloud's or a site's address, signed in, for the dashboard's tests.
import { act } from '@testing-library/react';
import { routes } from '../../../../core/routes.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { meQueryOptions } from '../../auth/index.ts';
import { DashboardPage } from './dashboard-page.tsx';

export function openDashboard(address: string) {
  const view = renderRoutes(
    [routes.cloudDashboard, routes.siteDashboard].map((route) => ({
      path: route.path,
      Component: DashboardPage,
    })),
    address,
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return view;
}
