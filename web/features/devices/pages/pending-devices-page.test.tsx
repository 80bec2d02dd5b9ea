// @vitest-environment happy-dom
// Devices waiting in the cloud: paged from the server, with empty and failed states, adopted into a site
// with the serial number on their label or approved for the address they call from, under the cloud's
// onboarding key, copyable and rotatable.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { pageOf, renderListPage, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { PendingDevicesPage } from './pending-devices-page.tsx';

const device = (id: number, mac: string, fields: Partial<PendingDevice> = {}): PendingDevice => ({
  id,
  mac,
  product_brand_id: 13,
  product_name: 'Wi-Fi 6 Access Point 2x2 Indoor',
  fw: '7.2.0-3988',
  mgmtd_version: '2.4.1',
  calls: 3,
  first_seen_at: '2026-11-25T10:00:00Z',
  last_seen_at: '2026-11-26T07:00:00Z',
  state: 'unregistered',
  remote_address: '198.51.100.20',
  registration: null,
  approved_until: null,
  ...fields,
});

const KEY = '5f0c8e2a9b7d4c1e8a3f6b2d9e0c7a41';

function install(
  pending: (request: FakeRequest) => Response,
  action?: (request: FakeRequest) => Response,
  canRotate = true,
) {
  let key = KEY;
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/registration-sites')
      return jsonResponse(200, { sites: [{ id: 7, name: 'Harbour' }] });
    if (request.path === '/apiv2/cloud/3/onboarding-key')
      return jsonResponse(200, { onboarding_key: key, can_rotate: canRotate });
    if (request.path === '/apiv2/cloud/3/onboarding-key/rotate') {
      key = 'a'.repeat(32);
      return jsonResponse(200, { onboarding_key: key, can_rotate: true });
    }
    if (request.path === '/apiv2/cloud/3/pending-devices') return pending(request);
    if (request.path.startsWith('/apiv2/cloud/3/pending-devices/') && action) return action(request);
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = () =>
  renderListPage(routes.devicesPending.path, PendingDevicesPage, '/v2/cloud/3/devices/pending');

afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('pending devices page', () => {
  it('says when no device is waiting', async () => {
    install(() => jsonResponse(200, pageOf([])));
    open();
    expect(await screen.findByText('No devices are waiting to be adopted.')).toBeTruthy();
  });

  it('says when the list cannot be read, and reads it again on request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let failing = true;
    install(() =>
      failing
        ? jsonResponse(500, { message: 'boom', incidentId: 'x' })
        : jsonResponse(200, pageOf([device(5, '02:9a:00:00:00:01')])),
    );
    open();
    expect(await screen.findByText('The list could not be loaded.')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('02:9a:00:00:00:01')).toBeTruthy();
  });

  it('adopts a device into a site once the serial number on its label matches', async () => {
    setViewportWidth(1440);
    let adopted = false;
    const requests = install(
      () => jsonResponse(200, pageOf(adopted ? [] : [device(5, '02:9a:00:00:00:01')])),
      (request) => {
        if ((request.body as { sn: string }).sn !== 'PEND1') {
          return jsonResponse(400, {
            errors: [{ errorCode: 'serial_mismatch', location: 'body', path: '/sn', message: 'no' }],
          });
        }
        adopted = true;
        return jsonResponse(201, {
          id: 41,
          name: 'Depot AP',
          site_id: 7,
          sn: 'PEND1',
          mac: '02:9a:00:00:00:01',
          product_brand_id: 13,
          product_type: 'wifi',
        });
      },
    );
    open();
    const table = await screen.findByRole('table', { name: 'Pending devices' });
    expect(within(table).getByText('Wi-Fi 6 Access Point 2x2 Indoor')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Adopt 02:9a:00:00:00:01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adopt 02:9a:00:00:00:01' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Site' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Harbour' }));
    const serial = within(dialog).getByRole('textbox', { name: 'Serial number' });
    fireEvent.change(serial, { target: { value: 'WRONG1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    expect(
      await within(dialog).findByText('This is not the serial number the device reported.'),
    ).toBeTruthy();
    fireEvent.change(serial, { target: { value: 'PEND1' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: 'Depot AP' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt' }));
    expect(
      await screen.findByText(
        'Depot AP is adopted into Harbour. It gets its credential when it next calls home.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
      pending_id: 5,
      site_id: 7,
      sn: 'PEND1',
      name: 'Depot AP',
    });
    expect(await screen.findByText('No devices are waiting to be adopted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a registered device that called without the key, for the address shown', async () => {
    setViewportWidth(1440);
    let approved = false;
    const waiting = device(6, '02:9a:00:00:00:02', {
      state: 'awaiting_approval',
      remote_address: '192.0.2.50',
      registration: { id: 41, name: 'Depot AP', smart_nvr: false },
    });
    const requests = install(
      () =>
        jsonResponse(
          200,
          pageOf([
            approved ? { ...waiting, state: 'approved', approved_until: '2026-11-26T08:00:00Z' } : waiting,
          ]),
        ),
      () => {
        approved = true;
        return jsonResponse(200, { ...waiting, state: 'approved' });
      },
    );
    open();
    const table = await screen.findByRole('table', { name: 'Pending devices' });
    expect(within(table).getByText('Approval as Depot AP')).toBeTruthy();
    expect(within(table).getByText('192.0.2.50')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Adopt 02:9a:00:00:00:02' })).toBeNull();
    fireEvent.click(within(table).getByRole('button', { name: 'Approve 02:9a:00:00:00:02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Depot AP?' });
    expect(within(dialog).getByText(/from 192\.0\.2\.50/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'Depot AP is approved. It gets its credential when it next calls from 192.0.2.50.',
      ),
    ).toBeTruthy();
    expect(requests.filter((request) => request.method === 'POST').at(-1)).toMatchObject({
      path: '/apiv2/cloud/3/pending-devices/approve',
      body: { pending_id: 6, remote_address: '192.0.2.50' },
    });
    expect(await within(table).findByText('Its next call, approved as Depot AP')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Approve 02:9a:00:00:00:02' })).toBeNull();
  });

  it('says so when the device called from another address before the approval', async () => {
    const waiting = device(6, '02:9a:00:00:00:02', {
      state: 'awaiting_approval',
      remote_address: '192.0.2.50',
      registration: { id: 41, name: 'Depot AP', smart_nvr: false },
    });
    install(
      () => jsonResponse(200, pageOf([waiting])),
      () => jsonResponse(409, { message: 'moved' }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve 02:9a:00:00:00:02' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Depot AP?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText(
        'The device has called from another address since the list was read. Check the new address before you approve it.',
      ),
    ).toBeTruthy();
  });

  it('shows the onboarding key to copy, and rotates it after a confirmation', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const requests = install(() => jsonResponse(200, pageOf([])));
    open();
    const panel = await screen.findByRole('region', { name: 'Onboarding key' });
    const field = await within(panel).findByRole('textbox', { name: 'Onboarding key' });
    expect(field).toHaveProperty('value', KEY);
    fireEvent.click(within(panel).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(KEY));
    expect(await screen.findByText('The onboarding key is copied.')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Rotate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rotate the onboarding key?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rotate' }));
    expect(
      await screen.findByText('The onboarding key is replaced. The old one no longer works.'),
    ).toBeTruthy();
    await waitFor(() => expect(field).toHaveProperty('value', 'a'.repeat(32)));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/apiv2/cloud/3/onboarding-key/rotate',
    ]);
  });

  it('offers no rotation to those who may not rotate the key', async () => {
    install(() => jsonResponse(200, pageOf([])), undefined, false);
    open();
    const panel = await screen.findByRole('region', { name: 'Onboarding key' });
    await within(panel).findByRole('textbox', { name: 'Onboarding key' });
    expect(within(panel).queryByRole('button', { name: 'Rotate' })).toBeNull();
  });
});
