// @vitest-environment happy-dom
// docs/navigation.md#routes /v2/cloud/{cloudId}/devices?search=: the address's search, paging on the server, and the
// loading, empty and error states every list page shares.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { pageOf, renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { DevicesListPage } from './devices-list-page.tsx';
import { device, installListServer, many, PATH, SITES } from './test-device-server.ts';

const open = (address: string) => renderListPage(routes.devices.path, DevicesListPage, address);
const searchBox = () => screen.getByRole('textbox', { name: 'Search devices' });

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

describe('device list page', () => {
  it('filters and sorts by the address, keeps them through a search, and changes them from the page', async () => {
    const server = installListServer(() =>
      pageOf([device(12, 'Lobby spare', { health_id: 'HEALTH_CRITICAL' })]),
    );
    const { router } = open(
      '/v2/cloud/3/devices?health=HEALTH_CRITICAL&status=offline&type=wifi&model=13&site=7&fw=7.2.1-4012&sort=-health&search=lobby',
    );
    await settle();
    expect(server.queries()).toEqual([
      {
        health: 'HEALTH_CRITICAL',
        status: 'offline',
        type: 'wifi',
        site_id: '7',
        model: '13',
        fw: '7.2.1-4012',
        sort: '-health',
        search: 'lobby',
        offset: '0',
        limit: '50',
      },
    ]);
    const filters = screen.getByRole('group', { name: 'Filters' });
    expect(within(filters).getByRole('combobox', { name: 'Health' })).toHaveTextContent('Critical');
    expect(within(filters).getByRole('combobox', { name: 'Family' })).toHaveTextContent('Access points');
    expect(within(filters).getByRole('textbox', { name: 'Firmware' })).toHaveValue('7.2.1-4012');
    const health = screen.getByRole('columnheader', { name: 'Health' });
    expect(health).toHaveAttribute('aria-sort', 'descending');

    fireEvent.click(within(health).getByRole('button', { name: 'Health' }));
    await settle();
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('health');
    fireEvent.click(within(screen.getByRole('columnheader', { name: 'Firmware' })).getByRole('button'));
    await settle();
    expect(server.queries().at(-1)).toMatchObject({ sort: 'firmware', health: 'HEALTH_CRITICAL' });

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await settle();
    expect(router.state.location.search).toBe('?sort=firmware&search=lobby');
    expect(server.queries().at(-1)).toEqual({ sort: 'firmware', search: 'lobby', offset: '0', limit: '50' });
  });

  it('keeps a filter when the list is sorted straight after, before anything else is drawn', async () => {
    installListServer(() => pageOf([device(12, 'Core switch')]));
    const { router } = open('/v2/cloud/3/devices');
    await settle();
    const firmware = within(screen.getByRole('columnheader', { name: 'Firmware' })).getByRole('button');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Family' }));
    const switches = screen.getByRole('option', { name: 'Switches' });
    // Both clicks inside one act: only what a change draws at once is on screen for the second.
    await act(async () => {
      fireEvent.click(switches);
      while (!router.state.location.search.includes('type=switch')) await Promise.resolve();
      fireEvent.click(firmware);
      while (!router.state.location.search.includes('sort=')) await Promise.resolve();
    });
    expect(router.state.location.search).toBe('?type=switch&sort=firmware');
  });

  it('lists the devices matching the search of the address, with their total', async () => {
    const server = installListServer(() =>
      pageOf([
        device(11, 'Lobby AP'),
        device(12, 'Lobby spare', { site: null, online: false, health_id: 'HEALTH_CRITICAL' }),
      ]),
    );
    open('/v2/cloud/3/devices?search=lobby');
    expect(screen.getByRole('heading', { level: 1, name: 'Devices' })).toBeInTheDocument();
    expect(searchBox()).toHaveValue('lobby');
    await settle();
    expect(server.queries()).toEqual([{ search: 'lobby', offset: '0', limit: '50' }]);
    const table = screen.getByRole('table', { name: 'Devices' });
    expect(within(table).getByRole('link', { name: 'Lobby AP' })).toHaveAttribute(
      'href',
      '/site/7/device/11/dashboard',
    );
    expect(within(table).getByRole('link', { name: 'Harbour' })).toHaveAttribute(
      'href',
      '/site/7/dashboard#default',
    );
    expect(within(table).getByRole('link', { name: 'Lobby spare' })).toHaveAttribute('href', '/device/12');
    const spare = within(table).getByRole('link', { name: 'Lobby spare' }).closest('tr') as HTMLElement;
    expect(within(spare).getByText('No site')).toBeInTheDocument();
    expect(within(spare).getByText('Offline')).toBeInTheDocument();
    expect(within(spare).getByText('Critical')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1–2 of 2');
  });

  it('puts a typed search in the address after the debounce, and back brings the last one again', async () => {
    const server = installListServer(({ search }) => pageOf([device(1, `Found ${search}`)]));
    const { router } = open('/v2/cloud/3/devices?search=lobby');
    await settle();
    fireEvent.change(searchBox(), { target: { value: 'dock' } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(router.state.location.search).toBe('?search=lobby');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(router.state.location.search).toBe('?search=dock');
    // The answer comes on the next tick of the clock.
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('link', { name: 'Found dock' })).toBeInTheDocument();

    await act(() => router.navigate(-1));
    await settle();
    expect(searchBox()).toHaveValue('lobby');
    expect(screen.getByRole('link', { name: 'Found lobby' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(router.state.location.search).toBe('?search=lobby');
    expect(server.queries().map((query) => query.search)).toEqual(['lobby', 'dock']);
  });

  it('searches at once on Enter, and lists everything again when the box is cleared', async () => {
    const server = installListServer(() => pageOf([device(1, 'Any')]));
    const { router } = open('/v2/cloud/3/devices');
    await settle();
    fireEvent.change(searchBox(), { target: { value: 'yard' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    expect(router.state.location.search).toBe('?search=yard');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(searchBox()).toHaveValue('');
    await settle();
    // The full list is still fresh from the first visit.
    expect(server.queries().map((query) => query.search ?? null)).toEqual([null, 'yard']);
  });

  it('asks for 3 characters, and lists everything for a shorter search in the address', async () => {
    const server = installListServer(() => pageOf([device(1, 'Any')]));
    const { router } = open('/v2/cloud/3/devices?search=ab');
    expect(searchBox()).toHaveValue('ab');
    expect(screen.getByText('Please enter at least 3 characters.')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(server.queries()).toEqual([{ offset: '0', limit: '50' }]);
    expect(router.state.location.search).toBe('?search=ab');
  });

  it('pages on the server and starts again at the first page for a new search', async () => {
    const server = installListServer(({ offset }) => pageOf(many(offset + 1, offset === 100 ? 20 : 50), 120));
    open('/v2/cloud/3/devices?search=device');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('1–50 of 120');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('51–100 of 120');
    expect(screen.getByRole('link', { name: 'Device 51' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('101–120 of 120');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    fireEvent.change(searchBox(), { target: { value: 'devices' } });
    fireEvent.keyDown(searchBox(), { key: 'Enter' });
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('1–50 of 120');
    expect(server.queries().map((query) => [query.search, query.offset])).toEqual([
      ['device', '0'],
      ['device', '50'],
      ['device', '100'],
      ['devices', '0'],
    ]);
  });

  it('shows the name and status of each device on a phone, every column on a wide screen', async () => {
    installListServer(() => pageOf([device(11, 'Lobby AP')]));
    open('/v2/cloud/3/devices');
    await settle();
    const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
    // The first column's header is a box that selects the page.
    expect(headers()).toEqual([
      '',
      'Name',
      'Site',
      'Status',
      'Health',
      'MAC address',
      'IP address',
      'Product',
      'Firmware',
      'Actions',
    ]);
    expect(screen.getByRole('cell', { name: 'Wi-Fi 6 Access Point 2x2 Indoor' })).toBeInTheDocument();
    resetPlatform();
    setViewportWidth(375);
    open('/v2/cloud/3/devices');
    await settle();
    expect(headers()).toEqual(['', 'Name', 'Status', 'Actions']);
  });

  it('says when more rows match than the server counted, and still offers the next page', async () => {
    installListServer(({ offset }) => pageOf(many(offset + 1, 50), 10_000, true));
    open('/v2/cloud/3/devices');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('1–50 of more than 10,000');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('says nothing was found for a search, and that the cloud has no devices without one', async () => {
    installListServer(() => pageOf([]));
    const { router } = open('/v2/cloud/3/devices?search=nothing');
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Nothing found. Please refine your search phrase and try again.',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await act(() => router.navigate(routes.devices.href({ cloudId: 3 })));
    await settle();
    expect(screen.getByRole('status')).toHaveTextContent('This cloud has no devices yet.');
  });

  it('shows that it is loading, and a failure with a way to try again', async () => {
    let fail = true;
    installListServer(() =>
      fail ? [500, { message: 'Boom', incidentId: 'x1' }] : pageOf([device(1, 'Back')]),
    );
    open('/v2/cloud/3/devices');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    await settle();
    expect(screen.getByText('The list could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('link', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByText('The list could not be loaded.')).not.toBeInTheDocument();
  });

  it('reboots a device after confirmation, and offers it only where the user may', async () => {
    const posted: unknown[] = [];
    installFakeFetch((request) => {
      if (request.method === 'POST' && request.path === '/apiv2/cloud/3/tasks') {
        posted.push(request.body);
        return jsonResponse(201, { task: { id: 90 }, refused: [] });
      }
      if (request.path === '/apiv2/user/list-columns/devices') return jsonResponse(200, { columns: null });
      if (request.path === '/apiv2/cloud/3/registration-sites') return jsonResponse(200, { sites: [] });
      if (request.path === '/apiv2/cloud/3/sites-select') return jsonResponse(200, { sites: SITES });
      if (request.path === PATH) {
        return jsonResponse(200, {
          ...pageOf([device(11, 'Lobby AP'), device(12, 'Dock AP', { allowed_tasks: [] })]),
          actions: ['reboot'],
        });
      }
      return jsonResponse(404, { message: 'Not found.' });
    });
    open('/v2/cloud/3/devices');
    await settle();
    expect(screen.queryByRole('button', { name: 'Reboot Dock AP' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reboot Lobby AP' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Reboot Lobby AP?' });
    expect(posted).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    await settle();
    expect(posted).toEqual([{ type: 'TASK_REBOOT', targets: { device_ids: [11] } }]);
    expect(screen.getByText('Reboot of Lobby AP started. The task tracker follows it.')).toBeInTheDocument();
  });
});
