// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client.ts';
import { appRoutes } from '../app/router.tsx';
import { getCurrentCloudId } from '../platform/http.ts';
import { setLocale } from '../platform/i18n.ts';
import { installFakeFetch, jsonResponse, restoreFetch } from '../test-utils/fake-fetch.ts';
import { meFixture } from '../test-utils/me-fixture.ts';
import { loadPages, renderRoutes } from '../test-utils/render-routes.tsx';

beforeAll(loadPages('/cloud/3/dashboard'));

function signedIn(me = meFixture()) {
  return installFakeFetch(({ method, path }) => {
    if (method === 'GET' && path === '/apiv2/auth/me') return jsonResponse(200, me);
    if (method === 'POST' && path === '/apiv2/auth/logout') return new Response(null, { status: 204 });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

afterEach(async () => {
  cleanup();
  restoreFetch();
  await setLocale('en');
});

describe('signed-in frame', () => {
  it('sends a visitor without a session to the login page, keeping the address to come back to', async () => {
    installFakeFetch(() => jsonResponse(401, { message: 'Login required.' }));
    const { router } = renderRoutes(appRoutes(), '/cloud/3/activity?id=4#alert');
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe(
      '/cloud/3/activity?id=4#alert',
    );
  });

  it('shows the cloud dashboard inside the frame with the cloud name, menu and title', async () => {
    const requests = signedIn();
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(within(main).getByText('Demo Networks')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Demo Console')).toBeInTheDocument();

    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Devices' })).toHaveAttribute('href', '/v2/cloud/3/devices');
    expect(within(nav).getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/cloud/3/activity');
    expect(within(nav).getByRole('link', { name: 'Site management' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/sites',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await waitFor(() => expect(document.title).toBe('Dashboard | Demo Console'));
    expect(getCurrentCloudId()).toBe(3);
    expect(requests[0]?.headers.get('X-App-Version')).toBeTruthy();
  });

  it("starts the cloud dashboard's call from its route, before the frame or the page is drawn", async () => {
    const requests = installFakeFetch(() => jsonResponse(404, { message: 'Not found.' }));
    // The router alone, as main.tsx makes it before anything renders.
    createMemoryRouter(appRoutes(createQueryClient()), { initialEntries: ['/cloud/3/dashboard?range=7d'] });
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.path).toBe('/apiv2/cloud/3/dashboard');
    expect(requests[0]?.query.get('range')).toBe('7d');
  });

  it.each([
    ['/site/7/dashboard?range=30d', '/apiv2/cloud/3/dashboard', { range: '30d', site_id: '7' }],
    ['/site/7/config', '/apiv2/cloud/3/sites/7/config', {}],
  ])(
    "starts %s's call from its route, once the site's own call names its cloud",
    async (address, path, query) => {
      const requests = installFakeFetch((request) =>
        request.path === '/apiv2/navigation/site/7'
          ? jsonResponse(200, { id: 7, name: 'Harbour', cloud_id: 3 })
          : jsonResponse(404, { message: 'Not found.' }),
      );
      createMemoryRouter(appRoutes(createQueryClient()), { initialEntries: [address] });
      await waitFor(() => expect(requests).toHaveLength(2));
      expect(requests[1]?.path).toBe(path);
      expect(Object.fromEntries(requests[1]?.query ?? [])).toMatchObject(query);
    },
  );

  it.each(['/no/such/page', '/cloud/abc/dashboard', '/cloud/0/activity'])(
    'answers %s with "Page not found" and a way back',
    async (address) => {
      signedIn();
      renderRoutes(appRoutes(), address);
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to the cloud dashboard' })).toHaveAttribute(
        'href',
        '/cloud/3/dashboard',
      );
    },
  );

  it('opens the user menu with a Logout entry that leads to the logout page', async () => {
    signedIn();
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: 'User menu' }));
    const logout = await screen.findByRole('menuitem', { name: 'Logout' });
    expect(logout).toHaveAttribute('href', '/welcome/logout');
  });

  it('logs out and offers to log in again', async () => {
    const requests = signedIn();
    renderRoutes(appRoutes(), '/welcome/logout');
    expect(await screen.findByText('You have been logged out.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/welcome/login');
    expect(requests.filter((request) => request.path === '/apiv2/auth/logout')).toHaveLength(1);
  });

  it("follows a single sign-on session's sign-out to its provider", async () => {
    const providerSignOut = 'https://login.corp.example/session/end?id_token_hint=a.b.c';
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    installFakeFetch(({ path }) =>
      path === '/apiv2/auth/logout'
        ? jsonResponse(200, { logout_url: providerSignOut })
        : jsonResponse(200, meFixture()),
    );
    try {
      renderRoutes(appRoutes(), '/welcome/logout');
      await waitFor(() => expect(assign).toHaveBeenCalledWith(providerSignOut));
      expect(screen.queryByText('You have been logged out.')).not.toBeInTheDocument();
    } finally {
      assign.mockRestore();
    }
  });

  it("switches to the user's preferred language", async () => {
    signedIn(meFixture({ user: { ...meFixture().user, preferred_language: 'ja' } }));
    renderRoutes(appRoutes(), '/cloud/3/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
  });

  it('sends the bare address to the default cloud, or to the no-cloud page', async () => {
    signedIn(meFixture({ memberships: [], default_cloud_id: null }));
    const { router } = renderRoutes(appRoutes(), '/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No cloud yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/welcome/no-cloud');
  });
});
