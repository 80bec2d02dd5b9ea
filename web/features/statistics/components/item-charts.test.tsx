// @vitest-environment happy-dom
// docs/telemetry.md#per-item-series: the per-item charts of the Statistics pages, each with its data table: an
// access point's radios and SSIDs, a switch's chosen port and PoE draw per port against the budget, a
// gateway's WAN ports with its failovers listed.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import { NetworkStatisticsPage } from '../pages/network-statistics-page.tsx';
import { WirelessStatisticsPage } from '../pages/wireless-statistics-page.tsx';
import {
  installDeviceServer,
  itemMetricsOf,
  metricPoint,
  metricsOf,
  renderDevicePage,
  rowTexts,
} from '../test-statistics.tsx';
import { failoverMarkers } from './item-charts.tsx';

const AT = ['2026-11-25T09:00:00Z', '2026-11-25T10:00:00Z'];
const series = (key: string, values: Record<string, (number | null)[]>, name: string | null = null) => ({
  key,
  name,
  ...values,
});

const table = (chart: string) => {
  const section = screen.getByRole('region', { name: chart });
  fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
  return rowTexts(within(section).getByRole('table', { name: chart })).map((row) => row.slice(1));
};

const openNetworks = () =>
  renderDevicePage('deviceNetworkStatistics', NetworkStatisticsPage, '/site/7/device/11/statistics/networks');

afterEach(() => {
  resetPlatform();
  restoreFetch();
});

