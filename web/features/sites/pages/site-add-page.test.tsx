// @vitest-environment happy-dom
// docs/navigation.md#routes /v2/cloud/{cloudId}/sites/add: creating a site with coordinates picked on the map, for those with
// manage_sites (docs/roles.md).
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { type Me, meQueryOptions } from '../../auth/index.ts';
import { SiteAddPage } from './site-add-page.tsx';

function render(me: Me) {
  const requests = installFakeFetch((request) =>
    request.method === 'POST' && request.path === '/apiv2/cloud/3/sites'
      ? jsonResponse(201, { id: 12, name: 'Lisbon Depot', location: 'Rua Augusta 1' })
      : jsonResponse(404, { message: 'Not found.' }),
  );
  const view = renderRoutes(
    [
      { path: routes.sitesAdd.path, Component: SiteAddPage },
      { path: routes.sites.path, Component: () => <p>The site list</p> },
    ],
    '/v2/cloud/3/sites/add',
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, me));
  return { ...view, requests };
}

beforeEach(() => {
  setViewportWidth(1440);
  vi.useFakeTimers();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Create a New Site page', () => {
  it('creates a site placed by a click on the map, in its creator time zone, then lists the sites', async () => {
    const me = meFixture();
    const { requests, router } = render({ ...me, user: { ...me.user, timezone: 'Europe/Lisbon' } });
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Create a new site' })).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' Lisbon Depot' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Location' }), {
      target: { value: 'Rua Augusta 1' },
    });
    // The map is 360 by 180 pixels here: one pixel a degree, from 180° W and 90° N.
    const map = screen.getByRole('img', { name: 'World map. Click a place to set the coordinates.' });
    vi.spyOn(map, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 360, 180));
    fireEvent.click(map, { clientX: 180 - 9.14, clientY: 90 - 38.71 });
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('38.71');
    expect(screen.getByRole('textbox', { name: 'Longitude' })).toHaveValue('-9.14');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Lisbon');
    fireEvent.click(screen.getByRole('button', { name: 'Create site' }));
    await settle();
    expect(requests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/apiv2/cloud/3/sites',
        body: {
          name: 'Lisbon Depot',
          location: 'Rua Augusta 1',
          latitude: 38.71,
          longitude: -9.14,
          timezone: 'Europe/Lisbon',
          allow_config: true,
        },
      },
    ]);
    expect(router.state.location.pathname).toBe('/v2/cloud/3/sites');
    expect(screen.getByText('Site Lisbon Depot created.')).toBeInTheDocument();
  });

  it('asks for a name before sending anything', async () => {
    const { requests } = render(meFixture());
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Create site' }));
    await settle();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('offers a Guest no form', async () => {
    render(
      meFixture({
        memberships: [
          {
            cloud_id: 3,
            cloud_name: 'Demo Networks',
            role_id: 'ROLE_GUEST',
            permissions: 8,
            push_alerts: false,
          },
        ],
      }),
    );
    await settle();
    expect(
      screen.getByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create site' })).toBeNull();
  });
});
