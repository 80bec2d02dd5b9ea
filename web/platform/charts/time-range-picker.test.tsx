// @vitest-environment happy-dom
// The time range of a page's charts: read from the address's `range` and written back to it, in place.
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test-utils/render-routes.tsx';
import { resetPlatform } from '../testing/render-platform.tsx';
import { TimeRangePicker, useTimeRange } from './time-range-picker.tsx';

afterEach(() => resetPlatform());

function RangePage() {
  const [range, setRange] = useTimeRange();
  return (
    <>
      <TimeRangePicker value={range} onChange={setRange} />
      <output>{range}</output>
    </>
  );
}

const open = (address: string) =>
  renderRoutes([{ path: '/site/:siteId/dashboard', Component: RangePage }], address);
const picker = () => screen.getByRole('group', { name: 'Time range' });

describe('time range picker', () => {
  it('offers the last 24 hours, 7 days and 30 days, and shows the range of the address', () => {
    open('/site/7/dashboard?range=7d');
    const buttons = within(picker()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['24 hours', '7 days', '30 days']);
    expect(within(picker()).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('7d');
  });

  it('falls back to 24 hours without a range or with an unknown one', () => {
    open('/site/7/dashboard?range=1y');
    expect(within(picker()).getByRole('button', { name: '24 hours' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('status')).toHaveTextContent('24h');
  });

  it('writes the chosen range into the address in place, keeping its other query and hash', async () => {
    const { router } = open('/site/7/dashboard?search=lobby#default');
    await act(async () => {
      fireEvent.click(within(picker()).getByRole('button', { name: '30 days' }));
    });
    expect(router.state.location.pathname).toBe('/site/7/dashboard');
    expect(new URLSearchParams(router.state.location.search).get('range')).toBe('30d');
    expect(new URLSearchParams(router.state.location.search).get('search')).toBe('lobby');
    expect(router.state.location.hash).toBe('#default');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(within(picker()).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('keeps the range when the chosen one is clicked again', async () => {
    const { router } = open('/site/7/dashboard?range=7d');
    await act(async () => {
      fireEvent.click(within(picker()).getByRole('button', { name: '7 days' }));
    });
    expect(router.state.location.search).toBe('?range=7d');
    expect(screen.getByRole('status')).toHaveTextContent('7d');
  });
});
