// @vitest-environment happy-dom
// Importing devices from a CSV file: the file goes to the server as text, and the report lists every row
// with what became of it; a file refused whole says why; who may register nowhere gets no upload.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportDevicesResponse } from '../../../../core/api/device-registration.ts';
import { routes } from '../../../../core/routes.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { installFakeFetch, jsonResponse, restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { renderListPage, setViewportWidth } from '../../../test-utils/test-list-page.tsx';
import { ImportDevicesPage } from './import-devices-page.tsx';

const CSV = 'serial,mac,model,site\nWA1,02:4c:10:00:00:01,AP-WIFI6-2x2-IN,Harbour\nWA2,bad,AP-NOPE,Harbour\n';

const REPORT: ImportDevicesResponse = {
  added: 1,
  refused: 1,
  rows: [
    {
      row: 1,
      name: 'AP-WIFI6-2x2-IN 0001',
      sn: 'WA1',
      mac: '02:4c:10:00:00:01',
      model: 'AP-WIFI6-2x2-IN',
      site: 'Harbour',
      status: 'added',
      reasons: [],
      device_id: 40,
    },
    {
      row: 2,
      name: '',
      sn: 'WA2',
      mac: 'bad',
      model: 'AP-NOPE',
      site: 'Harbour',
      status: 'refused',
      reasons: ['bad_mac', 'unknown_model'],
      device_id: null,
    },
  ],
};

function install(sites: object, answer: () => Response) {
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/registration-sites') return jsonResponse(200, sites);
    if (request.path === '/apiv2/cloud/3/devices/import') return answer();
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const open = () => renderListPage(routes.devicesImport.path, ImportDevicesPage, '/v2/cloud/3/devices/import');

async function upload(text: string) {
  await screen.findByRole('button', { name: 'Choose a CSV file and import' });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const file = new File([text], 'devices.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
}

afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('import devices page', () => {
  it('sends the file and reports every row: added, or refused with its reasons', async () => {
    setViewportWidth(1440);
    const requests = install({ sites: [{ id: 7, name: 'Harbour' }] }, () => jsonResponse(200, REPORT));
    open();
    expect(await screen.findByText(/Register up to 5000 devices at once/)).toBeTruthy();
    await upload(CSV);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Devices added: 1. Rows refused: 1.',
    );
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ csv: CSV });
    const table = screen.getByRole('table', { name: 'Import report' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0] as HTMLElement).getByText('Added')).toBeTruthy();
    expect(
      within(rows[1] as HTMLElement).getByText('Refused. Not a MAC address. Unknown model.'),
    ).toBeTruthy();
  });

  it('says why a file was refused whole', async () => {
    install({ sites: [{ id: 7, name: 'Harbour' }] }, () =>
      jsonResponse(400, {
        errors: [{ errorCode: 'missing_columns', location: 'body', path: '/csv', message: 'lacks site' }],
      }),
    );
    open();
    await upload('serial,mac\nWA1,02:4c:10:00:00:01\n');
    expect(
      await screen.findByText("The file's first line must name the columns serial, mac, model and site."),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers no upload to someone who may register devices nowhere', async () => {
    install({ sites: [] }, () => jsonResponse(500, {}));
    open();
    expect(
      await screen.findByText('Your role does not allow registering devices in this cloud.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Choose a CSV file and import')).toBeNull());
  });
});
