// @vitest-environment happy-dom
// docs/navigation.md#routes /v2/cloud/{cloudId}/sites?search=: the cloud's sites with their devices and health; adding sites
// and the saved groupings for those with manage_sites (docs/roles.md).
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ListPage } from '../../../../core/api/list-query.ts';
import type { SiteFiltersSelectResponse, SiteListItem } from '../../../../core/api/sites.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { meFixture } from '../../../test-utils/me-fixture.ts';
import { pageOf, renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { SitesListPage } from './sites-list-page.tsx';

const HARBOUR: SiteListItem = {
  id: 7,
  name: 'Harbor Terminal',
  location: '2201 Seaport Boulevard',
  latitude: null,
  longitude: null,
  device_count: 1234,
  online_count: 1200,
  critical_count: 3,
  warning_count: 12,
  can_edit: true,
};
const RIDGE: SiteListItem = {
  id: 9,
  name: 'Ridge Tower',
  location: '8800 Ridge Summit Road',
  latitude: null,
  longitude: null,
  device_count: 0,
  online_count: 0,
  critical_count: 0,
  warning_count: 0,
  can_edit: false,
};
const GROUPINGS: SiteFiltersSelectResponse = {
  userCloudFilter: { id: null, name: null },
  siteGroupings: [{ id: 41, name: 'Coast', site_count: 2 }],
  backend_filter: false,
};

/** Answers the site list from `answer` and the groupings list; returns the site list calls' queries. */
function installSitesServer(answer: (search: string | null) => ListPage<SiteListItem>) {
  const requests = installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/site-filters-select') return jsonResponse(200, GROUPINGS);
    if (request.path !== '/apiv2/cloud/3/sites') return jsonResponse(404, { message: 'Not found.' });
    return jsonResponse(200, answer(request.query.get('search')));
  });
  return () =>
    requests
      .filter((request) => request.path === '/apiv2/cloud/3/sites')
      .map(({ query }) => {
        const values = Object.fromEntries(query);
        delete values.v;
        return values;
      });
}

const guest = meFixture({
  memberships: [
    { cloud_id: 3, cloud_name: 'Demo Networks', role_id: 'ROLE_GUEST', permissions: 0, push_alerts: false },
  ],
});

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

describe('site list page', () => {
  it('lists the sites matching the search of the address with devices, online and health', async () => {
    const queries = installSitesServer(() => pageOf([HARBOUR, RIDGE]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites?search=r%20t');
    expect(screen.getByRole('heading', { level: 1, name: 'Sites' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search sites' })).toHaveValue('r t');
    await settle();
    expect(queries()).toEqual([{ search: 'r t', offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('link', { name: 'Harbor Terminal' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );
    const harbour = within(table).getByRole('link', { name: 'Harbor Terminal' }).closest('tr') as HTMLElement;
    expect(within(harbour).getByText('1,234')).toBeInTheDocument();
    expect(within(harbour).getByText('1,200')).toBeInTheDocument();
    expect(within(harbour).getByText('Critical: 3')).toBeInTheDocument();
    expect(within(harbour).getByText('Warning: 12')).toBeInTheDocument();
    const ridge = within(table).getByRole('link', { name: 'Ridge Tower' }).closest('tr') as HTMLElement;
    expect(within(ridge).getByText('8800 Ridge Summit Road')).toBeInTheDocument();
    expect(within(ridge).getByText('No devices')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('offers Site Properties only for the sites the caller may edit', async () => {
    installSitesServer(() => pageOf([HARBOUR, RIDGE]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites');
    await settle();
    expect(screen.getByRole('link', { name: 'Site Properties of Harbor Terminal' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/site/7/edit',
    );
    expect(screen.queryByRole('link', { name: 'Site Properties of Ridge Tower' })).toBeNull();
  });

  it('offers adding a site and the saved groupings to someone with manage_sites', async () => {
    installSitesServer(() => pageOf([HARBOUR]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites');
    await settle();
    expect(screen.getByRole('link', { name: 'Add site' })).toHaveAttribute('href', '/v2/cloud/3/sites/add');
    const groupings = screen.getByRole('region', { name: 'Site groups' });
    expect(within(groupings).getByRole('link', { name: 'Edit site group Coast' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/site-filter/41/edit',
    );
    expect(within(groupings).getByText('Sites: 2')).toBeInTheDocument();
    expect(within(groupings).getByRole('link', { name: 'Add site group' })).toHaveAttribute(
      'href',
      '/v2/cloud/3/site-filter/add',
    );
  });

  it('offers a Guest neither adding sites nor the groupings', async () => {
    installSitesServer(() => pageOf([RIDGE]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites', guest);
    await settle();
    expect(screen.getByRole('link', { name: 'Ridge Tower' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add site' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Site groups' })).toBeNull();
  });

  it('searches what is typed and says when nothing matches', async () => {
    const queries = installSitesServer((search) => pageOf(search ? [] : [HARBOUR]));
    const { router } = renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites', guest);
    await settle();
    const box = screen.getByRole('textbox', { name: 'Search sites' });
    fireEvent.change(box, { target: { value: 'nowhere' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await settle();
    expect(router.state.location.search).toBe('?search=nowhere');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
    expect(queries().map((query) => query.search ?? null)).toEqual([null, 'nowhere']);
  });

  it('says when the cloud has no sites', async () => {
    installSitesServer(() => pageOf([]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites', guest);
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('This cloud has no sites yet.');
  });
});
