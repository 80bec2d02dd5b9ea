// @vitest-environment happy-dom
// The Alerts button: how often it counts unviewed alerts, its badge, and the toast of a new alert.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetPlatform } from '../../../platform/testing/render-platform.tsx';
import { restoreFetch } from '../../../test-utils/fake-fetch.ts';
import {
  calls,
  fakeAlert,
  fakeAlertsData,
  installAlertsServer,
  renderAlerts,
} from '../testing/alerts-harness.tsx';

const TOTALS = '/apiv2/cloud/3/recent-alerts-totals';
const LIST = '/apiv2/cloud/3/recent-alerts';

/** Lets answers through the query cache, which batches its updates on a timer. */
const settle = () => act(() => vi.advanceTimersByTimeAsync(20));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  resetPlatform();
  restoreFetch();
});

describe('Alerts button count', () => {
  it('counts again every minute without push alerts', async () => {
    const requests = installAlertsServer(fakeAlertsData());
    renderAlerts({ pushAlerts: false });
    await settle();
    expect(calls(requests, 'GET', TOTALS)).toBe(1);
    await advance(60_000 - 21);
    expect(calls(requests, 'GET', TOTALS)).toBe(1);
    await advance(21);
    expect(calls(requests, 'GET', TOTALS)).toBe(2);
    await advance(60_000);
    expect(calls(requests, 'GET', TOTALS)).toBe(3);
  });

  it('counts again every 5 minutes with push alerts', async () => {
    const requests = installAlertsServer(fakeAlertsData());
    renderAlerts({ pushAlerts: true });
    await settle();
    expect(calls(requests, 'GET', TOTALS)).toBe(1);
    await advance(4 * 60_000);
    expect(calls(requests, 'GET', TOTALS)).toBe(1);
    await advance(60_000 - 20);
    expect(calls(requests, 'GET', TOTALS)).toBe(2);
  });

  it('shows 99 unviewed alerts as 99', async () => {
    installAlertsServer(fakeAlertsData({ notViewedTotal: 99 }));
    renderAlerts();
    await settle();
    const button = screen.getByRole('button', { name: 'Alerts, not viewed: 99' });
    expect(within(button).getByText('99')).toBeInTheDocument();
  });

  it("shows 100 unviewed alerts as '99+'", async () => {
    installAlertsServer(fakeAlertsData({ notViewedTotal: 100 }));
    renderAlerts();
    await settle();
    const button = screen.getByRole('button', { name: 'Alerts, not viewed: 100' });
    expect(within(button).getByText('99+')).toBeInTheDocument();
  });

  it('names no count without unviewed alerts', async () => {
    installAlertsServer(fakeAlertsData());
    renderAlerts();
    await settle();
    expect(screen.getByRole('button', { name: 'Alerts' })).toBeInTheDocument();
  });
});

describe('new alert toast', () => {
  it('says nothing about the alerts already there on the first count', async () => {
    const requests = installAlertsServer(
      fakeAlertsData({ notViewedTotal: 2, alerts: [fakeAlert(2), fakeAlert(1)] }),
    );
    renderAlerts();
    await settle();
    await advance(60_000);
    expect(screen.getByRole('button', { name: 'Alerts, not viewed: 2' })).toBeInTheDocument();
    expect(calls(requests, 'GET', LIST)).toBe(0);
    expect(screen.queryByText(/^New alert/)).not.toBeInTheDocument();
  });

  it("shows the newest alert's title for 3 s when the count grows", async () => {
    const data = fakeAlertsData({ notViewedTotal: 1, alerts: [fakeAlert(1)] });
    const requests = installAlertsServer(data);
    renderAlerts();
    await settle();
    data.alerts = [
      fakeAlert(2, { alert_type: 'FW_DOWNGRADED', health_id: 'HEALTH_WARNING' }, 0),
      ...data.alerts,
    ];
    data.notViewedTotal = 2;
    await advance(60_000);
    await settle();
    expect(calls(requests, 'GET', LIST)).toBe(1);
    expect(screen.getByText('New alert: Firmware downgraded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alerts, not viewed: 2' })).toBeInTheDocument();
    // The toast came within the 40 ms after the count at 60 s: still there at 62 999 ms...
    await advance(2_959);
    expect(screen.getByText('New alert: Firmware downgraded')).toBeInTheDocument();
    // ...and gone once its 3 s are up and the 195 ms exit transition has played.
    await advance(300);
    expect(screen.queryByText('New alert: Firmware downgraded')).not.toBeInTheDocument();
  });

  it('says nothing when the count falls', async () => {
    const data = fakeAlertsData({ notViewedTotal: 2, alerts: [fakeAlert(2), fakeAlert(1)] });
    installAlertsServer(data);
    renderAlerts();
    await settle();
    data.notViewedTotal = 1;
    await advance(60_000);
    await settle();
    expect(screen.getByRole('button', { name: 'Alerts, not viewed: 1' })).toBeInTheDocument();
    expect(screen.queryByText(/^New alert/)).not.toBeInTheDocument();
  });
});
