// @vitest-environment happy-dom
import { fireEvent, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { meQueryOptions } from '../features/auth/index.ts';
import { ApiError } from '../platform/api-error.ts';
import { failSafeLazy } from '../platform/errors/fail-safe-lazy.tsx';
import { renderWithPlatform, resetPlatform } from '../platform/testing/render-platform.tsx';
import { meFixture } from '../test-utils/me-fixture.ts';
import { RouteErrorPage } from './route-error-page.tsx';

const GENERIC =
  'Sorry, there was an error on this page. Please try reloading the page, and if the error is recurring, click the button to inspect and report it.';

function Broken({ error }: { readonly error: unknown }): never {
  throw error;
}

function renderBrokenRoute(error: unknown) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(meQueryOptions().queryKey, meFixture());
  const router = createMemoryRouter([
    { path: '/', element: <Broken error={error} />, errorElement: <RouteErrorPage /> },
  ]);
  return renderWithPlatform(<RouterProvider router={router} />, queryClient);
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  vi.restoreAllMocks();
});

describe('critical error page (docs/errors.md)', () => {
  it('replaces a page that failed to render, with reload, report and a way back', async () => {
    renderBrokenRoute(new TypeError('row is undefined'));
    const page = await screen.findByRole('alert');
    expect(
      within(page).getByRole('heading', { level: 1, name: 'This page could not be displayed' }),
    ).toBeInTheDocument();
    expect(within(page).getByText(GENERIC)).toBeInTheDocument();
    expect(within(page).getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    expect(within(page).getByRole('link', { name: 'Go to the cloud dashboard' })).toHaveAttribute(
      'href',
      '/cloud/3/dashboard',
    );
    fireEvent.click(within(page).getByRole('button', { name: 'Report Error...' }));
    const dialog = await screen.findByRole('dialog', { name: 'Page Script Error' });
    expect(await within(dialog).findByLabelText('Error report')).toHaveTextContent(
      'TypeError: row is undefined',
    );
  });

  it('says what a failed startup call means', async () => {
    renderBrokenRoute(new ApiError({ kind: 'http', status: 503, message: 'Service Unavailable' }));
    const page = await screen.findByRole('alert');
    expect(
      within(page).getByText(
        'The service might not be available due to maintenance. Please try reloading the page.',
      ),
    ).toBeInTheDocument();
    expect(within(page).queryByRole('button', { name: 'Report Error...' })).not.toBeInTheDocument();
  });

  it('shows it, not a blank page, when the code of a nested page cannot load', async () => {
    const queryClient = createQueryClient();
    const router = createMemoryRouter(
      [
        {
          Component: Outlet,
          errorElement: <RouteErrorPage />,
          children: [
            {
              path: '/devices',
              errorElement: <RouteErrorPage />,
              lazy: failSafeLazy(() =>
                Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
              ),
            },
          ],
        },
      ],
      { initialEntries: ['/devices'] },
    );
    renderWithPlatform(<RouterProvider router={router} />, queryClient);
    const page = await screen.findByRole('alert');
    expect(within(page).getByText(GENERIC)).toBeInTheDocument();
  });

  it('catches a render error outside any route at the root', async () => {
    renderWithPlatform(<Broken error={new Error('provider broke')} />);
    const page = await screen.findByRole('alert');
    expect(within(page).getByText(GENERIC)).toBeInTheDocument();
  });
});
