// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer Statistics > Wireless: clients, channel utilisation and noise for each band the device has.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  installDeviceServer,
  metricPoint,
  metricsOf,
  renderDevicePage,
  rowTexts,
} from '../test-statistics.tsx';
import { WirelessStatisticsPage } from './wireless-statistics-page.tsx';

const open = () =>
  renderDevicePage(
    'deviceWirelessStatistics',
    WirelessStatisticsPage,
    '/site/7/device/11/statistics/wireless',
  );

const table = (chart: string) => {
  const section = screen.getByRole('region', { name: chart });
  fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
  return rowTexts(within(section).getByRole('table', { name: chart }));
};

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

describe('wireless statistics page', () => {
  it('draws a line for each band the device reports, and none for the others', async () => {
    installDeviceServer('wifi', {
      metrics: () =>
        metricsOf([
          metricPoint('2026-11-25T10:00:00Z', {
            clients24: 3,
            clients5: 12,
            // Every heartbeat counts the clients of every band, radio or not.
            clients60: 0,
            util24: 31,
            util5: 12.5,
            noise24: -95,
            noise5: -101,
          }),
          metricPoint('2026-11-25T10:01:00Z', {
            clients24: 4,
            clients5: 10,
            clients60: 0,
            util24: 33,
            util5: 14,
          }),
        ]),
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Wireless Statistics' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Clients per band' });
    expect(
      table('Clients per band')
        .slice(0, 2)
        .map((row) => row.slice(1)),
    ).toEqual([
      ['2.4 GHz', '5 GHz'],
      ['3', '12'],
    ]);
    expect(table('Channel utilisation')[1]?.slice(1)).toEqual(['31%', '12.5%']);
    expect(table('Noise floor').map((row) => row.slice(1))).toEqual([
      ['2.4 GHz', '5 GHz'],
      ['-95 dBm', '-101 dBm'],
      ['No data', 'No data'],
    ]);
  });

  it('draws 6 GHz where the access point has a 6 GHz radio, and its retries', async () => {
    installDeviceServer('wifi', {
      metrics: () =>
        metricsOf(
          [
            metricPoint('2026-11-24T00:00:00Z', {
              clients24: 2,
              clients5: 9,
              clients6: 5.5,
              util24: 40,
              util5: 20,
              util6: 6,
              noise24: -95,
              noise5: -101,
              noise6: -104,
              retries: 7.5,
            }),
          ],
          '7d',
        ),
    });
    open();
    await screen.findByRole('region', { name: 'Clients per band' });
    expect(table('Clients per band').map((row) => row.slice(1))).toEqual([
      ['2.4 GHz', '5 GHz', '6 GHz'],
      ['2', '9', '5.5'],
    ]);
    expect(table('Noise floor')[1]?.slice(1)).toEqual(['-95 dBm', '-101 dBm', '-104 dBm']);
    expect(table('Retries')[1]?.[1]).toBe('7.5%');
  });

  it('says so in each chart when the device has no radios', async () => {
    installDeviceServer('switch', {
      metrics: () => metricsOf([metricPoint('2026-11-25T10:00:00Z', { cpu: 3 })]),
    });
    open();
    const clients = await screen.findByRole('region', { name: 'Clients per band' });
    expect(within(clients).getByText('No data for this time range.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show data table' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Retries' })).toBeNull();
  });
});
