// @vitest-environment happy-dom
// Site groupings: site-filter/add saves a named group of chosen sites; a saved group's edit page renames it,
// changes its sites or deletes it after a confirmation. Only for those with manage_sites (docs/roles.md).
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteFilter, SitesSelectResponse } from '../../../../core/api/sites.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { renderRoutes } from '../../../test-utils/render-routes.tsx';
import { settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { type Me, meQueryOptions } from '../../auth/index.ts';
import { SiteFilterAddPage } from './site-filter-add-page.tsx';
import { SiteFilterEditPage } from './site-filter-edit-page.tsx';

const SITES: SitesSelectResponse = {
  sites: [
    { id: 7, name: 'Harbor Terminal' },
    { id: 9, name: 'Ridge Tower' },
    { id: 11, name: 'Valley Depot' },
  ],
};
const NETWORK_MS = 20;
/** Lets the site list's answers (and the calls they lead to) arrive. */
async function network() {
  for (let step = 0; step < 5; step++) await act(() => vi.advanceTimersByTimeAsync(NETWORK_MS));
}
const COAST: SiteFilter = { id: 41, name: 'Coast', site_ids: [7, 11] };

function render(
  address: string,
  answer: (request: FakeRequest) => Response | undefined,
  me: Me = meFixture(),
) {
  const requests = installFakeFetch((request) => {
    const answered = answer(request);
    if (answered) return answered;
    // The site list answers after a while, as over a network.
    if (request.path === '/apiv2/cloud/3/sites-select')
      return new Promise<Response>((resolve) =>
        setTimeout(() => resolve(jsonResponse(200, SITES)), NETWORK_MS),
      );
    if (request.path === '/apiv2/cloud/3/site-filters/41') return jsonResponse(200, COAST);
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderRoutes(
    [
      { path: routes.siteFilterAdd.path, Component: SiteFilterAddPage },
      { path: routes.siteFilterEdit.path, Component: SiteFilterEditPage },
      { path: routes.sites.path, Component: () => <p>The site list</p> },
    ],
    address,
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, me));
  return { ...view, changes: () => requests.filter((request) => request.method !== 'GET') };
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

describe('New Site Group page', () => {
  it('saves a named group of the chosen sites and goes back to the site list', async () => {
    const { changes, router } = render('/v2/cloud/3/site-filter/add', (request) =>
      request.method === 'POST'
        ? jsonResponse(201, { id: 50, name: 'Inland', site_ids: [9, 11] })
        : undefined,
    );
    await network();
    expect(screen.getByRole('heading', { level: 1, name: 'New Site Group' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await settle();
    expect(screen.getByText('Enter a name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one site.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Inland ' } });
    const sites = screen.getByRole('group', { name: 'Sites in the group: 0' });
    fireEvent.click(within(sites).getByRole('checkbox', { name: 'Ridge Tower' }));
    fireEvent.click(within(sites).getByRole('checkbox', { name: 'Valley Depot' }));
    expect(screen.getByRole('group', { name: 'Sites in the group: 2' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await network();
    expect(changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/apiv2/cloud/3/site-filters', body: { name: 'Inland', site_ids: [9, 11] } },
    ]);
    expect(router.state.location.pathname).toBe('/v2/cloud/3/sites');
    expect(screen.getByText('Site group Inland created.')).toBeInTheDocument();
  });

  it('offers a Guest no form', async () => {
    render(
      '/v2/cloud/3/site-filter/add',
      () => undefined,
      meFixture({
        memberships: [
          {
            cloud_id: 3,
            cloud_name: 'Demo Networks',
            role_id: 'ROLE_GUEST',
            permissions: 0,
            push_alerts: false,
          },
        ],
      }),
    );
    await settle();
    expect(
      screen.getByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create group' })).toBeNull();
  });
});

describe('Edit Site Group page', () => {
  it('shows the saved group and saves a new name and sites', async () => {
    const { changes } = render('/v2/cloud/3/site-filter/41/edit', (request) =>
      request.method === 'PATCH'
        ? jsonResponse(200, { id: 41, name: 'Coastline', site_ids: [7] })
        : undefined,
    );
    await settle();
    // The group's sites are listed once the group is known.
    await network();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Coast');
    expect(screen.getByRole('checkbox', { name: 'Harbor Terminal' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Ridge Tower' })).not.toBeChecked();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Coastline' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Valley Depot' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await network();
    expect(changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/apiv2/cloud/3/site-filters/41', body: { name: 'Coastline', site_ids: [7] } },
    ]);
    expect(screen.getByText('Site group Coastline saved.')).toBeInTheDocument();
  });

  it('deletes the group once confirmed', async () => {
    const { changes, router } = render('/v2/cloud/3/site-filter/41/edit', (request) =>
      request.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete group' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Delete Coast?' });
    expect(dialog).toHaveTextContent('its sites and their devices do not change');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await network();
    expect(changes().map(({ method, path }) => `${method} ${path}`)).toEqual([
      'DELETE /apiv2/cloud/3/site-filters/41',
    ]);
    expect(router.state.location.pathname).toBe('/v2/cloud/3/sites');
    expect(screen.getByText('Site group Coast deleted.')).toBeInTheDocument();
  });
});
