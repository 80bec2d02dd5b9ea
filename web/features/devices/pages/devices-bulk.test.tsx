// @vitest-environment happy-dom
// The device list's column chooser, selection and bulk actions: each action counts the devices on the
// server first, asks for confirmation stating how many, and then acts on exactly that many.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { type FakeRequest, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { pageOf, renderListPage, settle, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { DevicesListPage } from './devices-list-page.tsx';
import { device, installListServer, many } from './test-device-server.ts';

const open = (address = '/v2/cloud/3/devices') =>
  renderListPage(routes.devices.path, DevicesListPage, address);
const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
const bulkCalls = (requests: FakeRequest[]) =>
  requests
    .filter((request) => request.method === 'POST' && request.path.startsWith('/apiv2/cloud/3/devices/bulk/'))
    .map((request) => [request.path.split('/').at(-1), request.body]);

/** Answers each bulk call: a dry run counts `count` devices, the action itself reports them done. */
const bulkServer =
  (count: number, refuse?: number) =>
  (request: FakeRequest): Response | undefined => {
    if (request.method !== 'POST' || !request.path.startsWith('/apiv2/cloud/3/devices/bulk/'))
      return undefined;
    if (refuse)
      return jsonResponse(refuse, { message: 'You may not reboot 1 of these 2 devices. Nothing was done.' });
    const body = request.body as { dry_run?: boolean };
    return jsonResponse(body.dry_run ? 200 : 201, { count, task_id: body.dry_run ? null : 90, skipped: 0 });
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

describe('device list columns', () => {
  it('shows the columns the user chose, and saves a new choice', async () => {
    const server = installListServer(() => pageOf([device(11, 'Lobby AP')]), {
      other: (request) =>
        request.path === '/apiv2/user/list-columns/devices'
          ? jsonResponse(200, { columns: request.body ? (request.body as object) : ['name', 'status', 'ip'] })
          : undefined,
    });
    open();
    await settle();
    expect(headers()).toEqual(['', 'Name', 'Status', 'IP address', 'Actions']);
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('menu', { name: 'Columns shown' });
    expect(within(menu).getByRole('menuitemcheckbox', { name: 'Name' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    fireEvent.click(within(menu).getByRole('menuitemcheckbox', { name: 'Serial number' }));
    fireEvent.keyDown(menu, { key: 'Escape' });
    await settle();
    expect(headers()).toEqual(['', 'Name', 'Status', 'IP address', 'Serial number', 'Actions']);
    expect(
      server.requests.filter((request) => request.method === 'PUT').map((request) => request.body),
    ).toEqual([{ columns: ['name', 'status', 'ip', 'serial'] }]);
  });
});

describe('device list bulk actions', () => {
  it('reboots the chosen devices after a confirmation that says how many', async () => {
    const server = installListServer(
      () => pageOf([device(11, 'Lobby AP'), device(12, 'Dock AP'), device(13, 'Yard AP')]),
      {
        other: bulkServer(2),
      },
    );
    open();
    await settle();
    expect(screen.queryByRole('region', { name: 'Chosen devices' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lobby AP' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Yard AP' }));
    const bar = screen.getByRole('region', { name: 'Chosen devices' });
    expect(within(bar).getByRole('status')).toHaveTextContent('Devices selected: 2');
    fireEvent.click(within(bar).getByRole('button', { name: 'Reboot' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Reboot the chosen devices (2)?' });
    expect(bulkCalls(server.requests)).toEqual([
      ['reboot', { selection: { device_ids: [11, 13] }, dry_run: true }],
    ]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reboot' }));
    await settle();
    expect(bulkCalls(server.requests).at(-1)).toEqual([
      'reboot',
      { selection: { device_ids: [11, 13] }, expected_count: 2 },
    ]);
    expect(
      screen.getByText('Reboot started on devices: 2. The task tracker follows it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Chosen devices' })).not.toBeInTheDocument();
  });

  it('chooses all that match the filter, which the server resolves, and deletes only once confirmed', async () => {
    const server = installListServer(({ offset }) => pageOf(many(offset + 1, 50), 12_345), {
      other: bulkServer(12_345),
    });
    open('/v2/cloud/3/devices?type=wifi&search=lobby');
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    const bar = screen.getByRole('region', { name: 'Chosen devices' });
    expect(within(bar).getByRole('status')).toHaveTextContent('Devices selected: 50');
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all that match (12,345)' }));
    expect(within(bar).getByRole('status')).toHaveTextContent('All devices that match are selected: 12,345');
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await settle();
    const filter = { type: 'wifi', search: 'lobby' };
    expect(bulkCalls(server.requests)).toEqual([['delete', { selection: { filter }, dry_run: true }]]);
    const dialog = screen.getByRole('dialog', { name: 'Delete the chosen devices (12,345)?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await settle();
    expect(bulkCalls(server.requests)).toHaveLength(1);
    fireEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    await settle();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await settle();
    expect(bulkCalls(server.requests).at(-1)).toEqual([
      'delete',
      { selection: { filter }, expected_count: 12_345 },
    ]);
    expect(screen.getByText('Devices deleted: 12,345.')).toBeInTheDocument();
  });

  it('rolls a firmware version out to chosen devices of one family, with the batches asked for', async () => {
    const releases = [
      { version: '7.3.0-4105', released_at: '2026-11-02', notes: '' },
      { version: '7.2.1-4012', released_at: '2026-08-15', notes: '' },
    ];
    const server = installListServer(() => pageOf([device(11, 'Lobby AP'), device(12, 'Dock AP')]), {
      other: (request) =>
        request.path === '/apiv2/cloud/3/firmware'
          ? jsonResponse(200, { product_brand_id: 13, releases })
          : bulkServer(2)(request),
    });
    open();
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update firmware' }));
    await settle();
    const dialog = screen.getByRole('dialog', { name: 'Update the firmware of the chosen devices' });
    fireEvent.click(within(dialog).getByRole('radio', { name: '7.3.0-4105 (released 2026-11-02)' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: /^Rolling/ }));
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Batch size' }), {
      target: { value: '0' },
    });
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Batch size' }), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await settle();
    expect(bulkCalls(server.requests)).toEqual([
      [
        'firmware',
        {
          selection: { device_ids: [11, 12] },
          version: '7.3.0-4105',
          rolling: { canarySize: 1, batchSize: 25, failureThresholdPct: 10 },
          dry_run: true,
        },
      ],
    ]);
    expect(
      screen.getByRole('dialog', { name: 'Update the firmware of the chosen devices (2)?' }),
    ).toBeInTheDocument();
  });

  it('moves the chosen devices to the site picked in the dialog', async () => {
    const server = installListServer(() => pageOf([device(11, 'Lobby AP')]), { other: bulkServer(1) });
    open();
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Lobby AP' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move' }));
    await settle();
    const picker = screen.getByRole('dialog', { name: 'Move the chosen devices to another site' });
    fireEvent.mouseDown(within(picker).getByRole('combobox', { name: 'New site' }));
    await settle();
    fireEvent.click(screen.getByRole('option', { name: 'Depot' }));
    fireEvent.click(within(picker).getByRole('button', { name: 'Continue' }));
    await settle();
    expect(bulkCalls(server.requests)).toEqual([
      ['move', { selection: { device_ids: [11] }, site_id: 8, dry_run: true }],
    ]);
    expect(screen.getByRole('dialog', { name: 'Move the chosen devices (1)?' })).toBeInTheDocument();
  });

  it('says nothing was done when the caller may not act on every chosen device', async () => {
    const server = installListServer(() => pageOf([device(11, 'Lobby AP'), device(12, 'Dock AP')]), {
      other: bulkServer(0, 403),
    });
    open();
    await settle();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select every device on this page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reboot' }));
    await settle();
    expect(
      screen.getByText(
        'You may not do this on every one of these devices, so nothing was done. Choose only devices of sites where you may.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bulkCalls(server.requests)).toHaveLength(1);
  });

  it('offers the export of what matches, and to a guest neither selection, actions nor export', async () => {
    installListServer(() => pageOf([device(11, 'Lobby AP')]));
    open('/v2/cloud/3/devices?health=HEALTH_CRITICAL&sort=-name');
    await settle();
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(
      /^\/apiv2\/cloud\/3\/devices\/export\?health=HEALTH_CRITICAL&sort=-name&v=/,
    );
    resetPlatform();
    installListServer(() => pageOf([device(11, 'Lobby AP', { allowed_tasks: [] })]), { actions: [] });
    open();
    await settle();
    expect(screen.getByRole('link', { name: 'Lobby AP' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(headers()).toEqual([
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
  });
});
