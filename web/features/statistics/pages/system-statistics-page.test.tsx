// @vitest-environment happy-dom
// docs/navigation.md#navigation-drawer Statistics > System: CPU, memory, temperature in the user's units and power over the range of
// the address, with the loading, failed and empty states.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  installDeviceServer,
  metricPoint,
  metricsOf,
  meWithUnits,
  renderDevicePage,
  rowTexts,
} from '../test-statistics.tsx';
import { SystemStatisticsPage } from './system-statistics-page.tsx';

const ADDRESS = '/site/7/device/11/statistics/system';
const points = [
  metricPoint('2026-11-25T10:00:00Z', { cpu: 12, mem: 40, temp: 48, power: 9.5 }),
  metricPoint('2026-11-25T10:01:00Z', { cpu: 35.5, mem: 41, temp: 50, power: null }),
];

const open = (address = ADDRESS, units: 'METRIC' | 'IMPERIAL' = 'METRIC') =>
  renderDevicePage('deviceSystemStatistics', SystemStatisticsPage, address, meWithUnits(units));

const showTable = (chart: string) => {
  const section = screen.getByRole('region', { name: chart });
  fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
  return within(section).getByRole('table', { name: chart });
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  resetPlatform();
  restoreFetch();
  vi.restoreAllMocks();
});

describe('system statistics page', () => {
  it("charts the device's CPU, memory, temperature and power, each with its data table", async () => {
    const requests = installDeviceServer('wifi', { metrics: () => metricsOf(points) });
    open();
    expect(screen.getByRole('heading', { level: 1, name: 'System Statistics' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'CPU' })).toBeInTheDocument();
    for (const chart of ['Memory', 'Temperature', 'Power']) {
      expect(screen.getByRole('region', { name: chart })).toBeInTheDocument();
    }
    expect(requests.filter((r) => r.path.endsWith('/metrics')).map((r) => r.query.get('range'))).toEqual([
      '24h',
    ]);
    expect(rowTexts(showTable('CPU')).map((row) => row[1])).toEqual(['CPU load', '12%', '35.5%']);
    expect(rowTexts(showTable('Power')).map((row) => row[1])).toEqual(['Power drawn', '9.5 W', 'No data']);
    expect(rowTexts(showTable('Temperature')).map((row) => row[1])).toEqual(['Temperature', '48°C', '50°C']);
  });

  it("charts a PoE switch's power delivered against its budget", async () => {
    installDeviceServer('switch', {
      metrics: () =>
        metricsOf([
          metricPoint('2026-11-25T10:00:00Z', { cpu: 5, mem: 30, power: 148.5, power_budget: 370 }),
        ]),
    });
    open();
    await screen.findByRole('region', { name: 'CPU' });
    expect(rowTexts(showTable('Power')).map((row) => row.slice(1))).toEqual([
      ['Power drawn', 'Power budget'],
      ['148.5 W', '370 W'],
    ]);
  });

  it('shows temperatures in °F to a user of imperial units', async () => {
    installDeviceServer('wifi', { metrics: () => metricsOf(points) });
    open(ADDRESS, 'IMPERIAL');
    await screen.findByRole('region', { name: 'Temperature' });
    expect(rowTexts(showTable('Temperature')).map((row) => row[1])).toEqual([
      'Temperature',
      '118.4°F',
      '122°F',
    ]);
  });

  it('draws the range of the address, and another range when the user picks it', async () => {
    const requests = installDeviceServer('wifi', {
      metrics: (range) => metricsOf(range === '30d' ? [] : points, range === '30d' ? '30d' : '7d'),
    });
    const { router } = open(`${ADDRESS}?range=7d`);
    await screen.findByRole('region', { name: 'CPU' });
    const picker = screen.getByRole('group', { name: 'Time range' });
    expect(within(picker).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => {
      fireEvent.click(within(picker).getByRole('button', { name: '30 days' }));
    });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'The device sent no statistics in this time range.',
    );
    expect(router.state.location.search).toBe('?range=30d');
    expect(requests.filter((r) => r.path.endsWith('/metrics')).map((r) => r.query.get('range'))).toEqual([
      '7d',
      '30d',
    ]);
  });

  it('shows that it is loading, and a failure with a way to try again', async () => {
    let fail = true;
    installDeviceServer('wifi', {
      metrics: () => (fail ? [500, { message: 'Boom', incidentId: 'x1' }] : metricsOf(points)),
    });
    open();
    expect(screen.getByRole('progressbar', { name: 'Loading statistics…' })).toBeInTheDocument();
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'CPU' })).toBeInTheDocument();
    expect(screen.queryByText('The statistics could not be loaded.')).not.toBeInTheDocument();
  });
});
