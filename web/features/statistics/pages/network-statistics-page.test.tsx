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

  it("charts a link's both ends, its MCS, its capacity against its throughput and its availability", async () => {
    installDeviceServer('metrolinq', {
      metrics: () =>
        metricsOf(
          [
            metricPoint('2026-11-24T00:00:00Z', {
              rx_rate: 300_000_000,
              tx_rate: 100_000_000,
              link_rssi: -58,
              link_remote_rssi: -60,
              link_snr: 31,
              link_remote_snr: 29.5,
              link_capacity: 1800,
              link_mcs: 9,
              link_availability: 99.5,
            }),
          ],
          '30d',
        ),
    });
    open();
    await screen.findByRole('region', { name: 'Traffic' });
    expect(table('Link signal strength').map((row) => row.slice(1))).toEqual([
      ['This end', 'Far end'],
      ['-58 dBm', '-60 dBm'],
    ]);
    expect(table('Link signal-to-noise ratio')[1]?.slice(1)).toEqual(['31 dB', '29.5 dB']);
    expect(table('Link capacity').map((row) => row.slice(1))).toEqual([
      ['Capacity', 'Throughput'],
      ['1.8 Gb/s', '400 Mb/s'],
    ]);
    expect(table('Modulation and coding (MCS)')[1]?.[1]).toBe('9');
    expect(table('Link availability')[1]?.[1]).toBe('99.5%');
    expect(screen.queryByRole('region', { name: 'WAN latency' })).toBeNull();
  });

  it("charts a gateway's WAN latency and loss, and a switch's port errors", async () => {
    installDeviceServer('gateway', {
      metrics: () =>
        metricsOf([
          metricPoint('2026-11-25T10:00:00Z', { rx_rate: 1, tx_rate: 1, wan_latency: 18.5, wan_loss: 0.4 }),
          metricPoint('2026-11-25T10:01:00Z', { rx_rate: 1, tx_rate: 1, error_rate: 1.5 }),
        ]),
    });
    open();
    await screen.findByRole('region', { name: 'Traffic' });
    expect(table('WAN latency')[1]?.[1]).toBe('18.5 ms');
    expect(table('WAN packet loss')[1]?.[1]).toBe('0.4%');
    expect(table('Port errors')[2]?.[1]).toBe('1.5');
    expect(screen.queryByRole('region', { name: 'Link signal strength' })).toBeNull();
  });
});
