// @vitest-environment happy-dom
// SPEC §2.1 /v2/cloud/{cloudId}/sites?search=: the cloud's sites with their device counts.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteListItem } from '../../../../core/api/sites.ts';
import { routes } from '../../../../core/routes.ts';
import {
  installListServer,
  pageOf,
  renderListPage,
  settle,
  setViewportWidth,
} from '../../../platform/list-page/test-list-page.tsx';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { SitesListPage } from './sites-list-page.tsx';

const PATH = '/apiv2/cloud/3/sites';
const HARBOUR: SiteListItem = {
  id: 7,
  name: 'Harbor Terminal',
  location: '2201 Seaport Boulevard',
  device_count: 1234,
};
const RIDGE: SiteListItem = {
  id: 9,
  name: 'Ridge Tower',
  location: '8800 Ridge Summit Road',
  device_count: 0,
};

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
  it('lists the sites matching the search of the address, linking each to its dashboard', async () => {
    const server = installListServer(PATH, () => pageOf([HARBOUR, RIDGE]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites?search=r%20t');
    expect(screen.getByRole('heading', { level: 1, name: 'Sites' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search sites' })).toHaveValue('r t');
    await settle();
    expect(server.queries()).toEqual([{ search: 'r t', offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'Sites' });
    expect(within(table).getByRole('link', { name: 'Harbor Terminal' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );
    const row = within(table).getByRole('link', { name: 'Ridge Tower' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('8800 Ridge Summit Road')).toBeInTheDocument();
    expect(within(row).getByText('0')).toBeInTheDocument();
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1–2 of 2');
  });

  it('searches what is typed and says when nothing matches', async () => {
    const server = installListServer(PATH, ({ search }) => pageOf(search ? [] : [HARBOUR]));
    const { router } = renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites');
    await settle();
    const box = screen.getByRole('textbox', { name: 'Search sites' });
    fireEvent.change(box, { target: { value: 'nowhere' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await settle();
    expect(router.state.location.search).toBe('?search=nowhere');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
    expect(server.queries().map((query) => query.search ?? null)).toEqual([null, 'nowhere']);
  });

  it('says when the cloud has no sites', async () => {
    installListServer(PATH, () => pageOf([]));
    renderListPage(routes.sites.path, SitesListPage, '/v2/cloud/3/sites');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('This cloud has no sites yet.');
  });
});
