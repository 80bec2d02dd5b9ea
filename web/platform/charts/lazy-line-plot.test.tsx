// @vitest-environment happy-dom
// A chart's drawing arrives after the page's content; when its code cannot be loaded, the chart says so,
// keeps its data table, and draws once trying again succeeds.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithPlatform, resetPlatform } from '../testing/render-platform.tsx';

const network = vi.hoisted(() => ({ up: false }));
vi.mock('./line-plot.tsx', () => {
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return { LinePlot: () => <svg data-testid="drawing" /> };
});

// The chart under test is imported afresh: test files share a module cache, and another file may already
// have loaded the drawing this one fails to load.
beforeAll(() => vi.resetModules());
afterEach(() => resetPlatform());

describe('a chart whose drawing cannot be loaded', () => {
  it('says so, keeps its data table, and draws when trying again succeeds', async () => {
    const { TimeSeriesChart } = await import('./time-series-chart.tsx');
    renderWithPlatform(
      <TimeSeriesChart
        title="Traffic"
        points={[{ at: '2026-11-25T10:00:00Z', rx: 1500 }]}
        series={[{ key: 'rx', label: 'Received' }]}
        format={(value) => `${value} B`}
        timeZone="UTC"
      />,
    );
    const section = screen.getByRole('region', { name: 'Traffic' });
    expect(
      await within(section).findByText('The chart could not be drawn. Its data table is below.'),
    ).toBeInTheDocument();
    fireEvent.click(within(section).getByRole('button', { name: 'Show data table' }));
    expect(within(section).getByRole('table', { name: 'Traffic' })).toBeInTheDocument();

    network.up = true;
    fireEvent.click(within(section).getByRole('button', { name: 'Try again' }));
    expect(await within(section).findByTestId('drawing')).toBeInTheDocument();
    expect(within(section).queryByText(/could not be drawn/)).toBeNull();
  });
});