describe('per-item charts', () => {
  it("charts an access point's throughput and retries per radio, and its SSIDs", async () => {
    installDeviceServer('wifi', {
      metrics: () => metricsOf([metricPoint(AT[1] as string, { clients: 3 })]),
      itemMetrics: () =>
        itemMetricsOf(AT, {
          radio: [
            series('2.4', { rx_rate: [1_000_000, null], tx_rate: [500_000, null], retries: [4, null] }),
            series('6', { rx_rate: [20_000_000, 0], tx_rate: [5_000_000, 0], retries: [1.5, 2] }),
          ],
          ssid: [series('Office', { rx_rate: [8_000, 16_000], tx_rate: [0, 0], clients: [2, 3.5] })],
        }),
    });
    renderDevicePage(
      'deviceWirelessStatistics',
      WirelessStatisticsPage,
      '/site/7/device/11/statistics/wireless',
    );
    await screen.findByRole('region', { name: 'Throughput per radio' });
    expect(table('Throughput per radio')).toEqual([
      ['2.4 GHz', '6 GHz'],
      ['1.5 Mb/s', '25 Mb/s'],
      ['No data', '0 bit/s'],
    ]);
    expect(table('Retries per radio')[1]).toEqual(['4%', '1.5%']);
    expect(table('Throughput per SSID')).toEqual([['Office'], ['8 kb/s'], ['16 kb/s']]);
    expect(table('Clients per SSID')[2]).toEqual(['3.5']);
  });

  it('charts the busiest port first, another port when chosen, and PoE per port against the budget', async () => {
    installDeviceServer('switch', {
      metrics: () => metricsOf([metricPoint(AT[1] as string, { power: 30, power_budget: 370 })]),
      itemMetrics: () =>
        itemMetricsOf(AT, {
          port: [
            series('3', { rx_rate: [1000, 1000], tx_rate: [0, 0], error_rate: [0, 0], poe_w: [6.5, 7] }),
            series('24', {
              rx_rate: [900_000_000, 1e9],
              tx_rate: [1e8, 1e8],
              error_rate: [0.25, 0],
              poe_w: [0, 0],
            }),
            series('7', { rx_rate: [0, 0], tx_rate: [0, 0], error_rate: [0, 0], poe_w: [12, 11.5] }),
          ],
        }),
    });
    openNetworks();
    await screen.findByRole('region', { name: 'Throughput of port 24' });
    expect(table('Throughput of port 24')).toEqual([
      ['Received', 'Sent'],
      ['900 Mb/s', '100 Mb/s'],
      ['1 Gb/s', '100 Mb/s'],
    ]);
    expect(table('Errors of port 24')[1]).toEqual(['0.25']);
    // The ports that draw power, each its own part of the whole, and the budget it must stay within.
    expect(table('PoE draw per port')).toEqual([
      ['Port 3', 'Port 7', 'Power budget'],
      ['6.5 W', '12 W', '370 W'],
      ['7 W', '11.5 W', '370 W'],
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Port' }), { target: { value: '3' } });
    expect(await screen.findByRole('region', { name: 'Throughput of port 3' })).toBeInTheDocument();
    // The table stays open for the port chosen.
    const chosen = screen.getByRole('table', { name: 'Throughput of port 3' });
    expect(rowTexts(chosen)[1]?.slice(1)).toEqual(['1 kb/s', '0 bit/s']);
  });

  it("charts a gateway's WAN ports and lists its failovers, latest first", async () => {
    installDeviceServer('gateway', {
      metrics: () => metricsOf([metricPoint(AT[1] as string, { rx_rate: 1, tx_rate: 1 })]),
      itemMetrics: () =>
        itemMetricsOf(AT, {
          wan: [
            series('lte', {
              rx_rate: [0, 4_000_000],
              tx_rate: [0, 1_000_000],
              latency: [52, 48],
              loss: [0, 1.5],
            }),
            series('wan1', {
              rx_rate: [9_000_000, 0],
              tx_rate: [1_000_000, 0],
              latency: [12, null],
              loss: [0, null],
            }),
          ],
          failovers: [
            { at: '2026-11-25T09:40:00Z', from: 'wan1', to: 'lte' },
            { at: '2026-11-25T10:20:00Z', from: 'lte', to: 'wan1' },
          ],
        }),
    });
    openNetworks();
    await screen.findByRole('region', { name: 'Throughput per WAN' });
    expect(table('Throughput per WAN')).toEqual([
      ['lte', 'wan1'],
      ['0 bit/s', '10 Mb/s'],
      ['5 Mb/s', '0 bit/s'],
    ]);
    expect(table('Latency per WAN')[2]).toEqual(['48 ms', 'No data']);
    expect(table('Packet loss per WAN')[2]).toEqual(['1.5%', 'No data']);
    const failovers = screen.getByRole('table', { name: 'WAN failovers' });
    expect(rowTexts(failovers).map((row) => row.slice(1))).toEqual([
      ['From', 'To'],
      ['lte', 'wan1'],
      ['wan1', 'lte'],
    ]);
  });

  it('says when the per-item series could not be loaded, and draws no per-item chart for a device without items', async () => {
    installDeviceServer('switch', {
      metrics: () => metricsOf([metricPoint(AT[1] as string, { rx_rate: 1, tx_rate: 1 })]),
      itemMetrics: () => [500, { message: 'Internal error.' }],
    });
    openNetworks();
    expect(
      await screen.findByText('The per-port, per-radio and per-WAN statistics could not be loaded.'),
    ).toBeInTheDocument();
    restoreFetch();
    installDeviceServer('ptmp', {
      metrics: () => metricsOf([metricPoint(AT[1] as string, { rx_rate: 1, tx_rate: 1 })]),
      itemMetrics: () => itemMetricsOf(AT),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Traffic' });
    expect(await screen.findByRole('region', { name: 'Traffic' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Throughput per WAN' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Port' })).toBeNull();
  });

  it('marks one failover by where it went, and several in one hour or day by how many', () => {
    const failover = (at: string, to: string) => ({ at, from: to === 'lte' ? 'wan1' : 'lte', to });
    const markers = failoverMarkers(
      {
        at: AT,
        failovers: [
          failover('2026-11-25T09:40:00Z', 'lte'),
          failover('2026-11-25T10:05:00Z', 'lte'),
          failover('2026-11-25T10:20:00Z', 'wan1'),
        ],
      },
      (one) => `to ${one.to}`,
      (count) => `${count} failovers`,
    );
    expect(markers).toEqual([
      { at: '2026-11-25T09:40:00Z', label: 'to lte' },
      { at: '2026-11-25T10:05:00Z', label: '2 failovers' },
    ]);
  });
});
