// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer Statistics > Networks: traffic as bit rates, and the weakest link's signal, SNR and capacity
// for the devices that have radio links.
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
import { NetworkStatisticsPage } from './network-statistics-page.tsx';

const open = () =>
  renderDevicePage('deviceNetworkStatistics', NetworkStatisticsPage, '/site/7/device/11/statistics/networks');

const table = (chart: string) => {
  const section = screen.getByRole('region', { name: chart });
  fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
  return rowTexts(within(section).getByRole('table', { name: chart }));
};

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

describe('network statistics page', () => {
  it('charts the traffic received and sent, and no link charts for a device without links', async () => {
    installDeviceServer('wifi', {
      metrics: () =>
        metricsOf([metricPoint('2026-11-25T10:00:00Z', { rx_rate: 12_500_000, tx_rate: 800_000 })]),
    });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'Network Statistics' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Traffic' });
    expect(table('Traffic').map((row) => row.slice(1))).toEqual([
      ['Received', 'Sent'],
      ['12.5 Mb/s', '800 kb/s'],
    ]);
    expect(screen.queryByRole('region', { name: 'Link capacity' })).toBeNull();
  });

  it("charts the weakest link's signal, signal-to-noise ratio and capacity when the device reports them", async () => {
    installDeviceServer('metrolinq', {
      metrics: () =>
        metricsOf([
          metricPoint('2026-11-25T10:00:00Z', {
            rx_rate: 1000,
            tx_rate: 1000,
            link_rssi: -58,
            link_snr: 31.5,
            link_capacity: 1800,
          }),
        ]),
    });
    open();
    await screen.findByRole('region', { name: 'Traffic' });
    expect(table('Link signal strength')[1]?.[1]).toBe('-58 dBm');
    expect(table('Link signal-to-noise ratio')[1]?.[1]).toBe('31.5 dB');
    expect(table('Link capacity')[1]?.[1]).toBe('1.8 Gb/s');
  });
});
