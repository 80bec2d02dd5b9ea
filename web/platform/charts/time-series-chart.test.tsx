// @vitest-environment happy-dom
// A chart of values over time with its data table as the text alternative, and its empty state.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';
import { TimeSeriesChart } from './time-series-chart.tsx';

afterEach(() => resetPlatform());

const points = [
  { at: '2026-11-25T10:00:00Z', rx: 1500, tx: 200 },
  { at: '2026-11-25T11:00:00Z', rx: null, tx: null },
  { at: '2026-11-25T12:00:00Z', rx: 2500, tx: 900 },
];
const series = [
  { key: 'rx', label: 'Received' },
  { key: 'tx', label: 'Sent' },
] as const;
const format = (value: number) => `${value} B`;

describe('time series chart', () => {
  it('is a titled section whose data table lists every plotted point, a missing value said so', () => {
    renderWithPlatform(
      <TimeSeriesChart title="Traffic" points={points} series={series} format={format} timeZone="UTC" />,
    );
    const section = screen.getByRole('region', { name: 'Traffic' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Traffic' })).toBeInTheDocument();
    expect(within(section).queryByRole('table')).toBeNull();

    const toggle = within(section).getByRole('button', { name: 'Show data table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide data table');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');

    const table = within(section).getByRole('table', { name: 'Traffic' });
    expect(within(screen.getByRole('region', { name: 'Data table: Traffic' })).getByRole('table')).toBe(
      table,
    );
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
      ['Time', 'Received', 'Sent'],
      ['Nov 25, 2026, 10:00 AM', '1500 B', '200 B'],
      ['Nov 25, 2026, 11:00 AM', 'No data', 'No data'],
      ['Nov 25, 2026, 12:00 PM', '2500 B', '900 B'],
    ]);

    fireEvent.click(toggle);
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('draws the chart once its drawing has loaded, in the place kept for it', async () => {
    renderWithPlatform(
      <TimeSeriesChart title="Traffic" points={points} series={series} format={format} timeZone="UTC" />,
    );
    const drawing = within(screen.getByRole('region', { name: 'Traffic' })).getByRole('img', {
      name: 'Traffic',
    });
    await waitFor(() => expect(drawing.querySelector('svg')).not.toBeNull());
  });

  it('shows the times in the time zone it is given', () => {
    renderWithPlatform(
      <TimeSeriesChart
        title="Traffic"
        points={points}
        series={series}
        format={format}
        timeZone="Asia/Tokyo"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    expect(screen.getByRole('rowheader', { name: 'Nov 25, 2026, 7:00 PM' })).toBeInTheDocument();
  });

  it('says there is no data when no point has a value, and offers no table', () => {
    renderWithPlatform(
      <TimeSeriesChart
        title="Power"
        points={[{ at: '2026-11-25T10:00:00Z', power: null }]}
        series={[{ key: 'power', label: 'Power' }]}
        format={format}
      />,
    );
    const section = screen.getByRole('region', { name: 'Power' });
    expect(within(section).getByText('No data for this time range.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Show data table' })).toBeNull();
  });

  it('says there is no data without any point', () => {
    renderWithPlatform(
      <TimeSeriesChart title="CPU" points={[]} series={[{ key: 'cpu', label: 'CPU' }]} format={format} />,
    );
    expect(screen.getByText('No data for this time range.')).toBeInTheDocument();
  });
});
