// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sitesKeys } from '../../features/sites/api/keys.ts';
import { renderWithPlatform, resetPlatform } from '../../platform/testing/render-platform.tsx';
import { jsonResponse, restoreFetch } from '../../test-utils/fake-fetch.ts';
import { fakeShellData, installShellServer, namedSites } from '../top-bar/test-server.tsx';
import { SitePicker } from './site-picker.tsx';

afterEach(() => {
  vi.useRealTimers();
  resetPlatform();
  restoreFetch();
});

function renderPicker(canCreateSite = false, currentSiteId: number | null = null) {
  const chosen: number[] = [];
  const { queryClient } = renderWithPlatform(
    <SitePicker
      cloudId={3}
      currentSiteId={currentSiteId}
      canCreateSite={canCreateSite}
      onChoose={(siteId) => chosen.push(siteId)}
    />,
  );
  return { chosen, queryClient };
}

const siteNames = () =>
  within(screen.getByRole('list', { name: 'Sites' }))
    .queryAllByRole('button')
    .map((item) => item.textContent);

describe('site picker', () => {
  it('lists up to 100 sites with the current one; choosing a site reports it', async () => {
    const requests = installShellServer(fakeShellData({ sites: namedSites(3) }));
    const { chosen } = renderPicker(false, 2);
    fireEvent.click(await screen.findByRole('button', { name: 'Site 003' }));
    expect(chosen).toEqual([3]);
    expect(screen.getByRole('button', { name: 'Site 002' })).toHaveAttribute('aria-current', 'true');
    const list = requests.find((request) => request.path === '/apiv2/cloud/3/sites-select');
    expect(list?.query.get('limit')).toBe('100');
    expect(list?.query.get('includeIds')).toBe('2');
    expect(list?.query.has('filter')).toBe(false);
  });

  it('has no filter box with 9 sites', async () => {
    installShellServer(fakeShellData({ sites: namedSites(9) }));
    renderPicker();
    await screen.findByRole('button', { name: 'Site 009' });
    expect(screen.queryByRole('textbox', { name: 'Filter sites' })).not.toBeInTheDocument();
  });

  it("filters 10 sites in the browser, and says 'No matching sites found.' when none match", async () => {
    const requests = installShellServer(fakeShellData({ sites: namedSites(10) }));
    renderPicker();
    const filter = await screen.findByRole('textbox', { name: 'Filter sites' });
    fireEvent.change(filter, { target: { value: '010' } });
    await waitFor(() => expect(siteNames()).toEqual(['Site 010']));
    fireEvent.change(filter, { target: { value: 'harbour' } });
    expect(await screen.findByText('No matching sites found.')).toBeInTheDocument();
    expect(requests.filter((request) => request.query.has('filter'))).toHaveLength(0);
  });

  it('filters on the server 600 ms after typing once 100 sites came back', async () => {
    const requests = installShellServer(fakeShellData({ sites: namedSites(150) }));
    renderPicker();
    const filter = await screen.findByRole('textbox', { name: 'Filter sites' });
    expect(siteNames()).toHaveLength(100);
    vi.useFakeTimers();
    fireEvent.change(filter, { target: { value: 'Site 14' } });
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(requests.filter((request) => request.query.has('filter'))).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(requests.filter((request) => request.query.get('filter') === 'Site 14')).toHaveLength(1);
    // Lets the answer through the query cache, which batches its updates on a timer.
    await act(() => vi.advanceTimersByTimeAsync(50));
    vi.useRealTimers();
    await waitFor(() => expect(siteNames()).toHaveLength(10));
    expect(siteNames()).toEqual(
      namedSites(150)
        .slice(139, 149)
        .map((site) => site.name),
    );
  });

  it('offers Create a new site only to those who may create one', async () => {
    installShellServer(fakeShellData());
    renderPicker(false);
    await screen.findByRole('button', { name: 'Site 001' });
    expect(screen.queryByRole('button', { name: 'Create a new site' })).not.toBeInTheDocument();
  });

  it("creates a site from the name asked for, shows a refused name's message, chooses the new site and refreshes the site list", async () => {
    const created: unknown[] = [];
    installShellServer(fakeShellData(), (request) => {
      if (request.method !== 'POST' || request.path !== '/apiv2/cloud/3/sites') return null;
      created.push(request.body);
      if (created.length === 1)
        return jsonResponse(400, {
          errors: [
            {
              errorCode: 'duplicate',
              location: 'body',
              path: '/name',
              message: 'A site with this name already exists in this cloud.',
            },
          ],
        });
      return jsonResponse(201, { id: 77, name: 'Harbour', location: '' });
    });
    const { chosen, queryClient } = renderPicker(true);
    // A page of the site list (docs/navigation.md#routes) loaded earlier, which must not keep showing the cloud without the new site.
    const listKey = sitesKeys.list(3, { search: '', offset: 0 });
    queryClient.setQueryData(listKey, { items: [], total: 0 });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a new site' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create a new site' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Site name' }), {
      target: { value: 'Site 001' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('A site with this name already exists in this cloud.'),
    ).toBeInTheDocument();
    dialog = screen.getByRole('dialog', { name: 'Create a new site' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Site name' }), {
      target: { value: ' Harbour ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(chosen).toEqual([77]));
    expect(created).toEqual([{ name: 'Site 001' }, { name: 'Harbour' }]);
    expect(queryClient.getQueryState(listKey)?.isInvalidated).toBe(true);
  });
});
