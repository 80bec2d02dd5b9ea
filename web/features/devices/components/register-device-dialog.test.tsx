// @vitest-environment happy-dom
// Registering one device from the device list: only for those who may register somewhere, with the
// fields checked before sending and the server's refusal shown beside its field.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { renderListPage } from '../../../test-utils/test-list-page.tsx';
import { RegistrationActions } from './registration-actions.tsx';

function Actions() {
  return <RegistrationActions cloudId={3} />;
}

const SITES = { sites: [{ id: 7, name: 'Harbour' }] };

function install(sites: object, register: (request: FakeRequest) => Response = () => jsonResponse(500, {})) {
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/registration-sites') return jsonResponse(200, sites);
    if (request.path === '/apiv2/cloud/3/devices' && request.method === 'POST') return register(request);
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = () => renderListPage(routes.devices.path, Actions, '/v2/cloud/3/devices');

async function fillIn(mac: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Register device' }));
  const dialog = await screen.findByRole('dialog', { name: 'Register a device' });
  const site = within(dialog).getByRole('combobox', { name: 'Site' });
  fireEvent.mouseDown(site);
  fireEvent.click(await screen.findByRole('option', { name: 'Harbour' }));
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Serial number' }), {
    target: { value: 'wa1000' },
  });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'MAC address' }), { target: { value: mac } });
  const model = within(dialog).getByRole('combobox', { name: 'Model' });
  fireEvent.change(model, { target: { value: 'AP-WIFI6-2x2-IN' } });
  fireEvent.click(await screen.findByRole('option', { name: /\(AP-WIFI6-2x2-IN\)/ }));
  return dialog;
}

afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('register device dialog', () => {
  it('is absent for someone who may register devices on no site', async () => {
    const requests = install({ sites: [] });
    open();
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: 'Register device' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Import from CSV' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pending devices' })).toBeNull();
  });

  it('checks the fields, sends the registration and says where the device went', async () => {
    const requests = install(SITES, () =>
      jsonResponse(201, {
        id: 40,
        name: 'AP-WIFI6-2x2-IN 0001',
        site_id: 7,
        sn: 'WA1000',
        mac: '02:4c:10:00:00:01',
        product_brand_id: 13,
        product_type: 'wifi',
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Register device' }));
    const empty = await screen.findByRole('dialog', { name: 'Register a device' });
    fireEvent.click(within(empty).getByRole('button', { name: 'Register' }));
    expect(await within(empty).findByText('Choose a site.')).toBeTruthy();
    expect(within(empty).getByText('Enter 4 to 40 letters, digits or dashes.')).toBeTruthy();
    expect(within(empty).getByText("Choose the device's model.")).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const dialog = await fillIn('02:4c:10:00:0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await within(dialog).findByText(
        'Enter a MAC address of 12 hexadecimal digits, for example 02:4c:10:00:00:01.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'MAC address' }), {
      target: { value: '02-4C-10-00-00-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText(
        'AP-WIFI6-2x2-IN 0001 is registered on Harbour. It is adopted when it calls home.',
      ),
    ).toBeTruthy();
    const posted = requests.find((request) => request.method === 'POST');
    expect(posted?.body).toEqual({
      site_id: 7,
      sn: 'wa1000',
      mac: '02-4C-10-00-00-01',
      product_brand_id: 13,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("chooses the site of a site's device list", async () => {
    install(SITES);
    renderListPage(routes.siteDevices.path, Actions, '/v2/cloud/3/site/7/devices');
    fireEvent.click(await screen.findByRole('button', { name: 'Register device' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a device' });
    expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveProperty('value', 'Harbour');
  });

  it("shows the server's refusal beside the field it names and keeps the dialog open", async () => {
    install(SITES, () =>
      jsonResponse(400, {
        errors: [
          {
            errorCode: 'duplicate',
            location: 'body',
            path: '/mac',
            message: 'A device with this MAC address is already registered.',
          },
        ],
      }),
    );
    open();
    const dialog = await fillIn('02:4c:10:00:00:01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register' }));
    const field = within(dialog).getByRole('textbox', { name: 'MAC address' });
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('A device with this MAC address is already registered.')).toBeTruthy();
  });
});
