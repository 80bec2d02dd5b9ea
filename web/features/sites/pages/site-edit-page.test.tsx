// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer Site Properties: change a site's fields, or delete it after a confirmation that says what happens
// to its devices; nothing of the kind for someone without edit_site.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteProperties } from '../../../../core/api/sites.ts';
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
import { meQueryOptions } from '../../auth/index.ts';
import { SiteEditPage } from './site-edit-page.tsx';

const SITE: SiteProperties = {
  id: 7,
  name: 'Harbor Terminal',
  location: '2201 Seaport Boulevard',
  latitude: 37.8,
  longitude: -122.4,
  timezone: 'America/Los_Angeles',
  allow_config: true,
  device_count: 14,
  can_edit: true,
  can_delete: true,
};
const PATH = '/apiv2/cloud/3/sites/7';

function render(
  site: SiteProperties,
  answer: (request: FakeRequest) => Response | undefined = () => undefined,
) {
  const requests = installFakeFetch((request) => {
    const answered = answer(request);
    if (answered) return answered;
    if (request.method === 'GET' && request.path === PATH) return jsonResponse(200, site);
    return jsonResponse(404, { message: 'Not found.' });
  });
  const view = renderRoutes(
    [
      { path: routes.siteEdit.path, Component: SiteEditPage },
      { path: routes.sites.path, Component: () => <p>The site list</p> },
    ],
    '/v2/cloud/3/site/7/edit',
  );
  act(() => view.queryClient.setQueryData(meQueryOptions().queryKey, meFixture()));
  return { ...view, requests, changes: () => requests.filter((request) => request.method !== 'GET') };
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

describe('Site Properties page', () => {
  it("shows the site's fields and saves what was changed", async () => {
    const { changes } = render(SITE, (request) =>
      request.method === 'PATCH' ? jsonResponse(200, { ...SITE, name: 'Harbour Terminal' }) : undefined,
    );
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Site Properties' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Harbor Terminal');
    expect(screen.getByRole('textbox', { name: 'Latitude' })).toHaveValue('37.8');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Los_Angeles');
    expect(screen.getByRole('img', { name: /latitude 37.8, longitude -122.4/ })).toBeInTheDocument();
    fireEvent.change(name, { target: { value: 'Harbour Terminal ' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Allow configuration from the console' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'PATCH',
        path: PATH,
        body: {
          name: 'Harbour Terminal',
          location: '2201 Seaport Boulevard',
          latitude: 37.8,
          longitude: -122.4,
          timezone: 'America/Los_Angeles',
          allow_config: false,
        },
      },
    ]);
    expect(screen.getByText('Site Harbour Terminal saved.')).toBeInTheDocument();
  });

  it('says what is wrong before asking the server, and shows a name the server refuses', async () => {
    const { changes } = render(SITE, (request) =>
      request.method === 'PATCH'
        ? jsonResponse(400, {
            errors: [{ errorCode: 'duplicate', location: 'body', path: '/name', message: 'taken' }],
          })
        : undefined,
    );
    await settle();
    fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '95' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Longitude' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(screen.getByText('Enter a latitude between -90 and 90.')).toBeInTheDocument();
    expect(changes()).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Latitude' }), { target: { value: '12.5' } });
    expect(screen.getByText('Enter both latitude and longitude, or neither.')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Longitude' }), { target: { value: '-3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Ridge Tower' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(changes()).toHaveLength(1);
    expect(screen.getByText('A site with this name already exists in this cloud.')).toBeInTheDocument();
  });

  it('deletes the site once confirmed, saying first that its devices stay in the cloud without a site', async () => {
    const { changes, router } = render(SITE, (request) =>
      request.method === 'DELETE' ? jsonResponse(200, { id: 7, unassigned_devices: 14 }) : undefined,
    );
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Delete site' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Delete Harbor Terminal?' });
    expect(dialog).toHaveTextContent('Devices on this site: 14. They stay in this cloud without a site');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(changes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete site' }));
    await settle();
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete Harbor Terminal?' })).getByRole('button', {
        name: 'Delete site',
      }),
    );
    await settle();
    expect(changes().map(({ method, path }) => `${method} ${path}`)).toEqual([`DELETE ${PATH}`]);
    expect(router.state.location.pathname).toBe('/v2/cloud/3/sites');
    expect(
      screen.getByText('Site Harbor Terminal deleted. Devices left without a site: 14.'),
    ).toBeInTheDocument();
  });

  it('offers no delete to someone who may edit but not delete the site', async () => {
    render({ ...SITE, can_delete: false });
    await settle();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete site' })).toBeNull();
  });

  it('offers nothing to change to someone without edit_site', async () => {
    render({ ...SITE, can_edit: false, can_delete: false });
    await settle();
    expect(
      screen.getByText('Access denied: your account does not have sufficient permissions.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('says when the site could not be loaded and asks again', async () => {
    let fail = true;
    render(SITE, (request) =>
      request.method === 'GET' && fail ? jsonResponse(500, { message: 'x', incidentId: 'i' }) : undefined,
    );
    await settle();
    expect(screen.getByText('The site could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Harbor Terminal');
  });
});
