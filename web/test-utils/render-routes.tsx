import { render } from '@testing-library/react';
import { createMemoryRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { Providers } from '../app/providers.tsx';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/router.tsx';
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

/**
 * Loads the lazy routes (the frame and the page) of each address before a file's tests, under the hook's longer
 * timeout, so their waits measure rendering rather than a cold import on a busy machine.
 */
export function loadPages(...addresses: string[]) {
  return async () => {
    const routes = appRoutes();
    const lazy = addresses
      .flatMap((address) => matchRoutes(routes, address) ?? [])
      .map(({ route }) => route.lazy);
    await Promise.all(lazy.map((load) => (typeof load === 'function' ? load() : null)));
  };
}
