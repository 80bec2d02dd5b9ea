// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer switch menu, Ports: every port of the last heartbeat, sortable by each column.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortReading } from '../../../../core/api/metrics.ts';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { installDeviceServer, renderDevicePage, rowTexts } from '../test-statistics.tsx';
import { PortsPage } from './ports-page.tsx';

const port = (n: number, fields: Partial<PortReading> = {}): PortReading => ({
  port: n,
  medium: 'copper',
  link: true,
  speed_mbps: 1000,
  poe_w: 0,
  errors: 0,
  rx_bytes: 0,
  tx_bytes: 0,
  ...fields,
});

const reading = {
  at: '2026-11-25T10:00:00.000Z',
  interval_s: 60,
  ports: [
    port(1, { poe_w: 12.5, rx_bytes: 7_500_000, tx_bytes: 750_000 }),
    port(2, { link: false, speed_mbps: 0 }),
    port(3, { medium: 'sfp', speed_mbps: 10_000, errors: 4, rx_bytes: 75_000_000 }),
  ],
};

const open = () => renderDevicePage('devicePorts', PortsPage, '/site/7/device/11/ports');
const portsTable = () => screen.getByRole('table', { name: 'Ports' });
const column = (index: number) => rowTexts(portsTable()).map((row) => row[index]);

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('ports page', () => {
  it('lists every port with its link, speed, PoE draw, errors and traffic as bit rates', async () => {
    installDeviceServer('switch', { ports: () => reading });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Ports' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Ports' });
    expect(rowTexts(portsTable())).toEqual([
      ['Port', 'Link', 'Speed', 'PoE draw', 'Errors', 'Received', 'Sent'],
      ['1', 'Up', '1 Gb/s', '12.5 W', '0', '1 Mb/s', '100 kb/s'],
      ['2', 'Down', 'No link', '0 W', '0', '0 bit/s', '0 bit/s'],
      // An SFP cage says so.
      ['3 (SFP)', 'Up', '10 Gb/s', '0 W', '4', '10 Mb/s', '0 bit/s'],
    ]);
    expect(screen.getByText('2 of 3 ports up · PoE 12.5 W')).toBeInTheDocument();
    expect(screen.getByText(/Traffic is the average over the 60 seconds before it\./)).toBeInTheDocument();
  });

  it('sorts by a column, the largest first, and the other way on a second click', async () => {
    installDeviceServer('switch', { ports: () => reading });
    open();
    await screen.findByRole('table', { name: 'Ports' });
    const header = (name: string) => within(portsTable()).getByRole('columnheader', { name });
    expect(header('Port')).toHaveAttribute('aria-sort', 'ascending');

    fireEvent.click(within(header('Errors')).getByRole('button'));
    expect(column(0)).toEqual(['Port', '3 (SFP)', '1', '2']);
    expect(header('Errors')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Port')).not.toHaveAttribute('aria-sort');

    fireEvent.click(within(header('Received')).getByRole('button'));
    expect(column(0)).toEqual(['Port', '3 (SFP)', '1', '2']);
    fireEvent.click(within(header('Received')).getByRole('button'));
    expect(column(0)).toEqual(['Port', '2', '1', '3 (SFP)']);

    fireEvent.click(within(header('Link')).getByRole('button'));
    expect(column(1)).toEqual(['Link', 'Up', 'Up', 'Down']);
  });

  it('shows bytes when the interval of the traffic is not known yet', async () => {
    installDeviceServer('switch', { ports: () => ({ ...reading, interval_s: null }) });
    open();
    await screen.findByRole('table', { name: 'Ports' });
    expect(column(5)).toEqual(['Received', '7.5 MB', '0 byte', '75 MB']);
    expect(screen.getByText(/Traffic is what passed since the heartbeat before it\./)).toBeInTheDocument();
  });

  it('says when the switch has not reported yet, and when a device has no ports', async () => {
    installDeviceServer('switch', { ports: () => ({ at: null, interval_s: null, ports: [] }) });
    const first = open();
    expect(await screen.findByRole('status')).toHaveTextContent('The device has not reported its ports yet.');
    first.unmount();
    installDeviceServer('wifi', { ports: () => ({ ...reading, ports: [] }) });
    open();
    expect(await screen.findByRole('status')).toHaveTextContent('This device reports no ports.');
  });

  it('shows that it is loading, and a failure with a way to try again', async () => {
    let fail = true;
    installDeviceServer('switch', { ports: () => (fail ? [500, { message: 'Boom' }] : reading) });
    open();
    expect(screen.getByRole('progressbar', { name: 'Loading statistics…' })).toBeInTheDocument();
    expect(await screen.findByText('The ports could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Ports' })).toBeInTheDocument();
  });
});
