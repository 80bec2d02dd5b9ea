import { render } from '@testing-library/react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { initI18n } from '../platform/i18n.ts';

/** Renders routes in the app's providers at the given address, the way main.tsx mounts the console. */
export function renderRoutes(
  routeObjects: RouteObject[],
  address: string,
  queryClient = createQueryClient(),
) {
  void initI18n();
  const router = createMemoryRouter(routeObjects, { initialEntries: [address] });
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, router, queryClient };
}
