// @vitest-environment happy-dom
// "Create link" (docs/linqpath.md#creating-the-link): each end without a registered device asks its site,
// serial number and MAC address, registers the plan's model through the device registration call and places
// the device at the end's point; a refusal is shown beside the field of its end, and a second try registers
// only the end that failed.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LinqPathInputs } from '../../../../core/api/linqpath.ts';
import { renderWithPlatform, resetPlatform } from '../../../platform/testing/render-platform.tsx';
import {
  type FakeRequest,
  installFakeFetch,
  jsonResponse,
  restoreFetch,
} from '../../../test-utils/fake-fetch.ts';
import { CreateLinkDialog } from './create-link-dialog.tsx';

const end = (label: string, latitude: number, siteId: number | null, deviceId: number | null = null) => ({
  label,
  latitude,
  longitude: -122.4,
  height_m: 12,
  product_brand_id: 150,
  cable_loss_db: 0,
  device_id: deviceId,
  site_id: siteId,
});
const inputs = (
  a = end('Headquarters', 37.7937, 7),
  b = end('Pier rooftop', 37.7985, null),
): LinqPathInputs => ({
  kind: 'ptp',
  a,
  b,
  rain_zone: 'K',
  availability_percent: 99.99,
  polarization: 'horizontal',
  terrain: [],
});

const SITES = {
  sites: [
    { id: 7, name: 'Headquarters' },
    { id: 8, name: 'Harbour' },
  ],
};

function install(register: (request: FakeRequest, count: number) => Response) {
  let count = 0;
  return installFakeFetch((request) => {
    if (request.path === '/apiv2/cloud/3/registration-sites') return jsonResponse(200, SITES);
    if (request.path === '/apiv2/cloud/3/devices' && request.method === 'POST') {
      count += 1;
      return register(request, count);
    }
    const placed = /^\/apiv2\/cloud\/3\/devices\/(\d+)\/location$/.exec(request.path);
    if (placed && request.method === 'PUT')
      return jsonResponse(200, { id: Number(placed[1]), ...(request.body as object) });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const registered = (request: FakeRequest, id: number) => {
  const body = request.body as { site_id: number; sn: string; mac: string; name: string };
  return jsonResponse(201, {
    id,
    name: body.name,
    site_id: body.site_id,
    sn: body.sn,
    mac: body.mac,
    product_brand_id: 150,
    product_type: 'metrolinq',
  });
};

async function fill(group: HTMLElement, sn: string, mac: string) {
  fireEvent.change(within(group).getByRole('textbox', { name: 'Serial number' }), { target: { value: sn } });
  fireEvent.change(within(group).getByRole('textbox', { name: 'MAC address' }), { target: { value: mac } });
}

async function chooseSite(group: HTMLElement, name: string) {
  fireEvent.mouseDown(within(group).getByRole('combobox', { name: 'Site' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

describe('create link dialog', () => {
  it('registers both radios with the plan model into the chosen sites and places them at the ends', async () => {
    const requests = install((request, count) => registered(request, 40 + count));
    let closed = false;
    renderWithPlatform(<CreateLinkDialog cloudId={3} inputs={inputs()} onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create the link' });
    const a = within(dialog).getByRole('group', { name: 'End A: Headquarters' });
    const b = within(dialog).getByRole('group', { name: 'End B: Pier rooftop' });
    // End A was taken from a site: its radio goes there unless another is chosen.
    expect(within(a).getByRole('combobox', { name: 'Site' })).toHaveProperty('value', 'Headquarters');
    expect(within(b).getByRole('combobox', { name: 'Site' })).toHaveProperty('value', '');

    // Nothing is sent while a field is missing; each end says what it lacks.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the radios' }));
    expect(within(b).getByText('Choose a site.')).toBeTruthy();
    expect(within(a).getByText('Enter 4 to 40 letters, digits or dashes.')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await fill(a, 'ml60a001', '02:4c:10:00:60:01');
    await fill(b, 'ML60B001', '02:4c:10:00:60:02');
    await chooseSite(b, 'Harbour');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the radios' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(await screen.findByText(/Registered the radios of Headquarters and Pier rooftop\./)).toBeTruthy();

    const posts = requests.filter((request) => request.method === 'POST').map((request) => request.body);
    expect(posts).toEqual([
      { site_id: 7, sn: 'ml60a001', mac: '02:4c:10:00:60:01', product_brand_id: 150, name: 'Headquarters' },
      { site_id: 8, sn: 'ML60B001', mac: '02:4c:10:00:60:02', product_brand_id: 150, name: 'Pier rooftop' },
    ]);
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts.map((request) => [request.path, request.body])).toEqual([
      ['/apiv2/cloud/3/devices/41/location', { latitude: 37.7937, longitude: -122.4 }],
      ['/apiv2/cloud/3/devices/42/location', { latitude: 37.7985, longitude: -122.4 }],
    ]);
  });

  it("shows a refusal beside its end's field and registers only that end again", async () => {
    const requests = install((request, count) =>
      count === 2
        ? jsonResponse(400, {
            errors: [{ errorCode: 'duplicate', location: 'body', path: '/mac', message: 'taken' }],
          })
        : registered(request, 40 + count),
    );
    let closed = false;
    renderWithPlatform(<CreateLinkDialog cloudId={3} inputs={inputs()} onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Create the link' });
    const a = within(dialog).getByRole('group', { name: 'End A: Headquarters' });
    const b = within(dialog).getByRole('group', { name: 'End B: Pier rooftop' });
    await fill(a, 'ML60A001', '02:4c:10:00:60:01');
    await fill(b, 'ML60B001', '02:4c:10:00:60:01');
    await chooseSite(b, 'Harbour');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the radios' }));
    const mac = within(b).getByRole('textbox', { name: 'MAC address' });
    await waitFor(() => expect(mac.getAttribute('aria-invalid')).toBe('true'));
    expect(within(b).getByText('A device with this MAC address is already registered.')).toBeTruthy();
    expect(within(a).getByText('Headquarters is registered.')).toBeTruthy();
    expect(closed).toBe(false);

    fireEvent.change(mac, { target: { value: '02:4c:10:00:60:02' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the radios' }));
    await waitFor(() => expect(closed).toBe(true));
    const posts = requests
      .filter((request) => request.method === 'POST')
      .map((request) => (request.body as { sn: string }).sn);
    expect(posts).toEqual(['ML60A001', 'ML60B001', 'ML60B001']);
  });

  it('asks nothing for an end taken from a registered device', async () => {
    const requests = install((request, count) => registered(request, 40 + count));
    let closed = false;
    renderWithPlatform(
      <CreateLinkDialog
        cloudId={3}
        inputs={inputs(end('HQ radio', 37.7937, 7, 12), end('Pier rooftop', 37.7985, 8))}
        onClose={() => (closed = true)}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Create the link' });
    const a = within(dialog).getByRole('group', { name: 'End A: HQ radio' });
    expect(
      within(a).getByText('HQ radio is a registered device: nothing to register for this end.'),
    ).toBeTruthy();
    expect(within(a).queryByRole('textbox')).toBeNull();
    const b = within(dialog).getByRole('group', { name: 'End B: Pier rooftop' });
    await fill(b, 'ML60B001', '02:4c:10:00:60:02');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Register the radios' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1);
  });
});
