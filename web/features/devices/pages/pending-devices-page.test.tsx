// @vitest-environment happy-dom
// Devices that called home unregistered: paged from the server, with empty and failed states, and adopted
// into a site with the serial number on their label.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PendingDevice } from '../../../../core/api/device-registration.ts';
import { routes } from '../../../../core/routes.ts';
import { pageOf, renderListPage, setViewportWidth } from '../../../platform/list-page/test-list-page.tsx';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { PendingDevicesPage } from './pending-devices-page.tsx';

const device = (id: number, mac: string): PendingDevice => ({
  id,
  mac,
  product_brand_id: 13,
  product_name: 'Wi-Fi 6 Access Point 2x2 Indoor',
  fw: '7.2.0-3988',
  mgmtd_version: '2.4.1',
  calls: 3,
  first_seen_at: '2026-11-25T10:00:00Z',
  last_seen_at: '2026-11-26T07:00:00Z',
});

function install(pending: (request: FakeRequest) => Response, adopt?: (request: FakeRequest) => Response) {
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/registration-sites')
      return jsonResponse(200, { sites: [{ id: 7, name: 'Harbour' }] });
    if (request.path === '/apiv2/cloud/3/pending-devices') return pending(request);
    if (request.path === '/apiv2/cloud/3/pending-devices/adopt' && adopt) return adopt(request);
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
      pendingId: 5,
      siteId: 7,
      sn: 'PEND1',
      name: 'Depot AP',
    });
    expect(await screen.findByText('No devices are waiting to be adopted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
